"""Every game the server plays, by name only (the client names no game): a PettingZoo name and a Gymnasium id,
PettingZoo's api_test, Gymnasium's check_env, and full episodes in a vector env of the games whose episodes are
short. A game whose chance nodes are explicit (the server deals them from the game's own RNG) plays like any other."""
import gymnasium as gym
import numpy as np
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

import merlin_gym
from merlin_gym import Client


def test_every_game_has_a_pettingzoo_name_and_a_gymnasium_id(url, server_games):
    for game in server_games:
        env = merlin_gym.aec_env(game=game, url=url)
        assert env.metadata["name"] == f"{game}_v0"
        env.close()
        made = gym.make(merlin_gym.GYM_IDS[game], url=url)
        assert made.unwrapped.batch.game == game
        made.close()


def test_every_game_passes_pettingzoo_api_test_and_gymnasium_check_env(url, server_games):
    for game in server_games:
        env = merlin_gym.aec_env(game=game, url=url)
        api_test(env, num_cycles=50, verbose_progress=False)
        env.close()
        single = merlin_gym.gym_env(game=game, opponents=["random"], illegal="noop", url=url)
        check_env(single, skip_render_check=True)
        single.close()


def test_every_game_with_short_episodes_plays_them_to_the_end_in_a_vector_env(url, server_games):
    rng = np.random.default_rng(0)
    played = 0
    with Client(url) as c:
        for game in server_games:
            env = merlin_gym.vector_env(num_envs=2, game=game, client=c)
            _, info = env.reset(seed=3)
            ended = 0
            for _ in range(300):
                masks = info["action_mask"]
                actions = [int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in masks]
                _, rewards, term, trunc, info = env.step(actions)
                assert np.all(np.isfinite(rewards))
                ended += int((term | trunc).sum())
            env.close()
            played += ended > 0
    assert played >= 1, "no game's episode ended within 300 steps"
