"""The vector env against the live bridge: shapes, zero-copy views, autoreset modes."""
import numpy as np

import merlin_gym


def masked_random(masks, rng):
    perm = rng.permutation(masks.shape[1])
    return perm[np.argmax(masks[:, perm], axis=1)]


def test_vector_env_steps_and_next_step_autoreset(url, sizes):
    D, A = sizes
    n = 8
    env = merlin_gym.vector_env(num_envs=n, players=2, url=url)
    rng = np.random.default_rng(0)
    obs, info = env.reset(seed=4)
    assert obs.shape == (n, D) and obs.dtype == np.float32
    assert info["action_mask"].shape == (n, A)
    assert env.observation_space.shape == (n, D) and env.single_action_space.n == A
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


def test_same_step_autoreset_gives_final_observations(url, sizes):
    D, A = sizes
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
                assert info["final_obs"][i].shape == (D,)
                assert info["action_mask"][i].sum() > 0  # already reset
            break
    else:
        raise AssertionError("no episode ended")
    env.close()


def test_one_connection_many_batches_and_opponent_service(url, sizes):
    D, A = sizes
    c = merlin_gym.Client(url)
    a = c.create(mode="single", num_envs=3, players=4)
    b = c.create(mode="aec", num_envs=2, players=3)
    fa = a.reset(1)
    fb = b.reset(1)
    assert fa.observations.shape == (3, D) and fb.observations.shape == (2, 3, D)
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


def test_sparse_and_dense_frames_decode_to_the_same_arrays(url):
    """The sparse wire encoding (the client's default) is lossless: same seeds, same arrays as dense, including
    same-step final observations and aec rows."""
    n = 6
    envs = [merlin_gym.vector_env(num_envs=n, players=3, autoreset="same_step", url=url, observation_encoding=e) for e in ("sparse", "dense")]
    assert [e.batch.layout["encoding"] for e in envs] == ["sparse", "dense"]
    (o1, i1), (o2, i2) = (e.reset(seed=21) for e in envs)
    assert np.array_equal(o1, o2) and np.array_equal(i1["action_mask"], i2["action_mask"])
    rng = np.random.default_rng(2)
    finals = 0
    for _ in range(1500):
        a = masked_random(i1["action_mask"], rng)
        o1, r1, t1, u1, i1 = envs[0].step(a)
        o2, r2, t2, u2, i2 = envs[1].step(a)
        assert np.array_equal(o1, o2) and np.array_equal(r1, r2) and np.array_equal(t1, t2) and np.array_equal(u1, u2)
        assert o1.flags.writeable and o1.dtype == np.float32
        if "final_obs" in i1:
            assert np.array_equal(i1["_final_obs"], i2["_final_obs"])
            for i in np.flatnonzero(i1["_final_obs"]):
                assert np.array_equal(i1["final_obs"][i], i2["final_obs"][i])
                finals += 1
    assert finals >= 1
    for e in envs:
        e.close()
    c = merlin_gym.Client(url)
    a, b = (c.create(mode="aec", num_envs=2, players=3, observation_encoding=e) for e in ("sparse", "dense"))
    fa, fb = a.reset(5), b.reset(5)
    assert fa.observations.shape == fb.observations.shape and np.array_equal(fa.observations, fb.observations)
    c.close()
