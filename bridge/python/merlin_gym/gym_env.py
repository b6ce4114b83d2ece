"""Gymnasium env over the bridge: one learning seat, the other seats played by server-side agents."""
from __future__ import annotations

from typing import Any, Dict, Optional, Sequence, Tuple, Union

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ._common import observation_box, rewards_option
from .client import DEFAULT_GAME, Batch, Client, Frame, MerlinError


class MerlinEnv(gym.Env):
    """A game of the bridge for one learner (Gymnasium): ``game`` (``"merlin"``, Merlin Economics, by default;
    any game the server lists in ``Client.games``) under ``variant`` (``None``: the game's default). Registered as
    ``merlin_gym/Merlin-v0`` and ``merlin_gym/Economicon-v0`` (``merlin_gym.GYM_IDS``). ``players=None`` plays 4,
    or the nearest count the game allows.

    ``opponents``: agent specs for the other seats (seat i plays ``opponents[i % len]``; any agent in the
    server's registry: ``random``, ``heuristic``, ``mcts:200``, ``ppo:PATH`` as they are built).
    ``learner_seat``: a seat, ``"random"`` (drawn per episode from the seed) or ``"all"`` (self-play).
    ``info["action_mask"]`` and ``action_masks()`` (for sb3-contrib's MaskablePPO) are the same int8 mask (1 = legal),
    the dtype ``action_space.sample(mask=...)`` takes. ``allow_agent_paths=True`` starts the local server (no
    ``url``) so that opponents may name files: ``opponents=["ppo:runs/latest"]``.
    ``illegal="error"`` (default) raises ``IllegalActionError`` for an illegal action and changes nothing;
    ``illegal="noop"`` makes it a no-op rewarded ``-illegal_penalty`` with ``info["illegal_action"] = True``
    (so Gymnasium's ``check_env``, which samples unmasked actions, passes).
    ``reset(seed=s)`` plays the episode seeded ``f"{s}/0/0"`` on the server; without a seed the next one
    comes from ``self.np_random``.
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, players: Optional[int] = None, opponents: Sequence[str] = ("random",), variant: Optional[str] = None,
                 learner_seat: Union[int, str] = "random", illegal: str = "error", illegal_penalty: float = 0.01,
                 rewards: Optional[Dict[str, Any]] = None, render_mode: Optional[str] = None,
                 url: Optional[str] = None, token: Optional[str] = None, client: Optional[Client] = None,
                 observation_encoding: str = "dense", game: str = DEFAULT_GAME, allow_agent_paths: bool = False):
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self._own_client = client is None
        self.client = client or Client(url, token, variant=variant, game=game, allow_agent_paths=allow_agent_paths)
        self.batch: Batch = self.client.create(
            mode="single", num_envs=1, variant=variant, players=players, opponents=list(opponents), learner_seat=learner_seat,
            illegal=illegal, illegal_penalty=illegal_penalty, rewards=rewards_option(rewards), observation_encoding=observation_encoding,
            game=game,
        )
        spec = self.batch.spec
        self.observation_space = observation_box(spec)
        self.action_space = spaces.Discrete(spec["num_actions"])
        self._frame: Optional[Frame] = None
        self._done = True

    def _info(self, f: Frame) -> Dict[str, Any]:
        info: Dict[str, Any] = {"action_mask": f.masks[0], "seat": int(f.agent[0])}
        if f.illegal[0]:
            info["illegal_action"] = True
        return info

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None) -> Tuple[np.ndarray, Dict[str, Any]]:
        super().reset(seed=seed)
        server_seed = seed if seed is not None else int(self.np_random.integers(0, 2**62))
        self._frame = self.batch.reset(server_seed)
        self._done = False
        return self._frame.observations[0], self._info(self._frame)

    def step(self, action) -> Tuple[np.ndarray, float, bool, bool, Dict[str, Any]]:
        if self._done:
            raise MerlinError("GAME_OVER", "the episode is over (or was never started): call reset()")
        f = self.batch.step([int(action)])
        self._frame = f
        terminated, truncated = bool(f.terminated[0]), bool(f.truncated[0])
        self._done = terminated or truncated
        return f.observations[0], float(f.rewards[0]), terminated, truncated, self._info(f)

    def action_masks(self) -> np.ndarray:
        """The legal actions now: ``info["action_mask"]``, int8 (sb3-contrib's MaskablePPO calls this)."""
        if self._frame is None:
            return np.ones(self.action_space.n, dtype=np.int8)
        return self._frame.masks[0]

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            return None
        return self.batch.render(0)

    def describe_action(self, action: int) -> str:
        return self.batch.describe_action(action, 0)

    def close(self) -> None:
        if getattr(self, "batch", None) is None:
            return
        try:
            self.batch.close()
        finally:
            self.batch = None
            if self._own_client:
                self.client.close()
