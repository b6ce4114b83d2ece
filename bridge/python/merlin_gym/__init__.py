"""merlin_gym: Merlin Economics (merlin-gym) from Python over the WebSocket bridge.

    import merlin_gym
    env = merlin_gym.aec_env(players=4)                 # PettingZoo AEC
    env = merlin_gym.gym_env(opponents=["random"])      # Gymnasium, one learning seat
    envs = merlin_gym.vector_env(num_envs=256)          # Gymnasium VectorEnv, one connection

Without ``url=`` a local ``merlin serve`` is started (once per process) from the repository.
"""
from __future__ import annotations

import gymnasium

from .aec import MerlinAECEnv
from .client import (
    PROTOCOL_VERSION, Batch, Client, ConnectionClosed, Frame, HandshakeError, IllegalActionError, LocalServer, MerlinError,
    default_server, find_root,
)
from .gym_env import MerlinEnv
from .vector import MerlinVectorEnv

__version__ = "0.1.0"


def aec_env(**kwargs) -> MerlinAECEnv:
    """A PettingZoo AEC env (see MerlinAECEnv for options: players, variant, rewards, render_mode, url, token)."""
    return MerlinAECEnv(**kwargs)


def env(**kwargs) -> MerlinAECEnv:
    """PettingZoo's conventional name for the AEC constructor."""
    return MerlinAECEnv(**kwargs)


def gym_env(**kwargs) -> MerlinEnv:
    """A Gymnasium env (see MerlinEnv: players, opponents, variant, learner_seat, illegal, illegal_penalty, rewards, url, token)."""
    return MerlinEnv(**kwargs)


def vector_env(num_envs: int = 8, **kwargs) -> MerlinVectorEnv:
    """A Gymnasium VectorEnv of ``num_envs`` envs on one connection (see MerlinVectorEnv)."""
    return MerlinVectorEnv(num_envs, **kwargs)


if "merlin_gym/Merlin-v0" not in gymnasium.registry:
    gymnasium.register(id="merlin_gym/Merlin-v0", entry_point="merlin_gym.gym_env:MerlinEnv", disable_env_checker=True)

__all__ = [
    "aec_env", "env", "gym_env", "vector_env", "MerlinAECEnv", "MerlinEnv", "MerlinVectorEnv", "Client", "Batch", "Frame",
    "LocalServer", "MerlinError", "IllegalActionError", "ConnectionClosed", "HandshakeError", "default_server", "find_root",
    "PROTOCOL_VERSION",
]
