"""Ray RLlib (new API stack) support: a turn-based ``MultiAgentEnv`` over the bridge, an action-masking PPO
config, and a win-rate evaluation against the server's agents. Needs ``pip install "merlin_gym[rllib]"``.

    from merlin_gym.rllib import MerlinMultiAgentEnv, ppo_config
    config = ppo_config(env_config={"players": 2, "urls": ["ws://10.0.0.5:8765"], "token": "T"}, num_env_runners=4)
    algo = config.build_algo()
    algo.train()

Sizes (observation length D, action count A) are read from the server's spec, never assumed.
"""
from __future__ import annotations

import logging
from typing import Any, Dict, List, Optional, Sequence, Tuple

import gymnasium as gym
import numpy as np
from gymnasium import spaces

try:
    from ray.rllib.env.multi_agent_env import MultiAgentEnv
except ImportError as e:  # pragma: no cover - exercised only without ray
    raise ImportError("merlin_gym.rllib needs Ray RLlib and torch: pip install 'merlin_gym[rllib]'") from e

from ._common import observation_box, rewards_option
from .client import DEFAULT_GAME, Batch, Client, Frame, MerlinError, default_players
from .cluster import ServerLostError, connect, normalize_urls, pick_url

__all__ = ["MerlinMultiAgentEnv", "ppo_config", "masked_module_spec", "evaluate_win_rate", "ENV_CONFIG_KEYS"]

log = logging.getLogger("merlin_gym.rllib")

#: The keys ``MerlinMultiAgentEnv`` accepts in its config (an unknown key is a ``ValueError``).
ENV_CONFIG_KEYS = ("players", "game", "variant", "opponents", "learner_seat", "rewards", "urls", "token", "timeout")


