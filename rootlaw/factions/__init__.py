"""Faction modules. Importing this package registers every implemented faction."""
from rootlaw.factions import eyrie, marquise

__all__ = ["eyrie", "marquise"]
