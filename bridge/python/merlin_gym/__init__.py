"""merlin_gym: Merlin Economics (merlin-gym) and the platform's other games from Python over the WebSocket bridge.

    import merlin_gym
    env = merlin_gym.aec_env(players=4)                 # PettingZoo AEC
    env = merlin_gym.gym_env(opponents=["random"])      # Gymnasium, one learning seat
    envs = merlin_gym.vector_env(num_envs=256)          # Gymnasium VectorEnv, one connection
    env = merlin_gym.EntityObservation(merlin_gym.gym_env())  # observations as entity lists (a Dict space)
    env = merlin_gym.aec_env(game="economicon")         # any game the server plays (Client(url).games)

Without ``url=`` a local ``merlin serve`` is started (once per process) from merlin-gym: a clone this package sits in,
the npm package installed here or on PATH, or $MERLIN_GYM_ROOT (``find_root``); ``allow_agent_paths=True`` on any env
lets its opponents name checkpoint folders (``opponents=["ppo:runs/latest"]``).
"""
from __future__ import annotations

import gymnasium

from .aec import MerlinAECEnv
from ._common import env_name
from .client import (
    DEFAULT_GAME, PROTOCOL_VERSION, Batch, BridgeUnreachableError, Client, ConnectionClosed, Frame, HandshakeError,
    IllegalActionError, LocalServer, MerlinError, default_players, default_server, find_root,
)
from .entities import EntityLayout, EntityObservation, EntityVectorObservation
from .gym_env import MerlinEnv
from .vector import MerlinVectorEnv

__version__ = "0.1.0"


def aec_env(**kwargs) -> MerlinAECEnv:
    """A PettingZoo AEC env (see MerlinAECEnv for options: game, players, variant, rewards, render_mode, url, token)."""
    return MerlinAECEnv(**kwargs)


def env(**kwargs) -> MerlinAECEnv:
    """PettingZoo's conventional name for the AEC constructor."""
    return MerlinAECEnv(**kwargs)


def gym_env(**kwargs) -> MerlinEnv:
    """A Gymnasium env (see MerlinEnv: game, players, opponents, variant, learner_seat, illegal, illegal_penalty, rewards, url, token)."""
    return MerlinEnv(**kwargs)


def vector_env(num_envs: int = 8, **kwargs) -> MerlinVectorEnv:
    """A Gymnasium VectorEnv of ``num_envs`` envs of ``game`` (default ``"merlin"``) on one connection (see MerlinVectorEnv)."""
    return MerlinVectorEnv(num_envs, **kwargs)


def _register(game: str, gym_id: str) -> None:
    if gym_id not in gymnasium.registry:
        gymnasium.register(id=gym_id, entry_point="merlin_gym.gym_env:MerlinEnv", vector_entry_point="merlin_gym.vector:MerlinVectorEnv",
                           kwargs={"game": game}, disable_env_checker=True)


class _GymIds(dict):
    """Gymnasium ids by game: the three first games' registered at import, any other game's
    (``merlin_gym/{game}-v0``) registered on its first look-up, so a game the server plays needs no entry here."""

    def __missing__(self, game: str) -> str:
        gym_id = f"merlin_gym/{game}-v0"
        _register(game, gym_id)
        self[game] = gym_id
        return gym_id


#: Gymnasium ids registered by this package, by game: ``gymnasium.make(GYM_IDS[game], ...)`` is
#: ``gym_env(game=game, ...)`` and ``gymnasium.make_vec(GYM_IDS[game], num_envs=N, ...)`` is ``vector_env(N, game=game, ...)``
#: (its vector entry point: one connection, Gymnasium's autoreset mode in ``metadata``). Any game the server plays has
#: one (``merlin_gym/{game}-v0`` for games after the first three, registered when first looked up); for a game the server
#: does not play (``Client(url).games``) the env raises ``MerlinError`` ``UNKNOWN_GAME``.
GYM_IDS = _GymIds({"merlin": "merlin_gym/Merlin-v0", "economicon": "merlin_gym/Economicon-v0", "dml": "merlin_gym/DML-v0"})

for _game, _id in GYM_IDS.items():
    _register(_game, _id)

__all__ = [
    "aec_env", "env", "gym_env", "vector_env", "MerlinAECEnv", "MerlinEnv", "MerlinVectorEnv", "Client", "Batch", "Frame",
    "LocalServer", "MerlinError", "IllegalActionError", "ConnectionClosed", "HandshakeError", "BridgeUnreachableError",
    "default_server", "find_root",
    "PROTOCOL_VERSION", "DEFAULT_GAME", "GYM_IDS", "default_players", "env_name", "EntityLayout", "EntityObservation",
    "EntityVectorObservation",
]
