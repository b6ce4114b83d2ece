"""Shared helpers for the env wrappers."""
from __future__ import annotations

import secrets
from typing import Any, Dict, Optional

import numpy as np
from gymnasium import spaces


def observation_box(spec: dict) -> spaces.Box:
    o = spec["observation"]
    return spaces.Box(low=np.float32(o["low"]), high=np.float32(o["high"]), shape=tuple(o["shape"]), dtype=np.float32)


def fresh_seed() -> int:
    return secrets.randbits(62)


def rewards_option(rewards: Optional[Dict[str, Any]]) -> Optional[Dict[str, Any]]:
    """Accept both ``shapedScale`` and ``shaped_scale``."""
    if rewards is None:
        return None
    r = dict(rewards)
    if "shapedScale" in r:
        r["shaped_scale"] = r.pop("shapedScale")
    return r
