"""Agents: anything that picks one of a decision's options from a seat's view."""
from rootlaw.agents.base import Agent, make_agent
from rootlaw.agents.random_agent import RandomAgent

__all__ = ["Agent", "RandomAgent", "make_agent"]
