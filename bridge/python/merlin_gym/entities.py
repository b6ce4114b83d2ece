"""Entity lists: the flat observation regrouped by the entity groups its spec declares (docs/OBSERVATION.md
"Entity lists"; the same view as env/core/entities.ts on the server side).

    layout = EntityLayout(env.batch.spec, caps={"unit": 24, "slot": 64})
    view = layout.encode(obs)            # {"global": [G], "unit": [cap, width], "unit_mask": [cap], "unit_index": [cap], ...}
    env = EntityObservation(merlin_gym.gym_env(opponents=["random"]), caps={"unit": 24})   # a Gymnasium Dict observation
    envs = EntityVectorObservation(merlin_gym.vector_env(num_envs=64), caps={"unit": 24})   # the same, batched

For each group, the rows are its present entities (any feature non-zero) in index order: the entity's features
(entry i of each of the group's segments, concatenated), then a one-hot per positional axis (a unit's seat, slot
and stack level). ``<group>_index`` is each row's entity index (-1 on unused rows; the index the action catalogue
uses for hand entries, field slots and contract places), ``<group>_mask`` 1 on rows in use. Present entities
past a group's cap are dropped (``dropped(obs)`` counts them). ``decode`` gives the flat observation back.
"""
from __future__ import annotations

from typing import Any, Dict, Mapping, Optional

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from gymnasium.vector import VectorEnv, VectorObservationWrapper
from gymnasium.vector.utils import batch_space


class EntityLayout:
    """The entity view of a bridge spec (``Batch.spec`` / ``Client.spec``). ``caps``: rows per group (default:
    the group's entity count, lossless). Raises ``ValueError`` when the spec declares no entity groups, a
    group names a segment the spec lacks or one that is not a whole number of entries, or a cap is unknown or
    not a positive integer."""

    def __init__(self, spec: Mapping[str, Any], caps: Optional[Mapping[str, int]] = None):
        obs = spec["observation"]
        groups = obs.get("entities") or []
        if not groups:
            raise ValueError("this spec's observation declares no entity groups (a server older than protocol 1.5.0?)")
        caps = dict(caps or {})
        unknown = set(caps) - {g["name"] for g in groups}
        if unknown:
            raise ValueError(f"no entity group named {sorted(unknown)}; the groups are {[g['name'] for g in groups]}")
        segs = {s["name"]: s for s in obs["segments"]}
        self.size = int(obs["shape"][0])
        self.groups = []
        grouped = set()
        for g in groups:
            count = int(np.prod([a["size"] for a in g["axes"]]))
            cols = []
            low, high = [], []
            for name in g["segments"]:
                s = segs.get(name)
                if s is None:
                    raise ValueError(f"entity group {g['name']} names segment {name}, which the spec does not have")
                if s["length"] % count:
                    raise ValueError(f"segment {name} ({s['length']} values) is not {count} entries of group {g['name']}")
                w = s["length"] // count
                cols.append(s["offset"] + np.arange(count)[:, None] * w + np.arange(w)[None, :])
                low += [s["low"]] * w
                high += [s["high"]] * w
                grouped.add(name)
            gather = np.concatenate(cols, axis=1)  # [count, featureWidth] flat indices
            # One-hot positional features of every entity, [count, positionalWidth].
            idx = np.unravel_index(np.arange(count), [a["size"] for a in g["axes"]])
            pos = [np.eye(a["size"], dtype=np.float32)[idx[k]] for k, a in enumerate(g["axes"]) if a["name"] in g["positional"]]
            positional = np.concatenate(pos, axis=1) if pos else np.zeros((count, 0), np.float32)
            cap = caps.get(g["name"], count)
            if not isinstance(cap, (int, np.integer)) or cap < 1:
                raise ValueError(f"the cap of entity group {g['name']} must be a positive integer, got {cap!r}")
            self.groups.append({
                "name": g["name"], "meaning": g["meaning"], "count": count, "cap": int(min(cap, count)), "gather": gather,
                "positional": positional, "low": np.array(low + [0.0] * positional.shape[1], np.float32),
                "high": np.array(high + [1.0] * positional.shape[1], np.float32),
            })
        self.global_index = np.concatenate(
            [s["offset"] + np.arange(s["length"]) for s in obs["segments"] if s["name"] not in grouped]).astype(np.int64)
        self._global_low = np.concatenate([[s["low"]] * s["length"] for s in obs["segments"] if s["name"] not in grouped]).astype(np.float32)
        self._global_high = np.concatenate([[s["high"]] * s["length"] for s in obs["segments"] if s["name"] not in grouped]).astype(np.float32)

    def space(self) -> spaces.Dict:
        """The Gymnasium Dict space of ``encode``'s output for one observation."""
        out: Dict[str, spaces.Space] = {"global": spaces.Box(self._global_low, self._global_high, dtype=np.float32)}
        for g in self.groups:
            cap = g["cap"]
            out[g["name"]] = spaces.Box(np.tile(g["low"], (cap, 1)), np.tile(g["high"], (cap, 1)), dtype=np.float32)
            out[g["name"] + "_mask"] = spaces.MultiBinary(cap)
            out[g["name"] + "_index"] = spaces.Box(-1, g["count"] - 1, (cap,), dtype=np.int32)
        return spaces.Dict(out)

    def _rows(self, obs: np.ndarray, g: dict):
        feats = obs[..., g["gather"]]                              # [..., count, featureWidth]
        present = (feats != 0).any(axis=-1)                        # [..., count]
        order = np.argsort(~present, axis=-1, kind="stable")[..., : g["cap"]]
        mask = np.take_along_axis(present, order, axis=-1)
        return feats, present, order, mask

    def encode(self, obs: np.ndarray) -> Dict[str, np.ndarray]:
        """The entity view of one observation [D] or a batch [N, D] (leading axes kept)."""
        obs = np.asarray(obs, dtype=np.float32)
        out = {"global": obs[..., self.global_index]}
        for g in self.groups:
            feats, _, order, mask = self._rows(obs, g)
            rows = np.take_along_axis(feats, order[..., None], axis=-2)
            rows = np.concatenate([rows, g["positional"][order]], axis=-1)
            rows[~mask] = 0
            out[g["name"]] = rows.astype(np.float32)
            out[g["name"] + "_mask"] = mask.astype(np.int8)
            out[g["name"] + "_index"] = np.where(mask, order, -1).astype(np.int32)
        return out

    def dropped(self, obs: np.ndarray) -> Dict[str, np.ndarray]:
        """Present entities each group's cap leaves out, for one observation or a batch."""
        obs = np.asarray(obs, dtype=np.float32)
        return {g["name"]: np.maximum((obs[..., g["gather"]] != 0).any(axis=-1).sum(axis=-1) - g["cap"], 0) for g in self.groups}

    def decode(self, view: Mapping[str, np.ndarray]) -> np.ndarray:
        """The flat observation [D] back from one observation's view (exact when nothing was dropped)."""
        flat = np.zeros(self.size, np.float32)
        flat[self.global_index] = view["global"]
        for g in self.groups:
            used = view[g["name"] + "_mask"].astype(bool)
            width = g["gather"].shape[1]
            flat[g["gather"][view[g["name"] + "_index"][used]]] = view[g["name"]][used][:, :width]
        return flat


