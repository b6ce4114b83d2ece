"""RLlib PPO throughput on merlin-gym with 1, 2, 4 … env runners: env steps per second of training (sampling and
the PPO update, as a run sees them). One JSON line per runner count.

    python bridge/python/examples/rllib_throughput.py --runners 1,2,4 --iterations 8 [--urls ws://...]

The configuration is the example's (examples/rllib_ppo.py: action-masking PPO, 64x64 MLP, 2 players against
the server's `random`, 2,048 env steps per update in 2 epochs), with the rollout fragment set to
2,048 / runners so that every runner count trains on the same batch. The first iteration (warm-up) is
left out of the medians. Without --urls each env runner starts its own local server.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

from merlin_gym.cluster import normalize_urls


def measure(runners: int, iterations: int, urls=None, players: int = 2, batch: int = 2048, seed: int = 0) -> dict:
    """Train ``iterations`` PPO iterations with ``runners`` env runners (on the Ray instance already started);
    returns the median over iterations 2.. of ``steps_per_sec`` (env steps / iteration wall time) and every
    iteration's figure in ``steps_per_sec_each``.
    Raises ``ValueError`` for runners < 1 or iterations < 2."""
    from merlin_gym.rllib import ppo_config

    if runners < 1 or iterations < 2:
        raise ValueError(f"runners must be >= 1 and iterations >= 2, got {runners}, {iterations}")
    config = ppo_config(env_config={"players": players, "opponents": ["random"], "urls": urls,
                                    "rewards": {"shaped": True, "shaped_scale": 1000}},
                        num_env_runners=runners, rollout_fragment_length=max(1, batch // runners), train_batch_size=batch,
                        minibatch_size=256, num_epochs=2, hiddens=(64, 64), seed=seed)
    algo = config.build_algo()
    try:
        wall = []
        last = 0
        for _ in range(iterations):
            t = time.perf_counter()
            r = algo.train()
            dt = time.perf_counter() - t
            steps = int(r["env_runners"]["num_env_steps_sampled_lifetime"])
            new, last = steps - last, steps
            wall.append(new / dt)
        return {"env_runners": runners, "iterations": iterations, "env_steps": last,
                "steps_per_sec": round(statistics.median(wall[1:]), 1),
                "steps_per_sec_each": [round(x) for x in wall]}
    finally:
        algo.stop()


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description="RLlib PPO throughput on merlin-gym by number of env runners")
    p.add_argument("--runners", default="1,2,4", help="comma-separated env runner counts")
    p.add_argument("--iterations", type=int, default=8)
    p.add_argument("--urls", default=None, help="comma-separated ws:// servers (default: one local server per runner)")
    a = p.parse_args(argv)
    counts = [int(x) for x in a.runners.split(",") if x.strip()]
    import ray

    ray.init(num_cpus=max(counts), include_dashboard=False, log_to_driver=False)
    try:
        for n in counts:
            print(json.dumps(measure(n, a.iterations, normalize_urls(a.urls))), flush=True)
    finally:
        ray.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
