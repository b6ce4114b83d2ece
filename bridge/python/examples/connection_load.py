"""How many env-runner connections a `merlin serve` holds: open N connections, each with one env as an RLlib
env runner's MerlinMultiAgentEnv has (one aec batch, or one single-mode batch with --opponents), and step them
all at once from N threads for --seconds; print one JSON line with the totals.

    npx merlin serve --port 8765 --idle-timeout 0 &
    python bridge/python/examples/connection_load.py --url ws://127.0.0.1:8765 --connections 64 --seconds 30

Every connection plays uniformly random legal moves and resets when its game ends. Output keys:
``connections``, ``seconds``, ``steps``, ``steps_per_sec`` (all connections), ``per_connection_steps_min`` /
``_max``, ``held`` (connections opened that stepped to the end), ``step_latency_ms_p50`` / ``_p99`` (one round trip), ``games``, ``errors`` (a list of messages;
empty when every connection held).
"""
from __future__ import annotations

import argparse
import json
import sys
import threading
import time

import numpy as np

from merlin_gym import Client


def run(url: str, connections: int, seconds: float, players: int = 2, variant: str = "full", opponents=None, token=None) -> dict:
    """Open ``connections`` clients on ``url``, step them concurrently for ``seconds``; returns the totals (see the
    module docstring). Connection errors are collected in ``errors``, not raised."""
    if connections < 1 or seconds <= 0:
        raise ValueError(f"connections must be >= 1 and seconds > 0, got {connections}, {seconds}")
    clients, batches, errors = [], [], []
    failed = set()  # indices of opened connections that broke while stepping
    for i in range(connections):
        try:
            c = Client(url, token)
            mode = {"mode": "single", "opponents": list(opponents)} if opponents else {"mode": "aec"}
            b = c.create(num_envs=1, players=players, variant=variant, observation_encoding="dense", **mode)
            clients.append(c)
            batches.append(b)
        except Exception as e:  # noqa: BLE001 - reported, not raised
            errors.append(f"connection {i}: {type(e).__name__}: {e}")
    steps = [0] * len(batches)
    games = [0] * len(batches)
    latencies = [[] for _ in batches]
    start = threading.Barrier(len(batches) + 1)
    deadline = [0.0]

    def worker(k: int) -> None:
        b = batches[k]
        rng = np.random.default_rng(k)
        try:
            f = b.reset(k)
            start.wait()
            while time.perf_counter() < deadline[0]:
                row = f.masks[0] if b.mode == "single" else f.masks[0, int(f.agent[0])]
                a = int(rng.choice(np.flatnonzero(row)))
                t = time.perf_counter()
                f = b.step([a])
                latencies[k].append(time.perf_counter() - t)
                steps[k] += 1
                if f.terminated[0] or f.truncated[0]:
                    games[k] += 1
                    f = b.reset(k * 100_000 + games[k])
        except Exception as e:  # noqa: BLE001
            errors.append(f"connection {k}: {type(e).__name__}: {e}")
            failed.add(k)
            try:
                start.abort()
            except threading.BrokenBarrierError:
                pass

    threads = [threading.Thread(target=worker, args=(k,), daemon=True) for k in range(len(batches))]
    for t in threads:
        t.start()
    deadline[0] = time.perf_counter() + 3600
    try:
        start.wait()
    except threading.BrokenBarrierError:
        pass
    t0 = time.perf_counter()
    deadline[0] = t0 + seconds
    for t in threads:
        t.join(seconds + 60)
    elapsed = time.perf_counter() - t0
    for c in clients:
        c.close()
    lat = np.concatenate([np.asarray(x) for x in latencies]) if any(latencies) else np.zeros(1)
    return {
        "url": url, "connections": connections, "held": len(batches) - len(failed),
        "seconds": round(elapsed, 2), "steps": int(sum(steps)), "steps_per_sec": round(sum(steps) / elapsed, 1),
        "per_connection_steps_min": int(min(steps)) if steps else 0, "per_connection_steps_max": int(max(steps)) if steps else 0,
        "step_latency_ms_p50": round(float(np.percentile(lat, 50)) * 1e3, 2), "step_latency_ms_p99": round(float(np.percentile(lat, 99)) * 1e3, 2),
        "games": int(sum(games)), "errors": errors,
    }


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description="Step N concurrent env-runner connections on one merlin serve")
    p.add_argument("--url", required=True, help="ws://HOST:PORT of a running merlin serve")
    p.add_argument("--token", default=None)
    p.add_argument("--connections", type=int, default=64)
    p.add_argument("--seconds", type=float, default=30.0)
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--variant", default="full")
    p.add_argument("--opponents", default=None, help="comma-separated agent specs: single mode against them (default: aec self-play)")
    a = p.parse_args(argv)
    out = run(a.url, a.connections, a.seconds, a.players, a.variant, a.opponents.split(",") if a.opponents else None, a.token)
    print(json.dumps(out))
    return 0 if not out["errors"] else 1


if __name__ == "__main__":
    sys.exit(main())
