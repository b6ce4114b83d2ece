"""The PettingZoo AEC env against the live bridge: PettingZoo's api_test and seed_test, and our contract."""
import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import merlin_gym
from merlin_gym import IllegalActionError


def test_pettingzoo_api_test(url):
    env = merlin_gym.aec_env(players=4, url=url)
    api_test(env, num_cycles=1000, verbose_progress=False)
    env.close()


def test_pettingzoo_seed_test(url):
    seed_test(lambda: merlin_gym.aec_env(players=3, url=url), num_cycles=300)


def test_observations_masks_flags_and_cached_spaces(url, sizes):
    D, A = sizes
    env = merlin_gym.aec_env(players=4, url=url)
    env.reset(seed=5)
    assert env.possible_agents == ["player_0", "player_1", "player_2", "player_3"]
    for a in env.possible_agents:
        assert env.observation_space(a) is env.observation_space(a)
        assert env.action_space(a) is env.action_space(a)
    obs, reward, term, trunc, info = env.last()
    assert obs["observation"].dtype == np.float32 and obs["observation"].shape == (D,)
    assert obs["action_mask"].dtype == np.int8 and obs["action_mask"].shape == (A,)
    assert type(term) is bool and type(trunc) is bool and isinstance(reward, float)
    others = [a for a in env.agents if a != env.agent_selection]
    assert all(env.observe(a)["action_mask"].sum() == 0 for a in others)
    assert env.observation_space(env.agent_selection).contains(obs)
    env.close()


def test_illegal_action_is_refused_and_changes_nothing(url):
    env = merlin_gym.aec_env(players=4, url=url)
    env.reset(seed=9)
    before = env.state_json()
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalActionError) as e:
        env.step(illegal)
    assert e.value.code == "ILLEGAL_ACTION"
    assert env.state_json() == before
    env.step(int(np.flatnonzero(mask)[0]))  # still usable
    env.close()


def test_full_game_ends_with_every_agent_removed(url):
    env = merlin_gym.aec_env(players=2, variant="market", url=url)
    env.reset(seed=3)
    rng = np.random.default_rng(0)
    steps = 0
    total = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter(max_iter=100_000):
        obs, reward, term, trunc, _ = env.last()
        total[agent] += reward
        env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    assert env.agents == []
    assert steps > 10
    assert sorted(total.values()) == pytest.approx([-1.0, 1.0])
    env.close()


def test_relative_shaped_rewards_sum_to_zero_each_step(url):
    # rewards.shaped_relative (protocol 1.4): every seat's shaped reward is its change in lead over the
    # others' mean net worth, so one step's rewards sum to 0 (camelCase keys are accepted too).
    env = merlin_gym.aec_env(
        players=3, url=url, rewards={"shaped": True, "shapedRelative": True, "shaped_scale": 1, "terminal": "zero"}
    )
    env.reset(seed=11)
    rng = np.random.default_rng(1)
    moved = 0
    for agent in env.agent_iter(max_iter=300):
        obs, _, term, trunc, _ = env.last()
        env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        step = [env.rewards.get(a, 0.0) for a in env.possible_agents]
        assert abs(sum(step)) < 1e-3
        moved += any(r != 0 for r in step)
    assert moved > 0
    env.close()
