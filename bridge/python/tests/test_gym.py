"""The Gymnasium env against the live bridge: check_env, registration, masks, illegal actions."""
import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import merlin_gym
from merlin_gym import IllegalActionError, MerlinError


def test_gymnasium_check_env_in_noop_mode(url):
    env = merlin_gym.gym_env(players=4, illegal="noop", url=url)
    check_env(env, skip_render_check=True)
    env.close()


def test_registered_id(url, sizes):
    D, A = sizes
    env = gym.make("merlin_gym/Merlin-v0", players=3, url=url)
    obs, info = env.reset(seed=1)
    assert obs.shape == (D,) and obs.dtype == np.float32
    assert env.unwrapped.action_masks().dtype == np.int8 == info["action_mask"].dtype
    env.close()


def test_episode_with_masked_random_actions(url):
    env = merlin_gym.gym_env(players=4, opponents=["random"], learner_seat=1, url=url)
    rng = np.random.default_rng(0)
    obs, info = env.reset(seed=11)
    assert info["seat"] == 1
    total, n = 0.0, 0
    while True:
        assert np.array_equal(env.action_masks(), info["action_mask"].astype(bool))
        obs, r, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        assert type(term) is bool and type(trunc) is bool and isinstance(r, float)
        total += r
        n += 1
        if term or trunc:
            break
    assert n > 5
    assert total in (pytest.approx(1.0), pytest.approx(-1 / 3))
    with pytest.raises(MerlinError):
        env.step(0)  # episode over: reset first
    env.close()


def test_same_seed_same_episode(url):
    a = merlin_gym.gym_env(players=4, url=url)
    b = merlin_gym.gym_env(players=4, url=url)
    oa, ia = a.reset(seed=123)
    ob, ib = b.reset(seed=123)
    assert np.array_equal(oa, ob) and ia["seat"] == ib["seat"]
    for _ in range(30):
        act = int(np.flatnonzero(ia["action_mask"])[0])
        oa, ra, ta, _, ia = a.step(act)
        ob, rb, tb, _, ib = b.step(act)
        assert np.array_equal(oa, ob) and ra == rb
        if ta:
            break
    a.close()
    b.close()


def test_illegal_modes(url):
    strict = merlin_gym.gym_env(players=4, url=url)
    obs, info = strict.reset(seed=2)
    bad = int(np.flatnonzero(info["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError):
        strict.step(bad)
    strict.step(int(np.flatnonzero(info["action_mask"])[0]))
    strict.close()
    lenient = merlin_gym.gym_env(players=4, illegal="noop", illegal_penalty=0.5, url=url)
    obs, info = lenient.reset(seed=2)
    obs2, r, term, trunc, info2 = lenient.step(bad)
    assert r == -0.5 and info2.get("illegal_action") is True and not term
    assert np.array_equal(obs, obs2)
    lenient.close()