class MerlinMultiAgentEnv(MultiAgentEnv):
    """A game of the bridge (Merlin Economics by default) as an RLlib ``MultiAgentEnv`` (turn-based, new API stack).

    Agents are ``player_0 … player_{P-1}``. Each observation dict holds only the agent to act, as
    ``{"observations": float32 (D,), "action_mask": float32 (A,) of 0/1}``, the layout RLlib's
    ``ActionMaskingTorchRLModule`` example expects. Rewards are given to every seat at every step (RLlib
    credits a seat's rewards to its next action); ``terminateds["__all__"]`` / ``truncateds["__all__"]`` end
    the episode, and the last step carries every seat's final observation.

    ``config`` (a dict or RLlib's ``EnvContext``):

    - ``game`` (``"merlin"``; any game the server lists in ``Client.games``), ``players`` (2, or the nearest
      count the game allows), ``variant`` (the game's default variant), ``rewards`` (the bridge's reward options, e.g.
      ``{"shaped": True, "shaped_scale": 100}``).
    - ``opponents``: ``None`` (default) is self-play: every seat is an RLlib agent (bridge ``aec`` mode).
      A list of agent specs (``["random"]``, ``["heuristic"]``, ``["mcts:50"]``, ``["ppo:PATH"]``) plays
      the other seats on the server; then only the learner's seat (``learner_seat``: ``"random"``, drawn
      per episode, or a seat number) appears in the dicts (bridge ``single`` mode).
    - ``urls``: ``None`` starts (once per process) a local ``merlin serve``; a list of ``ws://`` URLs
      (or a comma-separated string) gives env runner k the server ``urls[(k - 1) % len(urls)]``
      (``cluster.pick_url``), falling over to the next reachable one when that is down; ``token``
      for servers started with ``--token``; ``timeout`` (60 s) per connection attempt and reply.

    ``reset(seed=s)`` plays the game the bridge seeds ``f"{s}/0"`` (self-play) or ``f"{s}/0/0"``
    (opponents); ``reset()`` without a seed takes the next seed from a generator seeded by the last
    explicit seed, so an RLlib run with ``config.debugging(seed=...)`` replays the same games.

    Errors: ``ValueError`` for a bad config or an action dict without exactly the agent to act;
    ``merlin_gym.IllegalActionError`` for an action not in the mask (nothing is stepped);
    ``cluster.ServerLostError`` when the server's connection breaks (recreate the env);
    ``cluster.ServerUnavailableError`` when no server in ``urls`` can be reached.
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, config: Optional[Dict[str, Any]] = None):
        super().__init__()
        # RLlib passes an EnvContext (a dict with .worker_index); env runner k >= 1, the driver 0.
        worker_index = int(getattr(config, "worker_index", 0) or 0)
        config = dict(config or {})
        unknown = sorted(set(config) - set(ENV_CONFIG_KEYS))
        if unknown:
            raise ValueError(f"unknown MerlinMultiAgentEnv config keys {unknown}; known: {list(ENV_CONFIG_KEYS)}")
        self.game = str(config.get("game", DEFAULT_GAME))
        self.variant: Optional[str] = config.get("variant")
        opponents = config.get("opponents")
        if opponents is not None:
            if isinstance(opponents, str) or not all(isinstance(o, str) and o for o in opponents) or not opponents:
                raise ValueError(f"opponents must be None (self-play) or a non-empty list of agent specs, got {opponents!r}")
            opponents = list(opponents)
        self.opponents: Optional[List[str]] = opponents
        self.urls = normalize_urls(config.get("urls"))
        self._url_index = pick_url(self.urls, worker_index) if self.urls else 0
        self.client: Client = connect(self.urls, self._url_index, token=config.get("token"), variant=self.variant,
                                      timeout=float(config.get("timeout", 60.0)), game=self.game)
        self.url = self.client.url
        self.players = int(config["players"]) if config.get("players") is not None else default_players(self.client.spec, 2)
        try:
            if self.opponents is None:
                self.batch: Batch = self.client.create(mode="aec", num_envs=1, game=self.game, variant=self.variant, players=self.players,
                                                       rewards=rewards_option(config.get("rewards")), observation_encoding="dense")
            else:
                self.batch = self.client.create(mode="single", num_envs=1, game=self.game, variant=self.variant, players=self.players,
                                                opponents=self.opponents, learner_seat=config.get("learner_seat", "random"),
                                                rewards=rewards_option(config.get("rewards")), observation_encoding="dense")
        except (ConnectionError, OSError) as e:
            raise ServerLostError(self.url, e) from e
        spec = self.batch.spec
        self.spec = spec
        self.num_actions: int = spec["num_actions"]
        self.possible_agents = [f"player_{i}" for i in range(self.players)]
        self.agents = list(self.possible_agents)
        obs_space = spaces.Dict({
            "observations": observation_box(spec),
            "action_mask": spaces.Box(0.0, 1.0, (self.num_actions,), np.float32),
        })
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.num_actions) for a in self.possible_agents}
        # Old-stack style aggregate spaces, which some RLlib helpers still read.
        self.observation_space = spaces.Dict(self.observation_spaces)
        self.action_space = spaces.Dict(self.action_spaces)
        self._rng = np.random.default_rng()
        self._frame: Optional[Frame] = None
        self._to_act: Optional[str] = None
        self._done = True

    # -- helpers -------------------------------------------------------------------------------------------

    def _call(self, fn, *args):
        try:
            return fn(*args)
        except (ConnectionError, OSError) as e:
            if isinstance(e, MerlinError):
                raise
            raise ServerLostError(self.url, e) from e

    def _obs(self, row: int) -> Dict[str, np.ndarray]:
        f = self._frame
        if self.opponents is None:
            return {"observations": f.observations[0, row], "action_mask": f.masks[0, row].astype(np.float32)}
        return {"observations": f.observations[0], "action_mask": f.masks[0].astype(np.float32)}

    def _seat_to_act(self) -> int:
        return int(self._frame.agent[0])

    # -- MultiAgentEnv -------------------------------------------------------------------------------------

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None) -> Tuple[Dict[str, Any], Dict[str, Any]]:
        """Start a game. Returns ``({agent_to_act: obs}, {agent_to_act: {"seat": s}})``."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
            server_seed = int(seed)
        else:
            server_seed = int(self._rng.integers(0, 2**62))
        self._frame = self._call(self.batch.reset, server_seed)
        self._done = False
        seat = self._seat_to_act()
        self._to_act = self.possible_agents[seat]
        return {self._to_act: self._obs(seat)}, {self._to_act: {"seat": seat}}

    def step(self, action_dict: Dict[str, Any]):
        """Apply the acting agent's action. Returns RLlib's five dicts (see the class docstring)."""
        if self._done:
            raise MerlinError("GAME_OVER", "the episode is over (or was never started): call reset()")
        if self._to_act not in action_dict:
            raise ValueError(f"the action dict must hold {self._to_act!r}, the agent to act; got keys {sorted(action_dict)}")
        extra = sorted(k for k in action_dict if k != self._to_act)
        if extra:
            raise ValueError(f"only {self._to_act!r} acts now; the action dict also holds {extra}")
        action = int(action_dict[self._to_act])
        learner = self._to_act
        f = self._frame = self._call(self.batch.step, [action])
        terminated, truncated = bool(f.terminated[0]), bool(f.truncated[0])
        done = terminated or truncated
        self._done = done
        if self.opponents is None:
            rewards = {a: float(f.rewards[0, i]) for i, a in enumerate(self.possible_agents)}
            if done:
                obs = {a: self._obs(i) for i, a in enumerate(self.possible_agents)}
                self._to_act = None
            else:
                seat = self._seat_to_act()
                self._to_act = self.possible_agents[seat]
                obs = {self._to_act: self._obs(seat)}
        else:
            rewards = {learner: float(f.rewards[0])}
            obs = {learner: self._obs(0)}
            self._to_act = None if done else learner
        infos = {a: {} for a in obs}
        return obs, rewards, {"__all__": terminated}, {"__all__": truncated}, infos

    def render(self) -> Optional[str]:
        """The game as text (the server's renderer)."""
        return self._call(self.batch.render, 0)

    def close(self) -> None:
        try:
            self.batch.close()
        finally:
            self.client.close()


