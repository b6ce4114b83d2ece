"""Train Merlin Economics with Ray RLlib PPO (action masking) on N env runners, against the bridge's agents or
in self-play; print the win rate against `random` as it trains; save a checkpoint.

    pip install -e "bridge/python[rllib]"               # ray[rllib] and torch, pinned
    python bridge/python/examples/rllib_ppo.py --minutes 30 --env-runners 2
    # servers you started (one per node, or several): each env runner takes one, in order
    python bridge/python/examples/rllib_ppo.py --urls ws://127.0.0.1:8801,ws://127.0.0.1:8802 --minutes 30
    # on a Ray cluster (`ray start --head` / `ray start --address=HEAD:6379`, see docs/DISTRIBUTED.md)
    python bridge/python/examples/rllib_ppo.py --ray-address auto --env-runners 16 --urls ws://...,ws://... --token T

Without --urls every env runner process (and this driver, for evaluation) starts its own local
`merlin serve`. Each line printed is also appended as JSON to --log when given. Evaluation plays the
current policy (sampling from the masked distribution) against `random` in the other seats, with the same
seeded deals each time, in this driver process.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import sys
import tempfile
import time

from merlin_gym.cluster import normalize_urls


def parse_args(argv=None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--minutes", type=float, default=30.0, help="training budget in wall-clock minutes (sampling and updates; the evaluations against random run outside it)")
    p.add_argument("--iterations", type=int, default=0, help="stop after this many PPO iterations (0: only --minutes)")
    p.add_argument("--env-runners", type=int, default=2, help="RLlib env runner processes (each 1 CPU in Ray's accounting)")
    p.add_argument("--envs-per-runner", type=int, default=1)
    p.add_argument("--urls", default=None, help="comma-separated ws:// URLs of running `merlin serve`s (default: local servers)")
    p.add_argument("--token", default=os.environ.get("MERLIN_TOKEN"), help="the servers' --token (default: $MERLIN_TOKEN)")
    p.add_argument("--ray-address", default=None, help="an existing Ray cluster ('auto' or HOST:PORT); default: a local one")
    p.add_argument("--num-cpus", type=int, default=0, help="CPUs of the local Ray instance (default: max(cores, env runners))")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--game", default="merlin", help="the game to train on (any the server plays: merlin_gym.Client(url).games)")
    p.add_argument("--variant", default=None, help="the game's variant (default: the game's default variant)")
    p.add_argument("--opponent", default="random", help="the server agent in the other seats during training (ignored with --self-play)")
    p.add_argument("--self-play", action="store_true", help="every seat is the learning policy (bridge aec mode)")
    p.add_argument("--shaped", type=float, default=1000.0,
                   help="shaped reward: net-worth change (gold) / this, added to the terminal win/loss (0: win/loss only)")
    p.add_argument("--hiddens", default="64,64", help="MLP layer sizes")
    p.add_argument("--lr", type=float, default=3e-4)
    p.add_argument("--entropy", type=float, default=0.01)
    p.add_argument("--fragment", type=int, default=512, help="rollout fragment length (env steps per runner per sample)")
    p.add_argument("--batch", type=int, default=2048, help="env steps per PPO update")
    p.add_argument("--minibatch", type=int, default=64, help="SGD minibatch (env steps); 64 as Stable-Baselines3's PPO")
    p.add_argument("--epochs", type=int, default=10, help="SGD passes over each batch; 10 as Stable-Baselines3's PPO")
    p.add_argument("--gamma", type=float, default=0.99, help="discount")
    p.add_argument("--gae-lambda", type=float, default=0.95, help="GAE lambda")
    p.add_argument("--eval-games", type=int, default=240, help="games per evaluation against random")
    p.add_argument("--eval-every", type=float, default=10.0, help="minutes between evaluations")
    p.add_argument("--eval-envs", type=int, default=60, help="games played at a time in an evaluation")
    p.add_argument("--checkpoint", default=os.path.join(tempfile.gettempdir(), "merlin-rllib-checkpoint"),
                   help="directory for the checkpoint (saved at each evaluation; restore with Algorithm.from_checkpoint)")
    p.add_argument("--log", default=None, help="append every printed record as a JSON line to this file")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--no-env-recreate", action="store_true",
                   help="on a failed env step (e.g. its server died) let the env runner fail and RLlib restart the runner, "
                        "instead of recreating the env inside the runner")
    a = p.parse_args(argv)
    a.urls = normalize_urls(a.urls)
    a.hiddens = [int(h) for h in a.hiddens.split(",") if h.strip()]
    for name in ("minutes", "env_runners", "envs_per_runner", "players", "fragment", "batch", "minibatch", "epochs", "eval_games"):
        if getattr(a, name) < (0 if name == "env_runners" else 1):
            p.error(f"--{name.replace('_', '-')} is out of range: {getattr(a, name)}")
    return a


def main(argv=None) -> int:
    args = parse_args(argv)
    import ray

    from merlin_gym.rllib import evaluate_win_rate, ppo_config

    log_file = open(args.log, "a") if args.log else None

    def emit(kind: str, text: str, **fields) -> None:
        print(f"[{time.strftime('%H:%M:%S')}] {kind:5s} {text}", flush=True)
        if log_file:
            log_file.write(json.dumps({"kind": kind, "time": time.time(), **fields}) + "\n")
            log_file.flush()

    if args.ray_address:
        ray.init(address=args.ray_address)
    else:
        ray.init(num_cpus=args.num_cpus or max(os.cpu_count() or 1, args.env_runners), include_dashboard=False)

    env_config = {"players": args.players, "game": args.game, "variant": args.variant, "urls": args.urls, "token": args.token}
    if not args.self_play:
        env_config["opponents"] = [args.opponent]
    if args.shaped > 0:
        env_config["rewards"] = {"shaped": True, "shaped_scale": args.shaped}
    config = ppo_config(env_config=env_config, num_env_runners=args.env_runners, num_envs_per_env_runner=args.envs_per_runner,
                        rollout_fragment_length=args.fragment, train_batch_size=args.batch, minibatch_size=args.minibatch,
                        num_epochs=args.epochs, lr=args.lr, entropy_coeff=args.entropy, gamma=args.gamma, lambda_=args.gae_lambda, hiddens=args.hiddens, seed=args.seed,
                        restart_failed_sub_environments=not args.no_env_recreate)
    eval_url = args.urls[0] if args.urls else None
    algo = config.build_algo()
    emit("start", f"{args.env_runners} env runners, {'self-play' if args.self_play else 'vs ' + args.opponent}, "
                  f"{args.players} players, {args.game} variant {args.variant or 'default'}, servers {args.urls or 'local'}",
         args={k: v for k, v in vars(args).items() if k != "token"})

    def evaluate(it: int, elapsed: float) -> dict:
        s = evaluate_win_rate(algo.get_module("shared"), opponent="random", games=args.eval_games, players=args.players,
                              game=args.game, variant=args.variant, seed=args.seed + 1_000_003, num_envs=args.eval_envs, url=eval_url, token=args.token)
        path = algo.save_to_path(os.path.abspath(args.checkpoint))
        emit("eval", f"iter {it}  t={elapsed:.0f}s  win_rate_vs_random={s['win_rate']:.3f} ±{s['ci95']:.3f} "
                     f"({s['wins']}/{s['games']}, {s['mean_steps']:.0f} steps/game, {s['seconds']:.0f}s)  checkpoint {path}",
             iteration=it, elapsed=elapsed, checkpoint=path, **s)
        return s

    eval_seconds = [0.0]

    def timed_evaluate(it: int) -> dict:
        t = time.time()
        s = evaluate(it, t - t0 - eval_seconds[0])
        eval_seconds[0] += time.time() - t
        return s

    t0 = time.time()
    first = timed_evaluate(0)
    last_eval = time.time()
    it = 0
    last = first
    steps0, tl = 0, time.time()
    while True:
        result = algo.train()
        it += 1
        elapsed = time.time() - t0 - eval_seconds[0]  # training time: evaluations excluded
        er, lr = result.get("env_runners", {}), result.get("learners", {}).get("shared", {})
        steps = int(er.get("num_env_steps_sampled_lifetime", 0))
        now = time.time()
        rate = (steps - steps0) / max(now - tl, 1e-9)
        steps0, tl = steps, now
        loss = float(lr.get("total_loss", float("nan")))
        emit("iter", f"{it}  t={elapsed:.0f}s  env_steps={steps}  steps/s={rate:.0f}  episodes={int(er.get('num_episodes_lifetime', 0))}  "
                     f"return_mean={float(er.get('episode_return_mean', float('nan'))):.3f}  loss={loss:.4f}  "
                     f"healthy_runners={algo.env_runner_group.num_healthy_remote_workers()}/{args.env_runners}",
             iteration=it, elapsed=elapsed, env_steps=steps, steps_per_sec=rate, loss=loss,
             episodes=int(er.get("num_episodes_lifetime", 0)), return_mean=float(er.get("episode_return_mean", float("nan"))),
             env_step_failures=int(er.get("num_env_step_failures", 0) or 0))
        if not math.isfinite(loss):
            emit("error", "the loss is not finite: stopping")
            break
        out_of_time = elapsed >= args.minutes * 60 or (args.iterations and it >= args.iterations)
        if out_of_time or time.time() - last_eval >= args.eval_every * 60:
            last = timed_evaluate(it)
            last_eval = time.time()
        if out_of_time:
            break
    emit("done", f"win rate vs random {first['win_rate']:.3f} -> {last['win_rate']:.3f} after {it} iterations, "
                 f"{time.time() - t0 - eval_seconds[0]:.0f}s of training ({time.time() - t0:.0f}s with evaluations)", first=first, last=last, iterations=it)
    algo.stop()
    ray.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
