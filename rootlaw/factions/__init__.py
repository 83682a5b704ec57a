"""Faction modules. Importing this package registers every implemented faction."""
from rootlaw.factions import alliance, eyrie, lizards, marquise, riverfolk, vagabond

__all__ = ["alliance", "eyrie", "lizards", "marquise", "riverfolk", "vagabond"]