def masked_module_spec(hiddens: Sequence[int] = (64, 64), vf_share_layers: bool = True):
    """The ``RLModuleSpec`` of RLlib's action-masking PPO module (``ActionMaskingTorchRLModule``, from RLlib's
    examples) with an MLP of ``hiddens`` units (tanh); masked actions get logit ``FLOAT_MIN``."""
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule

    hiddens = [int(h) for h in hiddens]
    if not hiddens or min(hiddens) < 1:
        raise ValueError(f"hiddens must be a non-empty list of positive layer sizes, got {hiddens}")
    return RLModuleSpec(module_class=ActionMaskingTorchRLModule,
                        model_config={"fcnet_hiddens": hiddens, "head_fcnet_hiddens": [], "vf_share_layers": vf_share_layers})


def ppo_config(env_config: Optional[Dict[str, Any]] = None, num_env_runners: int = 2, num_envs_per_env_runner: int = 1,
               rollout_fragment_length: int = 256, train_batch_size: int = 2048, minibatch_size: int = 256, num_epochs: int = 4,
               lr: float = 3e-4, entropy_coeff: float = 0.01, hiddens: Sequence[int] = (64, 64), seed: Optional[int] = None,
               gamma: float = 0.99, lambda_: float = 0.95, restart_failed_sub_environments: bool = True, sample_timeout_s: float = 120.0):
    """A ``PPOConfig`` (new API stack) training one shared action-masking policy ``"shared"`` for every seat on
    ``MerlinMultiAgentEnv(env_config)`` with ``num_env_runners`` env runner processes (0: sample in the driver).

    Sizes: ``rollout_fragment_length`` env steps per runner per sample call, ``train_batch_size`` env steps
    per update (RLlib's ``train_batch_size_per_learner``; one local learner), ``minibatch_size`` and
    ``num_epochs`` for SGD, ``lr`` Adam's step size, ``gamma`` the discount and ``lambda_`` GAE's lambda
    (0.95 as in Stable-Baselines3's PPO; RLlib's own default is 1.0). Fault tolerance: a failed env (its server died) is
    recreated in its runner (``restart_failed_sub_environments``) and reconnects to the next reachable
    server; a failed runner is restarted (``restart_failed_env_runners``, RLlib's default, after 5 s here).
    Raises ``ValueError`` for unknown env_config keys (checked here, before any process starts)."""
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec

    env_config = dict(env_config or {})
    unknown = sorted(set(env_config) - set(ENV_CONFIG_KEYS))
    if unknown:
        raise ValueError(f"unknown env_config keys {unknown}; known: {list(ENV_CONFIG_KEYS)}")
    normalize_urls(env_config.get("urls"))
    if num_env_runners < 0:
        raise ValueError(f"num_env_runners must be >= 0, got {num_env_runners}")
    config = (
        PPOConfig()
        .environment(MerlinMultiAgentEnv, env_config=env_config, disable_env_checking=True)
        .multi_agent(policies={"shared"}, policy_mapping_fn=_shared_policy)
        .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs={"shared": masked_module_spec(hiddens)}))
        .env_runners(num_env_runners=num_env_runners, num_envs_per_env_runner=num_envs_per_env_runner,
                     rollout_fragment_length=rollout_fragment_length, num_cpus_per_env_runner=1, sample_timeout_s=sample_timeout_s)
        .learners(num_learners=0)
        .training(train_batch_size_per_learner=train_batch_size, minibatch_size=minibatch_size, num_epochs=num_epochs, lr=lr,
                  entropy_coeff=entropy_coeff, gamma=gamma, lambda_=lambda_)
        .fault_tolerance(restart_failed_env_runners=True, restart_failed_sub_environments=restart_failed_sub_environments,
                         delay_between_env_runner_restarts_s=5.0)
    )
    if seed is not None:
        config = config.debugging(seed=seed)
    return config


