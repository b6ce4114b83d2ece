"""PettingZoo AEC env over the bridge (aec mode, one env per connection)."""
from __future__ import annotations

from typing import Any, Dict, Optional, Union

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ._common import env_name, fresh_seed, observation_box, rewards_option
from .client import DEFAULT_GAME, Batch, Client, Frame


class MerlinAECEnv(AECEnv):
    """A game of the bridge (``game``: ``"merlin"``, Merlin Economics, by default; any game the server lists in
    ``Client.games``) as a PettingZoo AEC env: agents ``player_0 … player_{n-1}``. ``metadata["name"]`` is the
    game's versioned name (``merlin_v0``, ``economicon_v0``). ``variant=None`` plays the game's default variant;
    ``players=None`` plays 4, or the nearest count the game allows.

    Observations are ``{"observation": float32 (D,), "action_mask": int8 (A,)}`` as in PettingZoo's classic
    envs (the mask is all zeros for an agent that is not selected). ``action_mask="info"``: observations are the
    float32 NumPy arrays themselves (a Box space) and ``infos[agent]["action_mask"]`` carries the mask, PettingZoo's
    other convention (its ``api_test`` then has no "Observation is not a NumPy array" to warn about: it knows only
    its own envs' dict observations). When the game ends every agent is
    terminated (or truncated, at the turn limit) and is then stepped with ``None``, which removes it
    (handled locally, no round trip). An illegal action raises ``IllegalActionError`` and changes nothing.
    ``reset(seed=s)`` plays the game seeded ``f"{s}/0"`` on the server.
    """

    metadata = {"render_modes": ["ansi"], "name": "merlin_v0", "is_parallelizable": False}

    def __init__(self, players: Optional[int] = None, variant: Optional[str] = None, rewards: Optional[Dict[str, Any]] = None,
                 render_mode: Optional[str] = None, url: Optional[str] = None, token: Optional[str] = None, client: Optional[Client] = None,
                 observation_encoding: str = "dense", game: str = DEFAULT_GAME, action_mask: str = "observation",
                 allow_agent_paths: bool = False):
        super().__init__()
        if action_mask not in ("observation", "info"):
            raise ValueError(f'action_mask must be "observation" or "info", got {action_mask!r}')
        self._mask_in_info = action_mask == "info"
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.metadata = {**type(self).metadata, "name": env_name(game)}
        self.render_mode = render_mode
        self._own_client = client is None
        self.client = client or Client(url, token, variant=variant, game=game, allow_agent_paths=allow_agent_paths)
        self.batch: Batch = self.client.create(mode="aec", num_envs=1, variant=variant, players=players, rewards=rewards_option(rewards),
                                              observation_encoding=observation_encoding, game=game)
        self.possible_agents = list(self.batch.agents)
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        spec = self.batch.spec
        # One space object per agent, built once (PettingZoo seeds and samples them per agent).
        self.observation_spaces = {
            a: observation_box(spec) if self._mask_in_info
            else spaces.Dict({"observation": observation_box(spec), "action_mask": spaces.Box(0, 1, (spec["num_actions"],), np.int8)})
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(spec["num_actions"]) for a in self.possible_agents}
        self._frame: Optional[Frame] = None
        self.agents = []

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        self._frame = self.batch.reset(fresh_seed() if seed is None else seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self._mark_done()
        self._select()
        self._fill_infos()

    def _select(self) -> None:
        p = int(self._frame.agent[0])
        self.agent_selection = self.possible_agents[p] if p >= 0 else (self.agents[0] if self.agents else "")

    def _mark_done(self) -> None:
        f = self._frame
        if f.terminated[0] or f.truncated[0]:
            flags = self.truncations if f.truncated[0] else self.terminations
            for a in self.agents:
                flags[a] = True

    def observe(self, agent: str) -> Union[np.ndarray, Dict[str, np.ndarray]]:
        s = self._seat[agent]
        if self._mask_in_info:
            return self._frame.observations[0, s]
        return {"observation": self._frame.observations[0, s], "action_mask": self._frame.masks[0, s]}

    def _fill_infos(self) -> None:
        """``infos[agent]["action_mask"]`` of every live agent (``action_mask="info"``)."""
        if self._mask_in_info:
            for a in self.agents:
                self.infos[a]["action_mask"] = self._frame.masks[0, self._seat[a]]

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._frame = self.batch.step([int(action)])
        self._cumulative_rewards[agent] = 0.0
        r = self._frame.rewards[0]
        for a in self.agents:
            self.rewards[a] = float(r[self._seat[a]])
        self._mark_done()
        self._select()
        self._fill_infos()
        self._accumulate_rewards()

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            return None
        return self.batch.render(0)

    def state_json(self) -> str:
        """The game state as the server serialises it (for the opponent service or replays)."""
        return self.batch.state(0)

    def close(self) -> None:
        try:
            self.batch.close()
        finally:
            if self._own_client:
                self.client.close()
