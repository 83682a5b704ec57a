"""Faction modules. Importing this package registers every implemented faction."""
from rootlaw.factions import (
    alliance,
    corvids,
    duchy,
    eyrie,
    hundreds,
    keepers,
    lizards,
    marquise,
    riverfolk,
    spinners,
    vagabond,
    wyrm,
)

__all__ = ["alliance", "corvids", "duchy", "eyrie", "hundreds", "keepers", "lizards", "marquise",
           "riverfolk", "spinners",
           "vagabond", "wyrm"]
