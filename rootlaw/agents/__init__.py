"""Agents: anything that picks one of a decision's options from a seat's view (and a
sampler of determinized games). See docs/agents.md."""
from rootlaw.agents.base import Agent, decide, make_agent
from rootlaw.agents.heuristic import HeuristicAgent
from rootlaw.agents.mcts import MCTSAgent
from rootlaw.agents.random_agent import RandomAgent

__all__ = ["Agent", "HeuristicAgent", "MCTSAgent", "RandomAgent", "decide", "make_agent"]