def _shared_policy(agent_id, episode, **kwargs) -> str:
    return "shared"


def evaluate_win_rate(module, opponent: str = "random", games: int = 200, players: int = 2, variant: Optional[str] = None,
                      seed: int = 0, num_envs: int = 50, greedy: bool = False, url: Optional[str] = None,
                      token: Optional[str] = None, game: str = DEFAULT_GAME) -> Dict[str, Any]:
    """Play ``games`` games of ``game`` (default ``"merlin"``; ``variant``: its default variant) of ``module`` (an
    action-masking PPO RLModule, e.g. ``algo.get_module("shared")``) against ``opponent`` (an agent spec of that
    game) in the other seats, the learner's seat drawn per game, on one
    connection (``url``, or the local server) with ``num_envs`` games at a time.

    Every env plays the same number of games (``games`` is rounded up to a multiple of ``num_envs``), so
    quick games do not crowd out long ones. Games are seeded from ``seed`` (the same deals each call).
    Actions are sampled from the masked policy (``greedy=True``: its argmax). A win is a positive terminal
    reward (the winner, or the net-worth leader at the turn limit). Returns ``{"games", "wins", "win_rate",
    "ci95", "mean_steps", "seconds"}`` (``ci95``: the normal-approximation half-width)."""
    import time

    import torch

    from .vector import MerlinVectorEnv

    if games < 1 or num_envs < 1:
        raise ValueError(f"games and num_envs must be >= 1, got {games}, {num_envs}")
    num_envs = min(num_envs, games)
    per_env = -(-games // num_envs)
    t0 = time.perf_counter()
    envs = MerlinVectorEnv(num_envs, players=players, opponents=[opponent], variant=variant, url=url, token=token, game=game)
    try:
        obs, info = envs.reset(seed=seed)
        mask = info["action_mask"]
        done_games = np.zeros(num_envs, np.int64)
        wins = 0
        steps = np.zeros(num_envs, np.int64)
        episode_steps: List[int] = []
        while (done_games < per_env).any():
            with torch.no_grad():
                out = module.forward_inference({"obs": {"observations": torch.from_numpy(np.asarray(obs, np.float32)),
                                                        "action_mask": torch.from_numpy(mask.astype(np.float32))}})
                logits = out["action_dist_inputs"]
                actions = logits.argmax(-1) if greedy else torch.distributions.Categorical(logits=logits).sample()
            obs, reward, terminated, truncated, info = envs.step(actions.numpy().astype(np.int32))
            mask = info["action_mask"]
            steps += 1
            for i in np.flatnonzero(terminated | truncated):
                if done_games[i] < per_env:
                    wins += int(reward[i] > 0)
                    episode_steps.append(int(steps[i]))
                done_games[i] += 1
                steps[i] = -1  # the next step is the autoreset step (its action is ignored)
        n = num_envs * per_env
        p = wins / n
        return {"games": n, "wins": wins, "win_rate": p, "ci95": 1.96 * float(np.sqrt(p * (1 - p) / n)),
                "mean_steps": float(np.mean(episode_steps)), "seconds": time.perf_counter() - t0}
    finally:
        envs.close()
