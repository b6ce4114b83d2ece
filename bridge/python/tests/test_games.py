"""Games by name (protocol 1.3): the ``game=`` keyword of every env and helper, the server's list of games,
UNKNOWN_GAME, PettingZoo names and Gymnasium ids per game, and Economicon through PettingZoo's api_test and
seed_test and Gymnasium's check_env (skipped while the server does not play it; they run unchanged once
games/registry.ts registers it)."""
import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import merlin_gym
from merlin_gym import Client, MerlinError
from merlin_gym.cluster import connect


def test_the_server_lists_its_games_and_the_client_plays_merlin_by_default(url, server_games):
    assert "merlin" in server_games
    with Client(url) as c:
        info = c.game_info("merlin")
        assert info["default_variant"] == "full" and "market" in info["variants"] and "random" in info["agents"]
        assert c.game == "merlin" and c.spec["game"] == "merlin" and c.spec["variant"] == "full"
        assert c.game_info("nosuch") is None
        for name in server_games:
            spec = c.spec_of(name)
            assert spec["game"] == name and spec["variant"] == c.game_info(name)["default_variant"]
        assert c.spec_of("merlin", "market")["variant"] == "market"


def test_unknown_game_is_refused_naming_the_servers_games(url, server_games):
    with pytest.raises(MerlinError) as e:
        Client(url, game="chess")
    assert e.value.code == "UNKNOWN_GAME" and e.value.details["games"] == server_games
    assert "chess" in e.value.message
    with Client(url) as c:
        with pytest.raises(MerlinError, match="UNKNOWN_GAME"):
            c.create(game="chess", players=2)
        with pytest.raises(MerlinError, match="UNKNOWN_GAME"):
            c.act("random", game="chess", history={"players": 2, "seed": 1, "actions": []})
    with pytest.raises(MerlinError, match="UNKNOWN_GAME"):
        merlin_gym.gym_env(game="chess", url=url)


def test_game_merlin_is_the_default_everywhere(url):
    aec = merlin_gym.aec_env(players=3, game="merlin", url=url)
    assert aec.metadata["name"] == "merlin_v0" == merlin_gym.MerlinAECEnv.metadata["name"]
    assert aec.batch.game == "merlin" and aec.batch.variant == "full"
    aec.close()
    named = merlin_gym.gym_env(players=3, game="merlin", url=url)
    plain = merlin_gym.gym_env(players=3, url=url)
    assert named.batch.spec == plain.batch.spec
    (o1, i1), (o2, i2) = named.reset(seed=8), plain.reset(seed=8)
    assert np.array_equal(o1, o2) and i1["seat"] == i2["seat"]
    named.close()
    plain.close()
    vec = merlin_gym.vector_env(num_envs=2, players=2, game="merlin", variant="market", url=url)
    assert vec.batch.spec["game"] == "merlin" and vec.batch.spec["variant"] == "market"
    vec.reset(seed=1)
    vec.close()
    made = gym.make(merlin_gym.GYM_IDS["merlin"], players=2, url=url)
    assert made.unwrapped.batch.game == "merlin"
    made.close()
    c = connect([url], game="merlin")
    batch = c.create(mode="aec", players=2, game="merlin")
    batch.reset(3)
    state = batch.state(0)
    act = c.act("random", state=state, game="merlin")
    assert act["description"] == c.describe_action(act["action"], state=state, game="merlin")
    c.close()


def test_players_default_to_four_or_the_nearest_count_the_game_allows(url):
    spec = {"min_players": 2, "max_players": 6}
    assert merlin_gym.default_players(spec) == 4
    assert merlin_gym.default_players({"min_players": 5, "max_players": 6}) == 5
    assert merlin_gym.default_players({"min_players": 2, "max_players": 3}) == 3
    assert merlin_gym.default_players(spec, 2) == 2
    env = merlin_gym.aec_env(url=url)
    assert len(env.possible_agents) == 4
    env.close()


# ---------------------------------------------------------------------------------------------------------
# Economicon: runs once the server plays it


def test_economicon_names_and_spaces(url, economicon):
    env = merlin_gym.aec_env(game=economicon, url=url)
    assert env.metadata["name"] == "economicon_v0"
    assert env.batch.spec["game"] == economicon
    with Client(url, game=economicon) as c:
        assert c.spec["game"] == economicon and c.spec["variant"] == c.game_info()["default_variant"]
        D, A = c.spec["observation"]["shape"][0], c.spec["num_actions"]
        assert len(env.possible_agents) == merlin_gym.default_players(c.spec)
    agent = env.possible_agents[0]
    assert env.observation_space(agent)["observation"].shape == (D,) and env.action_space(agent).n == A
    env.close()
    made = gym.make(merlin_gym.GYM_IDS[economicon], url=url)
    assert made.unwrapped.batch.game == economicon
    made.close()


def test_economicon_pettingzoo_api_test(url, economicon):
    env = merlin_gym.aec_env(game=economicon, url=url)
    api_test(env, num_cycles=1000, verbose_progress=False)
    env.close()


def test_economicon_pettingzoo_seed_test(url, economicon):
    seed_test(lambda: merlin_gym.aec_env(game=economicon, url=url), num_cycles=300)


def test_economicon_gymnasium_check_env(url, economicon):
    env = merlin_gym.gym_env(game=economicon, opponents=["random"], illegal="noop", url=url)
    check_env(env, skip_render_check=True)
    env.close()


def masked_random(masks, rng):
    """A random legal action per row; 0 for a row with no legal action (an ended env, reset by the next step)."""
    return [int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in masks]


def test_economicon_full_games_in_a_vector_env_beside_merlin(url, economicon):
    with Client(url) as c:
        econ = merlin_gym.vector_env(num_envs=4, game=economicon, client=c)
        merlin = merlin_gym.vector_env(num_envs=2, players=2, client=c)
        rng = np.random.default_rng(0)
        (_, ie), (_, im) = econ.reset(seed=5), merlin.reset(seed=5)
        ended = 0
        for _ in range(20_000):
            _, r, term, trunc, ie = econ.step(masked_random(ie["action_mask"], rng))
            _, _, _, _, im = merlin.step(masked_random(im["action_mask"], rng))
            ended += int((term | trunc).sum())
            if ended >= 4:
                break
        assert ended >= 4, "economicon games did not end within 20,000 steps"
        econ.close()
        merlin.close()
