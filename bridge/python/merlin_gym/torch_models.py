"""A torch entity encoder for merlin_gym's entity lists (``EntityObservation``): needs torch and
stable-baselines3 (``pip install "merlin_gym[sb3]"``); the rest of the package does not import this module.

    from sb3_contrib import MaskablePPO
    from merlin_gym import EntityObservation, gym_env
    from merlin_gym.torch_models import EntityEncoder

    env = EntityObservation(gym_env(opponents=["random"]), caps={"unit": 24, "slot": 64})
    model = MaskablePPO("MultiInputPolicy", env, policy_kwargs={"features_extractor_class": EntityEncoder})
"""
from __future__ import annotations

from typing import Dict, List

import torch as th
from gymnasium import spaces
from stable_baselines3.common.torch_layers import BaseFeaturesExtractor
from torch import nn


def entity_groups(observation_space: spaces.Dict) -> List[str]:
    """The entity groups of an ``EntityObservation`` Dict space (its keys other than global, *_mask and *_index)."""
    return [k for k in observation_space.spaces if k != "global" and not k.endswith("_mask") and not k.endswith("_index")]


class EntityEncoder(BaseFeaturesExtractor):
    """Features of an entity-list observation, as AlphaStar and OpenAI Five read units: for each group, one
    small network shared by every row (``Linear(width, entity_dim)``, ReLU), pooled over the rows in use (the
    mean and the max, so the result does not depend on the rows' order or count), beside a
    ``Linear(global, global_dim)``, ReLU of the global vector; all concatenated. ``features_dim`` is
    ``global_dim + 2 * entity_dim * groups``. A group with no row in use pools to zeros."""

    def __init__(self, observation_space: spaces.Dict, entity_dim: int = 32, global_dim: int = 128):
        groups = entity_groups(observation_space)
        super().__init__(observation_space, global_dim + 2 * entity_dim * len(groups))
        self.groups = groups
        self.global_net = nn.Sequential(nn.Linear(observation_space["global"].shape[0], global_dim), nn.ReLU())
        self.encoders = nn.ModuleDict(
            {g: nn.Sequential(nn.Linear(observation_space[g].shape[-1], entity_dim), nn.ReLU()) for g in groups})

    def forward(self, observations: Dict[str, th.Tensor]) -> th.Tensor:
        parts = [self.global_net(observations["global"])]
        for g in self.groups:
            mask = observations[g + "_mask"].float().unsqueeze(-1)        # [B, cap, 1]
            e = self.encoders[g](observations[g]) * mask                 # ReLU >= 0: zeroed rows never win the max
            count = mask.sum(dim=1).clamp(min=1.0)
            parts += [e.sum(dim=1) / count, e.max(dim=1).values]
        return th.cat(parts, dim=1)
