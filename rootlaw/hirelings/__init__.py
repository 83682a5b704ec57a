"""The thirteen hireling cards (Appendix E; B.4.4, B.10.4), one module per card with
both its sides: the promoted side and the demoted one (A.6.2). Each registers its
sides' HirelingDefs (core/hired.py) and its steps; the shared procedures (A.6, E.1,
a hireling's move, battle and placing) are in core/hire.py."""
from rootlaw.hirelings import (  # noqa: F401  (registers every card)
    corvid_spies,
    flame_bearers,
    forest_patrol,
    furious_protector,
    highway_bandits,
    last_dynasty,
    popular_band,
    riverfolk_flotilla,
    spring_uprising,
    sunward_expedition,
    the_exile,
    vault_keepers,
    warm_sun_prophets,
)
