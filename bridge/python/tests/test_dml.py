"""Dragon's Money Laundering (``game="dml"``, docs/DML.md) through the bridge: its PettingZoo name and Gymnasium id,
PettingZoo's api_test and seed_test, Gymnasium's check_env, and full games in a vector env. Out-of-turn decisions
(Seize commits, Stack answers) are the AEC env's agent selection: the server's current player."""
import gymnasium as gym
import numpy as np
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import merlin_gym
from merlin_gym import Client


def test_dml_names_and_spaces(url):
    env = merlin_gym.aec_env(game="dml", url=url)
    assert env.metadata["name"] == "dml_v0"
    with Client(url, game="dml") as c:
        assert c.spec["game"] == "dml" and c.spec["variant"] == "full"
        D, A = c.spec["observation"]["shape"][0], c.spec["num_actions"]
    assert len(env.possible_agents) == 4
    agent = env.possible_agents[0]
    assert env.observation_space(agent)["observation"].shape == (D,) and env.action_space(agent).n == A == 347
    env.close()
    made = gym.make(merlin_gym.GYM_IDS["dml"], url=url)
    assert made.unwrapped.batch.game == "dml"
    made.close()


def test_dml_pettingzoo_api_test(url):
    env = merlin_gym.aec_env(game="dml", url=url)
    api_test(env, num_cycles=1000, verbose_progress=False)
    env.close()


def test_dml_pettingzoo_seed_test(url):
    seed_test(lambda: merlin_gym.aec_env(game="dml", url=url), num_cycles=300)


def test_dml_gymnasium_check_env(url):
    env = merlin_gym.gym_env(game="dml", opponents=["random"], illegal="noop", url=url)
    check_env(env, skip_render_check=True)
    env.close()


def test_dml_full_games_in_a_vector_env(url):
    with Client(url) as c:
        env = merlin_gym.vector_env(num_envs=3, game="dml", variant="mayhem", players=3, client=c)
        rng = np.random.default_rng(0)
        _, info = env.reset(seed=2)
        ended = 0
        for _ in range(5_000):
            masks = info["action_mask"]
            _, _, term, trunc, info = env.step([int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in masks])
            ended += int((term | trunc).sum())
            if ended >= 3:
                break
        assert ended >= 3, "dml games did not end within 5,000 steps"
        env.close()
