"""Faction modules. Importing this package registers every implemented faction."""
from rootlaw.factions import (
    alliance,
    borough_kings,
    corvids,
    duchy,
    eyrie,
    host_of_light,
    hundreds,
    keepers,
    lizards,
    marquise,
    riverfolk,
    spinners,
    vagabond,
    wyrm,
)

__all__ = ["alliance", "borough_kings", "corvids", "duchy", "eyrie", "host_of_light", "hundreds",
           "keepers", "lizards", "marquise",
           "riverfolk", "spinners",
           "vagabond", "wyrm"]
