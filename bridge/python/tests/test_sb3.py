"""Optional: a short sb3-contrib MaskablePPO run on the Gymnasium env (skipped without torch/sb3-contrib)."""
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
