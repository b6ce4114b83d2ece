"""Optional: short sb3-contrib MaskablePPO runs on the Gymnasium env, flat and as entity lists through
merlin_gym.torch_models.EntityEncoder (skipped without torch/sb3-contrib)."""
import pytest

pytest.importorskip("torch")
pytest.importorskip("sb3_contrib")

import merlin_gym  # noqa: E402


def test_maskable_ppo_smoke(url):
    from sb3_contrib import MaskablePPO

    env = merlin_gym.gym_env(players=2, url=url)
    model = MaskablePPO("MlpPolicy", env, n_steps=64, batch_size=32, n_epochs=1, seed=0, verbose=0)
    model.learn(total_timesteps=128)
    obs, info = env.reset(seed=0)
    action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
    assert info["action_mask"][int(action)] == 1
    env.close()


def test_entity_encoder_pools_independently_of_row_order_and_trains_with_maskable_ppo(url):
    import numpy as np
    import torch as th
    from sb3_contrib import MaskablePPO

    from merlin_gym import EntityObservation
    from merlin_gym.torch_models import EntityEncoder

    env = EntityObservation(merlin_gym.gym_env(players=2, url=url), caps={"unit": 8, "slot": 32})
    enc = EntityEncoder(env.observation_space, entity_dim=8, global_dim=16)
    obs, _ = env.reset(seed=4)
    batch = {k: th.as_tensor(np.asarray(v)[None]).float() for k, v in obs.items()}
    n = int(obs["seat_mask"].sum())
    assert n == 2  # the two seats of the game
    shuffled = dict(batch)
    perm = th.cat([th.tensor([1, 0]), th.arange(2, 6)])
    for key in ("seat", "seat_mask", "seat_index"):
        shuffled[key] = batch[key][:, perm]
    assert not th.equal(shuffled["seat"], batch["seat"])
    assert enc.features_dim == 16 + 2 * 8 * 10
    assert th.allclose(enc(batch), enc(shuffled), atol=1e-6)
    model = MaskablePPO("MultiInputPolicy", env, n_steps=64, batch_size=32, n_epochs=1, seed=0, verbose=0,
                        policy_kwargs={"features_extractor_class": EntityEncoder})
    model.learn(total_timesteps=128)
    obs, info = env.reset(seed=0)
    action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
    assert info["action_mask"][int(action)] == 1
    env.close()
