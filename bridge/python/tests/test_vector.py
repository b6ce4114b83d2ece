"""The vector env against the live bridge: shapes, zero-copy views, autoreset modes."""
import numpy as np

import merlin_gym


def masked_random(masks, rng):
    perm = rng.permutation(masks.shape[1])
    return perm[np.argmax(masks[:, perm], axis=1)]


def test_vector_env_steps_and_next_step_autoreset(url):
    n = 8
    env = merlin_gym.vector_env(num_envs=n, players=2, url=url)
    rng = np.random.default_rng(0)
    obs, info = env.reset(seed=4)
    assert obs.shape == (n, 7707) and obs.dtype == np.float32
    assert info["action_mask"].shape == (n, 991)
    assert env.observation_space.shape == (n, 7707) and env.single_action_space.n == 991
    done_prev = np.zeros(n, bool)
    episodes = 0
    for _ in range(3000):
        obs, r, term, trunc, info = env.step(masked_random(info["action_mask"], rng))
        assert r.shape == (n,) and term.dtype == bool and trunc.dtype == bool
        # an env that ended last step has been reset: reward 0, flags clear
        assert np.all(r[done_prev] == 0) and not np.any(term[done_prev] | trunc[done_prev])
        assert np.all(info["action_mask"][~(term | trunc)].sum(axis=1) > 0)
        done_prev = term | trunc
        episodes += int(done_prev.sum())
        if episodes >= 3:
            break
    assert episodes >= 3
    assert np.array_equal(env.action_masks(), info["action_mask"].astype(bool))
    env.close()


def test_same_step_autoreset_gives_final_observations(url):
    n = 4
    env = merlin_gym.vector_env(num_envs=n, players=2, autoreset="same_step", url=url)
    rng = np.random.default_rng(1)
    obs, info = env.reset(seed=8)
    for _ in range(3000):
        obs, r, term, trunc, info = env.step(masked_random(info["action_mask"], rng))
        done = term | trunc
        if done.any():
            assert np.array_equal(info["_final_obs"], done)
            for i in np.flatnonzero(done):
                assert info["final_obs"][i].shape == (7707,)
                assert info["action_mask"][i].sum() > 0  # already reset
            break
    else:
        raise AssertionError("no episode ended")
    env.close()


def test_one_connection_many_batches_and_opponent_service(url):
    c = merlin_gym.Client(url)
    a = c.create(mode="single", num_envs=3, players=4)
    b = c.create(mode="aec", num_envs=2, players=3)
    fa = a.reset(1)
    fb = b.reset(1)
    assert fa.observations.shape == (3, 7707) and fb.observations.shape == (2, 3, 7707)
    seat = int(fb.agent[0])
    assert fb.masks[0, seat].sum() > 0
    state = b.state(0)
    r = c.act("random", state=state, seed=3)
    assert fb.masks[0, seat][r["action"]] == 1 and r["seat"] == seat and r["description"]
    r2 = c.act("random", history={"players": 3, "seed": "1/0", "actions": []}, seed=3)
    assert r2["action"] == r["action"]
    assert c.describe_action(r["action"], state=state) == r["description"]
    a.close()
    b.close()
    c.close()
