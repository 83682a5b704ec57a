"""Reinforcement learning: a PettingZoo AEC environment over the engine (``rl.env``),
with a stable action encoding and a fixed-length observation (docs/rl.md).

Needs the ``rl`` extra: ``pip install -e ".[rl]"``.
"""
from rootlaw.rl.encoding import ActionEncoding, ObservationEncoding
from rootlaw.rl.env import RootEnv, env

__all__ = ["ActionEncoding", "ObservationEncoding", "RootEnv", "env"]
