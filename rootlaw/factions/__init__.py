"""Faction modules. Importing this package registers every implemented faction."""
from rootlaw.factions import alliance, eyrie, marquise, vagabond

__all__ = ["alliance", "eyrie", "marquise", "vagabond"]
