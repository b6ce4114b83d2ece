"""Gymnasium VectorEnv over the bridge: N single-agent envs on one connection, one message per batch step."""
from __future__ import annotations

from typing import Any, Dict, Optional, Sequence, Tuple, Union

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from ._common import observation_box, rewards_option
from .client import DEFAULT_GAME, Batch, Client, Frame


class MerlinVectorEnv(VectorEnv):
    """N envs of ``game`` (``"merlin"`` by default; any game the server lists in ``Client.games``) under
    ``variant`` (``None``: the game's default) stepped together on the server (one binary request and one
    response per step). ``players=None`` plays 4, or the nearest count the game allows.

    Arrays returned are zero-copy numpy views over the received frame (a fresh buffer per step, so they
    stay valid). ``autoreset="next_step"`` (default, Gymnasium's default): the step after an episode ends
    resets that env (its action is ignored). ``"same_step"``: the env is reset in the step that ended it;
    ``infos["final_obs"]`` / ``infos["_final_obs"]`` carry the final observations.
    ``metadata["autoreset_mode"]`` is Gymnasium's ``AutoresetMode`` of ``autoreset`` (the class declares NEXT_STEP).
    ``infos["action_mask"]`` and ``action_masks()`` (for sb3-contrib) are the same (N, A) int8 masks.
    ``allow_agent_paths=True`` starts the local server (no ``url``) so that opponents may name files
    (``opponents=["ppo:runs/latest"]``). ``gymnasium.make_vec("merlin_gym/Merlin-v0", num_envs=N)`` makes one.
    Env i's episode k is seeded ``f"{seed}/{i}/{k}"`` on the server, as env/core's VectorEnv does.
    ``observation_encoding="sparse"`` (default) sends only the non-zero observation values over the wire
    (observations are 1-2% non-zero) and decodes them into dense arrays here; ``"dense"`` sends every float.
    """

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP}

    def __init__(self, num_envs: int, players: Optional[int] = None, opponents: Sequence[str] = ("random",), variant: Optional[str] = None,
                 learner_seat: Union[int, str] = "random", illegal: str = "error", illegal_penalty: float = 0.01,
                 rewards: Optional[Dict[str, Any]] = None, autoreset: str = "next_step",
                 url: Optional[str] = None, token: Optional[str] = None, client: Optional[Client] = None,
                 observation_encoding: str = "sparse", game: str = DEFAULT_GAME, allow_agent_paths: bool = False):
        self._own_client = client is None
        self.client = client or Client(url, token, variant=variant, game=game, allow_agent_paths=allow_agent_paths)
        self.batch: Batch = self.client.create(
            mode="single", num_envs=num_envs, variant=variant, players=players, opponents=list(opponents), learner_seat=learner_seat,
            illegal=illegal, illegal_penalty=illegal_penalty, rewards=rewards_option(rewards), autoreset=autoreset,
            observation_encoding=observation_encoding, game=game,
        )
        self.num_envs = num_envs
        spec = self.batch.spec
        self.single_observation_space = observation_box(spec)
        self.single_action_space = spaces.Discrete(spec["num_actions"])
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.metadata = {"autoreset_mode": AutoresetMode.SAME_STEP if autoreset == "same_step" else AutoresetMode.NEXT_STEP}
        self._all = np.ones(num_envs, dtype=bool)
        self._frame: Optional[Frame] = None

    def _infos(self, f: Frame) -> Dict[str, Any]:
        infos: Dict[str, Any] = {"action_mask": f.masks, "_action_mask": self._all, "seat": f.agent, "_seat": self._all}
        if f.illegal.any():
            infos["illegal_action"] = f.illegal
            infos["_illegal_action"] = self._all
        if len(f.final_index):
            final = np.empty(self.num_envs, dtype=object)
            mark = np.zeros(self.num_envs, dtype=bool)
            for k, i in enumerate(f.final_index):
                final[i] = f.final_observations[k]
                mark[i] = True
            infos["final_obs"] = final
            infos["_final_obs"] = mark
        return infos

    def reset(self, *, seed: Optional[Union[int, Sequence[int]]] = None, options: Optional[dict] = None):
        if seed is not None and not isinstance(seed, (int, np.integer, str)):
            seed = list(seed)[0]  # one base seed: env i gets f"{seed}/{i}/{k}"
        super().reset(seed=seed if isinstance(seed, (int, np.integer)) or seed is None else None)
        base = seed if seed is not None else int(self.np_random.integers(0, 2**62))
        self._frame = self.batch.reset(base if isinstance(base, str) else int(base))
        return self._frame.observations, self._infos(self._frame)

    def step(self, actions) -> Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, Dict[str, Any]]:
        f = self.batch.step(np.asarray(actions, dtype=np.int32))
        self._frame = f
        return f.observations, f.rewards, f.terminated, f.truncated, self._infos(f)

    def action_masks(self) -> np.ndarray:
        """(N, A) int8: the legal actions of every env now (``infos["action_mask"]``)."""
        return self._frame.masks

    def close_extras(self, **kwargs: Any) -> None:
        # Gymnasium's VectorEnv.__del__ closes an env whose __init__ raised too: close only what was made.
        batch = getattr(self, "batch", None)
        try:
            if batch is not None:
                batch.close()
        finally:
            if getattr(self, "_own_client", False) and hasattr(self, "client"):
                self.client.close()
