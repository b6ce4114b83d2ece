"""RLlib (new API stack) on the bridge: the MultiAgentEnv contract, a dead server, and PPO training on a local
Ray cluster with 2 env runners. Skipped only where ray[rllib] and torch are not installed
(`pip install -e "bridge/python[rllib]"`; CI installs them)."""
import math

import numpy as np
import pytest

pytest.importorskip("torch", reason="RLlib tests need torch: pip install -e 'bridge/python[rllib]'")
pytest.importorskip("ray.rllib", reason="RLlib tests need ray[rllib]: pip install -e 'bridge/python[rllib]'")

from merlin_gym import IllegalActionError, MerlinError  # noqa: E402
from merlin_gym.client import LocalServer  # noqa: E402
from merlin_gym.cluster import ServerLostError  # noqa: E402
from merlin_gym.rllib import MerlinMultiAgentEnv, evaluate_win_rate, ppo_config  # noqa: E402


def first_legal(obs):
    (agent, o), = obs.items()
    return agent, int(np.flatnonzero(o["action_mask"])[0])


def play(env, seed, rng):
    """Play one game with uniformly random legal actions; returns (steps, summed rewards, last step's dicts)."""
    obs, infos = env.reset(seed=seed)
    total = {}
    steps = 0
    while True:
        assert len(obs) == 1
        (agent, o), = obs.items()
        assert env.observation_spaces[agent].contains(o)
        obs, rew, term, trunc, infos = env.step({agent: int(rng.choice(np.flatnonzero(o["action_mask"])))})
        for a, r in rew.items():
            total[a] = total.get(a, 0.0) + r
        steps += 1
        if term["__all__"] or trunc["__all__"]:
            return steps, total, (obs, rew, term, trunc)


def test_self_play_turns_rewards_and_end(url, sizes):
    D, A = sizes
    env = MerlinMultiAgentEnv({"players": 2, "urls": [url]})
    assert env.possible_agents == ["player_0", "player_1"]
    space = env.observation_spaces["player_0"]
    assert space["observations"].shape == (D,) and space["action_mask"].shape == (A,)
    assert space["action_mask"].dtype == np.float32 and env.action_spaces["player_1"].n == A
    steps, total, (obs, rew, term, trunc) = play(env, 3, np.random.default_rng(0))
    assert steps > 2
    assert set(obs) == {"player_0", "player_1"}  # every seat's final observation
    assert set(rew) == {"player_0", "player_1"}
    assert sorted(total.values()) == pytest.approx([-1.0, 1.0])  # win/loss, zero-sum, given to both seats
    with pytest.raises(MerlinError, match="GAME_OVER"):  # stepping a finished game
        env.step({"player_0": 0})
    env.close()


def test_against_server_agents_only_the_learner_appears(url):
    env = MerlinMultiAgentEnv({"players": 2, "opponents": ["random"], "learner_seat": 1, "urls": url})
    obs, infos = env.reset(seed=4)
    assert list(obs) == ["player_1"] and infos["player_1"]["seat"] == 1
    steps, total, (obs, rew, term, trunc) = play(env, 4, np.random.default_rng(1))
    assert list(obs) == ["player_1"] and list(total) == ["player_1"]
    assert total["player_1"] in (-1.0, 1.0)
    env.close()


def test_seeds_pass_through(url):
    def trace(seed):
        env = MerlinMultiAgentEnv({"players": 2, "urls": [url]})
        out = []
        obs, _ = env.reset(seed=seed)
        for _ in range(30):
            agent, a = first_legal(obs)
            out.append((agent, a, float(obs[agent]["observations"].sum())))
            obs, _, term, trunc, _ = env.step({agent: a})
            if term["__all__"] or trunc["__all__"]:
                break
        obs, _ = env.reset()  # the next seed comes from the last explicit one
        out.append(float(next(iter(obs.values()))["observations"].sum()))
        env.close()
        return out

    assert trace(11) == trace(11)
    assert trace(11) != trace(12)


