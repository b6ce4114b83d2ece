"""Shared helpers for the env wrappers."""
from __future__ import annotations

import secrets
from typing import Any, Dict, Optional

import numpy as np
from gymnasium import spaces


def observation_box(spec: dict) -> spaces.Box:
    o = spec["observation"]
    return spaces.Box(low=np.float32(o["low"]), high=np.float32(o["high"]), shape=tuple(o["shape"]), dtype=np.float32)


def env_name(game: str) -> str:
    """The PettingZoo name of ``game``'s env (``metadata["name"]``): ``"{game}_v0"``, e.g. ``merlin_v0`` and
    ``economicon_v0``. The suffix is the version of that game's env as this client presents it; it is raised (per
    game) when the same seed and actions stop giving the same observations, rewards or masks."""
    return f"{game}_v0"


def fresh_seed() -> int:
    return secrets.randbits(62)


def rewards_option(rewards: Optional[Dict[str, Any]]) -> Optional[Dict[str, Any]]:
    """Accept both camelCase (``shapedScale``, ``shapedRelative``, ``shapedPotential``) and snake_case keys."""
    if rewards is None:
        return None
    r = dict(rewards)
    if "shapedScale" in r:
        r["shaped_scale"] = r.pop("shapedScale")
    if "shapedRelative" in r:
        r["shaped_relative"] = r.pop("shapedRelative")
    if "shapedPotential" in r:
        r["shaped_potential"] = r.pop("shapedPotential")
    return r
