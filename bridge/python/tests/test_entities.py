"""Entity lists on the Python side (merlin_gym.entities): the tiny layout env/core/test/entities.test.ts pins gives
the same rows here; real observations from the bridge decode back exactly; the Dict-space wrapper passes
Gymnasium's checker and keeps the action mask."""
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import merlin_gym
from merlin_gym import Client, EntityLayout, EntityObservation, EntityVectorObservation


def tiny_spec():
    seg = lambda name, offset, length: {"name": name, "offset": offset, "length": length, "low": 0, "high": 9, "meaning": name}
    return {"observation": {
        "shape": [12],
        "segments": [seg("a", 0, 2), seg("g.x", 2, 6), seg("g.y", 8, 3), seg("b", 11, 1)],
        "entities": [{"name": "g", "axes": [{"name": "u", "size": 3}], "positional": ["u"], "segments": ["g.x", "g.y"], "meaning": "a thing"}],
    }}


def test_the_tiny_layout_gives_the_rows_the_typescript_test_pins():
    layout = EntityLayout(tiny_spec())
    flat = np.array([7, 8, 1, 2, 0, 0, 0, 0, 3, 0, 5, 9], np.float32)
    v = layout.encode(flat)
    assert v["global"].tolist() == [7, 8, 9]
    assert v["g_index"].tolist() == [0, 2, -1] and v["g_mask"].tolist() == [1, 1, 0]
    assert v["g"].ravel().tolist() == [1, 2, 3, 1, 0, 0, 0, 0, 5, 0, 0, 1, 0, 0, 0, 0, 0, 0]
    assert np.array_equal(layout.decode(v), flat)
    capped = EntityLayout(tiny_spec(), caps={"g": 1})
    assert capped.encode(flat)["g"].shape == (1, 6) and capped.dropped(flat)["g"] == 1
    batch = layout.encode(np.stack([flat, np.zeros(12, np.float32)]))
    assert batch["g"].shape == (2, 3, 6) and batch["g_mask"][1].tolist() == [0, 0, 0]
    with pytest.raises(ValueError, match="no entity group named"):
        EntityLayout(tiny_spec(), caps={"h": 2})
    with pytest.raises(ValueError, match="positive integer"):
        EntityLayout(tiny_spec(), caps={"g": 0})
    with pytest.raises(ValueError, match="declares no entity groups"):
        EntityLayout({"observation": {**tiny_spec()["observation"], "entities": []}})


def test_bridge_observations_regroup_and_decode_back(url):
    with Client(url) as c:
        spec = c.spec
    layout = EntityLayout(spec)
    assert [g["name"] for g in layout.groups] == ["seat", "slot", "unit", "hand", "reading", "futures", "loan", "policy", "bond", "share"]
    env = merlin_gym.gym_env(players=4, opponents=["heuristic"], url=url)
    obs, info = env.reset(seed=5)
    rng = np.random.default_rng(5)
    space = layout.space()
    for _ in range(60):
        v = layout.encode(obs)
        assert space.contains(v)
        assert np.array_equal(layout.decode(v), obs)
        assert v["seat_mask"].sum() == 4  # four seats present
        obs, _, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        if term or trunc:
            break
    env.close()


@pytest.mark.filterwarnings("ignore:.*different from the unwrapped")
def test_the_wrapper_is_a_gymnasium_dict_env(url):
    env = EntityObservation(merlin_gym.gym_env(players=4, illegal="noop", url=url), caps={"unit": 24, "slot": 64})
    check_env(env, skip_render_check=True)
    obs, info = env.reset(seed=3)
    assert obs["unit"].shape == (24, env.observation_space["unit"].shape[1]) and obs["slot_index"].shape == (64,)
    assert np.array_equal(env.action_masks(), info["action_mask"].astype(bool))
    env.close()


def test_the_vector_wrapper_batches_the_lists(url):
    envs = EntityVectorObservation(merlin_gym.vector_env(num_envs=3, players=4, url=url), caps={"unit": 16})
    obs, infos = envs.reset(seed=9)
    assert envs.observation_space.contains(obs) and obs["unit"].shape[:2] == (3, 16) and obs["seat_mask"].shape == (3, 6)
    flat = envs.env.reset(seed=9)[0]  # the same seed again: the same flat observations
    for i in range(3):
        assert np.array_equal(envs.layout.decode({k: v[i] for k, v in obs.items()}), flat[i])
    rng = np.random.default_rng(9)
    for _ in range(5):
        acts = [int(rng.choice(np.flatnonzero(m))) for m in infos["action_mask"]]
        obs, _, _, _, infos = envs.step(acts)
        assert envs.observation_space.contains(obs)
    assert envs.action_masks().shape == (3, len(infos["action_mask"][0]))
    envs.close()
