"""A PettingZoo AEC environment over the rootlaw engine.

    from rootlaw import rl
    env = rl.env(factions=["marquise", "electric_eyrie", "automated_alliance", "vagabot"])
    env.reset(seed=1)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else \\
            env.action_space(agent).sample(obs["action_mask"])
        env.step(action)

The agents are the seats that take decisions (faction ids; Rootbotics bots play inside
the engine and are not agents). The agent to act is the seat of the pending decision,
which is not always the seat whose turn it is (ambushes, hits, Outrage...). Each
observation is ``{"observation": float32 vector of the seat's view, "action_mask": int8
vector over the action space}``; the action space is one ``Discrete`` of the stable
encoding (``rootlaw.rl.encoding``; docs/rl.md). ``info`` holds the legal options and
their labels.

Rewards: at the end, +1 for each winner and -1 for every other agent (``reward="win"``,
the default); ``reward="vp"`` also pays each agent its VP changes as they happen (1/30
per VP). A game still running after ``max_turns`` faction turns is truncated.
"""
from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv

import rootlaw
from rootlaw.core.game import Game
from rootlaw.core.options import label
from rootlaw.rl.encoding import ActionEncoding, ObservationEncoding


def env(factions: list[str] | None = None, map: str = "fall", deck: str = "standard",
        seed: int | None = None, **kwargs: Any) -> RootEnv:
    """The environment (see the module's docstring); ``kwargs`` go to ``RootEnv``."""
    return RootEnv(factions or ["marquise", "eyrie"], map=map, deck=deck, seed=seed, **kwargs)


class RootEnv(AECEnv):
    metadata = {"name": "rootlaw_v0", "render_modes": ["ansi", "human"],
                "is_parallelizable": False}

    def __init__(self, factions: list[str], map: str = "fall", deck: str = "standard",
                 seed: int | None = None, bots: dict[str, Any] | None = None,
                 reward: str = "win", max_turns: int = 400,
                 render_mode: str | None = None) -> None:
        super().__init__()
        if reward not in ("win", "vp"):
            raise ValueError("reward must be 'win' or 'vp'")
        self.factions = list(factions)
        self.map = map
        self.deck = deck
        self.bots = dict(bots or {})
        self.reward_kind = reward
        self.max_turns = max_turns
        self.render_mode = render_mode
        self._seed = seed
        self._resets = 0
        probe = rootlaw.new_game(factions=self.factions, map=map, deck=deck, seed=0, **self.bots)
        self.actions = ActionEncoding(self.factions, map, deck, self.bots)
        self.observer = ObservationEncoding(probe, self.actions.kinds)
        self.possible_agents = [f for f, fd in zip(probe.factions, probe.fdefs, strict=True)
                                if not fd.is_bot]
        obs_space = gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(0.0, ObservationEncoding.HIGH,
                                                (self.observer.size,), np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (self.actions.size,), np.int8),
        })
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: gymnasium.spaces.Discrete(self.actions.size)
                              for a in self.possible_agents}
        self.game: Game | None = None
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> gymnasium.spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ AEC
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is None:
            seed = (self._seed if self._seed is not None else 0) + self._resets
        self._resets += 1
        self.game = rootlaw.new_game(factions=self.factions, map=self.map, deck=self.deck,
                                     seed=int(seed), **self.bots)
        g = self.game
        self.agents = [f for f, fd in zip(g.factions, g.fdefs, strict=True) if not fd.is_bot]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._vp = list(g.vp)
        self._legal: dict[int, Any] = {}
        self._settle()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        g = self.game
        assert g is not None
        view = g.view(agent)
        d = g.decision
        if d is not None and d.seat == agent and not self._done(agent):
            mask = self.actions.mask(d.options)
        else:
            mask = np.zeros(self.actions.size, dtype=np.int8)
        return {"observation": self.observer.encode(view), "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self._done(agent):
            self._was_dead_step(action)
            return
        g = self.game
        assert g is not None
        self._cumulative_rewards[agent] = 0.0
        option = self._legal.get(int(action))
        if option is None:
            raise ValueError(f"action {action} is not legal for {agent} now "
                             f"(see the action_mask)")
        g.apply(option)
        self._clear_rewards()
        if self.reward_kind == "vp":
            for a in self.agents:
                s = g.seat_of(a)
                self.rewards[a] += (g.vp[s] - self._vp[s]) / 30.0
        self._vp = list(g.vp)
        self._settle()
        self._accumulate_rewards()

    def _settle(self) -> None:
        """After a change: end the game or pick the agent to act, with its info."""
        g = self.game
        assert g is not None
        if g.is_over or g.turn_no > self.max_turns:
            over = g.is_over
            for a in self.agents:
                if over:
                    self.rewards[a] += 1.0 if a in g.winners else -1.0
                    self.terminations[a] = True
                else:
                    self.truncations[a] = True
                self.infos[a] = {"winners": list(g.winners), "scores": g.scores}
            self._legal = {}
            self.agent_selection = self.agents[0]
            return
        d = g.decision
        assert d is not None
        self._legal = self.actions.legal(d.options)
        self.agent_selection = d.seat
        for a in self.agents:
            self.infos[a] = {}
        self.infos[d.seat] = {"options": list(d.options), "labels": [label(o) for o in d.options],
                              "kind": d.kind}

    def _done(self, agent: str) -> bool:
        return self.terminations.get(agent, False) or self.truncations.get(agent, False)

    def render(self) -> str | None:
        from rootlaw.tui import render

        if self.game is None:
            return None
        text = render(self.game.view(None))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.game = None