class EntityObservation(gym.ObservationWrapper):
    """A Gymnasium env of merlin_gym (``gym_env``) whose observations are entity lists (``EntityLayout.encode``)
    in a Dict space; ``caps`` as for ``EntityLayout``. The action mask and everything else are unchanged."""

    def __init__(self, env: gym.Env, caps: Optional[Mapping[str, int]] = None):
        super().__init__(env)
        self.layout = EntityLayout(env.unwrapped.batch.spec, caps)
        self.observation_space = self.layout.space()

    def observation(self, observation: np.ndarray) -> Dict[str, np.ndarray]:
        return self.layout.encode(observation)

    def action_masks(self) -> np.ndarray:
        return self.env.unwrapped.action_masks()


class EntityVectorObservation(VectorObservationWrapper):
    """A Gymnasium VectorEnv of merlin_gym (``vector_env``) whose observations are batched entity lists (each
    key with a leading env axis), ``caps`` as for ``EntityLayout``. ``infos["final_obs"]`` (``autoreset="same_step"``)
    keeps the flat final observations; ``self.layout.encode`` regroups them."""

    def __init__(self, env: VectorEnv, caps: Optional[Mapping[str, int]] = None):
        super().__init__(env)
        self.layout = EntityLayout(env.unwrapped.batch.spec, caps)
        self.single_observation_space = self.layout.space()
        self.observation_space = batch_space(self.single_observation_space, env.num_envs)

    def observations(self, observations: np.ndarray) -> Dict[str, np.ndarray]:
        return self.layout.encode(observations)

    def action_masks(self) -> np.ndarray:
        return self.env.unwrapped.action_masks()
