"""Gymnasium's and PettingZoo's conventions: autoreset mode declared, one mask dtype, NumPy observations."""
import gc
import sys
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode
from pettingzoo.test import api_test

import merlin_gym
from merlin_gym import MerlinVectorEnv


def test_vector_env_declares_its_autoreset_mode_and_make_vec_makes_it(url):
    assert MerlinVectorEnv.metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # gymnasium warns when a VectorEnv declares no AutoresetMode
        envs = gymnasium.make_vec("merlin_gym/Merlin-v0", num_envs=3, players=2, url=url)
    assert isinstance(envs, MerlinVectorEnv) and envs.num_envs == 3
    assert envs.metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP
    envs.close()
    same = merlin_gym.vector_env(num_envs=2, players=2, autoreset="same_step", url=url)
    assert same.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
    same.close()


def test_a_vector_env_that_fails_to_open_raises_and_its_cleanup_raises_nothing(url):
    caught = []
    hook = sys.unraisablehook
    sys.unraisablehook = caught.append  # what __del__ raises would otherwise be printed and ignored
    try:
        with pytest.raises(merlin_gym.MerlinError, match="players"):
            merlin_gym.vector_env(num_envs=2, players=99, url=url)
        gc.collect()
    finally:
        sys.unraisablehook = hook
    assert [str(u.exc_value) for u in caught] == []


def test_masks_have_one_dtype_that_action_space_sample_takes(url):
    env = merlin_gym.gym_env(players=3, url=url)
    obs, info = env.reset(seed=2)
    assert isinstance(obs, np.ndarray) and obs.dtype == np.float32
    assert env.action_masks().dtype == info["action_mask"].dtype == np.int8
    assert np.array_equal(env.action_masks(), info["action_mask"])
    for _ in range(5):
        a = env.action_space.sample(mask=env.action_masks())
        assert info["action_mask"][a] == 1
        obs, _, term, trunc, info = env.step(a)
        if term or trunc:
            break
    env.close()
    envs = merlin_gym.vector_env(num_envs=2, players=2, url=url)
    _, infos = envs.reset(seed=3)
    assert envs.action_masks().dtype == infos["action_mask"].dtype == np.int8
    envs.close()


def test_aec_observations_as_numpy_arrays_with_the_mask_in_infos(url, sizes):
    D, A = sizes
    env = merlin_gym.aec_env(players=3, action_mask="info", url=url)
    env.reset(seed=4)
    obs, _, _, _, info = env.last()
    assert isinstance(obs, np.ndarray) and obs.dtype == np.float32 and obs.shape == (D,)
    assert info["action_mask"].dtype == np.int8 and info["action_mask"].shape == (A,) and info["action_mask"].sum() > 0
    assert env.observation_space(env.agent_selection).contains(obs)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env, num_cycles=300, verbose_progress=False)
    messages = [str(w.message) for w in caught]
    assert not [m for m in messages if "NumPy" in m or "numpy" in m], messages
    env.close()