def test_bad_input_is_refused_with_clear_errors(url):
    with pytest.raises(ValueError, match="unknown MerlinMultiAgentEnv config keys"):
        MerlinMultiAgentEnv({"players": 2, "url": url})
    with pytest.raises(ValueError, match="opponents"):
        MerlinMultiAgentEnv({"players": 2, "opponents": "random", "urls": [url]})
    with pytest.raises(ValueError, match="unknown env_config keys"):
        ppo_config(env_config={"player": 2})
    env = MerlinMultiAgentEnv({"players": 2, "urls": [url]})
    obs, _ = env.reset(seed=1)
    agent, a = first_legal(obs)
    other = "player_1" if agent == "player_0" else "player_0"
    with pytest.raises(ValueError, match="agent to act"):
        env.step({other: a})
    with pytest.raises(ValueError, match="only"):
        env.step({agent: a, other: a})
    illegal = int(np.flatnonzero(obs[agent]["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError):
        env.step({agent: illegal})
    env.step({agent: a})  # still usable
    env.close()


def test_a_dead_server_fails_clearly_and_a_new_env_moves_to_a_live_one(url):
    own = LocalServer()
    env = MerlinMultiAgentEnv({"players": 2, "urls": [own.url, url]})
    assert env.url == own.url
    obs, _ = env.reset(seed=2)
    own.proc.kill()
    own.proc.wait(10)
    agent, a = first_legal(obs)
    with pytest.raises(ServerLostError) as e:
        env.step({agent: a})
    assert own.url in str(e.value) and "recreate" in str(e.value)
    assert isinstance(e.value, ConnectionError)
    again = MerlinMultiAgentEnv({"players": 2, "urls": [own.url, url]})  # what RLlib does on restart
    assert again.url == url
    again.reset(seed=2)
    again.close()


def test_the_game_key_names_the_game(url):
    env = MerlinMultiAgentEnv({"game": "merlin", "players": 2, "urls": [url]})
    assert env.game == "merlin" and env.spec["game"] == "merlin" and env.spec["variant"] == "full"
    steps, total, _ = play(env, 5, np.random.default_rng(2))
    assert steps > 2 and sorted(total.values()) == pytest.approx([-1.0, 1.0])
    env.close()
    with pytest.raises(MerlinError, match="UNKNOWN_GAME"):
        MerlinMultiAgentEnv({"game": "chess", "urls": [url]})


def test_economicon_self_play_and_against_server_agents(url, economicon):
    env = MerlinMultiAgentEnv({"game": economicon, "urls": [url]})
    assert env.spec["game"] == economicon
    steps, total, (obs, rew, term, trunc) = play(env, 3, np.random.default_rng(3))
    assert set(obs) == set(env.possible_agents) and steps > 2
    env.close()
    env = MerlinMultiAgentEnv({"game": economicon, "opponents": ["random"], "learner_seat": 0, "urls": [url]})
    steps, total, (obs, rew, term, trunc) = play(env, 4, np.random.default_rng(4))
    assert list(total) == ["player_0"]
    env.close()


@pytest.fixture(scope="module")
def ray_cluster():
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        yield ray
    finally:
        ray.shutdown()


def test_ppo_trains_on_two_env_runners(ray_cluster, url):
    """2 PPO iterations (tiny MLP, 2 env runners, self-play, 2 players) against `merlin serve`."""
    config = ppo_config(env_config={"players": 2, "urls": [url]}, num_env_runners=2, rollout_fragment_length=512,
                        train_batch_size=1024, minibatch_size=256, num_epochs=1, hiddens=(32,), seed=0)
    algo = config.build_algo()
    try:
        assert algo.env_runner_group.num_healthy_remote_workers() == 2
        episodes = 0
        for _ in range(2):
            result = algo.train()
            learner = result["learners"]["shared"]
            for key in ("total_loss", "policy_loss", "vf_loss", "entropy"):
                assert math.isfinite(float(learner[key])), (key, learner[key])
            episodes = int(result["env_runners"]["num_episodes_lifetime"])
        assert result["env_runners"]["num_env_steps_sampled_lifetime"] >= 2 * 1024
        assert episodes >= 1, "no episode ended in 2 iterations"
        assert result["training_iteration"] == 2
        module = algo.get_module("shared")
        stats = evaluate_win_rate(module, games=4, num_envs=2, url=url)
        assert stats["games"] == 4 and 0.0 <= stats["win_rate"] <= 1.0 and stats["mean_steps"] > 0
    finally:
        algo.stop()
