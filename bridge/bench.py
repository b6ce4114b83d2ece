#!/usr/bin/env python3
"""Bridge throughput over loopback (docs/BENCHMARKS.md, "Bridge").

    .venv/bin/python bridge/bench.py [--num-envs 256] [--seconds 5] [--json]

1. in-process baseline: env/core's VectorEnv with N envs in one Node thread (bridge/bench-inprocess.ts);
2. the bridge: merlin_gym.vector_env(num_envs=N) against a local server (spawned on 127.0.0.1), random
   masked actions chosen with numpy, steps/s (N per batch step) and its ratio to 1;
3. lockstep: one env (random opponents, the default Gymnasium setup) and one self-play env, the median
   round trip of `step` (send one action, receive and decode the frame) after a warm-up.
Targets: ratio >= 0.5; lockstep median < 200 us.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bridge" / "python"))
import merlin_gym  # noqa: E402
from merlin_gym.client import Client, LocalServer  # noqa: E402


def random_masked(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One random legal action per row: the first legal id in a random column order (vectorised)."""
    perm = rng.permutation(masks.shape[1])
    return perm[np.argmax(masks[:, perm], axis=1)].astype(np.int32)


def in_process(n: int, seconds: float) -> dict:
    out = subprocess.run(["npx", "tsx", "bridge/bench-inprocess.ts", str(n), str(seconds)], cwd=ROOT, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def bridge_vector(url: str, n: int, seconds: float, encoding: str = "sparse") -> dict:
    env = merlin_gym.vector_env(num_envs=n, url=url, observation_encoding=encoding)
    rng = np.random.default_rng(0)
    try:
        obs, info = env.reset(seed=0)
        masks = info["action_mask"]
        t = time.perf_counter()
        while time.perf_counter() - t < 2.0:  # warm-up (server JIT)
            obs, r, term, trunc, info = env.step(random_masked(masks, rng))
            masks = info["action_mask"]
        steps = 0
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            obs, r, term, trunc, info = env.step(random_masked(masks, rng))
            masks = info["action_mask"]
            steps += n
        secs = time.perf_counter() - t0
    finally:
        env.close()
    return {"num_envs": n, "encoding": encoding, "steps": steps, "seconds": secs, "steps_per_sec": round(steps / secs)}


def lockstep(url: str, learner_seat, samples: int = 5000, encoding: str = "sparse") -> dict:
    c = Client(url)
    b = c.create(mode="single", num_envs=1, players=4, learner_seat=learner_seat, observation_encoding=encoding)
    rng = np.random.default_rng(1)
    f = b.reset(0)
    ts = []
    for i in range(samples + 2000):
        a = random_masked(f.masks, rng)
        t = time.perf_counter()
        f = b.step(a)
        ts.append(time.perf_counter() - t)
    b.close()
    c.close()
    ts = np.array(ts[2000:]) * 1e6
    return {"learner_seat": learner_seat, "samples": samples, "median_us": round(float(np.median(ts)), 1), "p90_us": round(float(np.percentile(ts, 90)), 1)}


def machine() -> dict:
    cpu = platform.processor() or ""
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {"cpu": cpu, "cores": os.cpu_count(), "python": platform.python_version(), "numpy": np.__version__}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--num-envs", type=int, default=256)
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--url", help="attach to a running server instead of spawning one")
    ap.add_argument("--rounds", type=int, default=3, help="alternate in-process and bridge runs this many times (medians reported)")
    ap.add_argument("--encoding", choices=["sparse", "dense"], default="sparse", help="observation encoding on the wire (the client's default: sparse)")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    server = None if a.url else LocalServer()
    url = a.url or server.url
    bases, vecs = [], []
    try:
        # Alternate the two measurements so that load from other processes affects both alike.
        for _ in range(a.rounds):
            bases.append(in_process(a.num_envs, a.seconds)["steps_per_sec"])
            vecs.append(bridge_vector(url, a.num_envs, a.seconds, a.encoding)["steps_per_sec"])
        # Lockstep is one env: measured with the one-env wrappers' encoding (dense), see merlin_gym.Client.create.
        single = lockstep(url, "random", encoding="dense")
        selfplay = lockstep(url, "all", encoding="dense")
    finally:
        if server:
            server.close()
    base, vec = float(np.median(bases)), float(np.median(vecs))
    r = {
        "in_process_vector_steps_per_sec": round(base),
        "bridge_vector_steps_per_sec": round(vec),
        "ratio": round(vec / base, 3),
        "rounds": {"in_process": bases, "bridge": vecs, "ratios": [round(v / b, 3) for b, v in zip(bases, vecs)]},
        "num_envs": a.num_envs,
        "encoding": a.encoding,
        "lockstep_median_us": single["median_us"],
        "lockstep_p90_us": single["p90_us"],
        "lockstep_selfplay_median_us": selfplay["median_us"],
        "machine": machine(),
        "date": time.strftime("%Y-%m-%d"),
    }
    if a.json:
        print(json.dumps(r))
    else:
        print(f"in-process VectorEnv (N={a.num_envs}, one Node thread): {r['in_process_vector_steps_per_sec']:,} steps/s")
        print(f"bridge vector env (N={a.num_envs}, one connection):    {r['bridge_vector_steps_per_sec']:,} steps/s ({r['ratio']:.0%} of in-process; target >= 50%)")
        print(f"per round: in-process {bases}, bridge {vecs}, ratios {r['rounds']['ratios']}")
        print(f"lockstep, one env with 3 random opponents: median {r['lockstep_median_us']} us, p90 {r['lockstep_p90_us']} us (target < 200 us)")
        print(f"lockstep, one self-play env:               median {r['lockstep_selfplay_median_us']} us")
        print(f"machine: {r['machine']}")


if __name__ == "__main__":
    main()
