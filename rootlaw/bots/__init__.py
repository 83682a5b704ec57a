"""Rootbotics bots (Law of Rootbotics). Importing this package registers every
implemented bot as a faction: they take seats beside humans and agents."""
import rootlaw.bots.automated_alliance  # noqa: F401
import rootlaw.bots.electric_eyrie  # noqa: F401
import rootlaw.bots.mechanical_marquise  # noqa: F401
import rootlaw.bots.vagabot  # noqa: F401
from rootlaw.bots import base

__all__ = ["base"]
