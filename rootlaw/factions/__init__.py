"""Faction modules. Importing this package registers every implemented faction."""
from rootlaw.factions import alliance, eyrie, lizards, marquise, vagabond

__all__ = ["alliance", "eyrie", "lizards", "marquise", "vagabond"]
