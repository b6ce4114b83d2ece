/**
 * `merlin probe --learn MINUTES`: AI playtesting with a learned agent. Scripted players show how a ruleset
 * plays when nobody looks for its holes; a policy trained by self-play on that very ruleset finds them (a
 * stall, a do-nothing line that wins). This trains one with the project's trainer (training/train.ts: the
 * self-play league with its snapshots and the heuristic, the imitation warm start, PPO, and by default the
 * main exploiter beside the league) for the time budget, saves the checkpoint beside the report, and probes
 * three fields of it with designer/probe.ts: self-play (the policy in every seat), against the game's
 * heuristic (when the game has one), against random. Each field's summary carries the truncation rate,
 * the length, the action categories' shares and the winner's line (designer/line.ts); game-agnostic.
 */
import type { TrainConfig, TrainOptions } from '../training/train.ts';
import { ArgumentError } from '../lib/errors.ts';
import { DEFAULT_GAME, gameEntry } from '../games/registry.ts';
import { runProbe, type LearnedRun, type ProbeSummary } from './probe.ts';

export interface LearnRequest {
  /** The registered game (default merlin). */
  game?: string;
  /** Ruleset name or path: the policy trains and is probed on it. */
  ruleset: string;
  players: number;
  seed: string;
  /** Training budget in minutes of wall time (0 with `maxUpdates`: updates alone). */
  minutes: number;
  /** Stop training after this many PPO updates, whichever comes first (default none). */
  maxUpdates?: number;
  /** Directory for the checkpoint (the report's folder: OUT-learned). */
  outDir: string;
  /**
   * Start from this checkpoint's weights (training/train.ts `initFrom`: same game, observation and hidden sizes)
   * instead of fresh ones; then no imitation warm start unless `train.imitationUpdates` asks for one. A short
   * budget on a shared machine gives a fresh network only its imitation updates (a copy of the heuristic).
   */
  from?: string;
  /** Train the main exploiter beside the league (training/train.ts `exploiter`; default true). */
  exploiter?: boolean;
  /** Games per field. */
  games: number;
  workers: number;
  /**
   * Training settings over the trainer's defaults (DEFAULT_TRAIN), e.g. a smaller network in tests, or `teacher`
   * (docs/TRAINING.md "Teacher regularisation"): on Merlin, self-play without it unlearns buying and fighting
   * whatever the rules, and restricted play against such a policy measures nothing.
   */
  train?: Partial<Omit<TrainConfig, 'game' | 'variants' | 'players' | 'opponents'>>;
  onBackend?: TrainOptions['onBackend'];
  onUpdate?: TrainOptions['onUpdate'];
  /** Progress of the probes: field index (0..2) and games done in it. */
  onGame?: (field: number, done: number) => void;
}

/** The fields the learned policy is probed in: a name and the line-up around it (its spec first). */
export function learnedFields(spec: string, players: number, heuristic: string | undefined): { field: string; agents: string[] }[] {
  const around = (other: string) => [spec, ...Array.from({ length: players - 1 }, () => other)];
  return [
    { field: 'self-play', agents: around(spec) },
    ...(heuristic ? [{ field: 'against the heuristic', agents: around(heuristic) }] : []),
    { field: 'against random', agents: around('random') },
  ];
}

/**
 * Train a self-play policy on `ruleset` (see module docs), then probe it in each of `learnedFields`.
 * @returns one summary per field, each with `field` and `learned` set
 * @throws ArgumentError for a budget of nothing or players out of range; RulesetError for a bad ruleset;
 *   CheckpointError if saving fails
 */
export async function runLearned(o: LearnRequest): Promise<ProbeSummary[]> {
  const entry = gameEntry(o.game ?? DEFAULT_GAME);
  const game = entry.game(o.ruleset);
  if (!Number.isInteger(o.players) || o.players < game.minPlayers || o.players > game.maxPlayers)
    throw new ArgumentError(`--players must be an integer in ${game.minPlayers}..${game.maxPlayers}, got ${o.players}`);
  if (!(o.minutes > 0) && !(o.maxUpdates !== undefined && o.maxUpdates > 0))
    throw new ArgumentError('--learn needs a positive number of minutes (or of updates)');
  const { train, DEFAULT_TRAIN, DEFAULT_EXPLOITER, imitationUpdatesFor } = await import('../training/train.ts');
  const withExploiter = o.exploiter ?? true;
  const config: TrainConfig = {
    ...DEFAULT_TRAIN,
    ...o.train,
    ...(o.game === undefined ? {} : { game: o.game }),
    variants: [o.ruleset],
    players: o.players,
    seed: o.train?.seed ?? `learn/${o.seed}`,
    imitationUpdates: imitationUpdatesFor(o.from, o.train?.imitationUpdates),
    ...(o.from === undefined ? {} : { initFrom: o.from }),
    ...(withExploiter ? { exploiter: o.train?.exploiter ?? DEFAULT_EXPLOITER } : {}),
  };
  if (!withExploiter) delete config.exploiter;
  let joined = 0;
  const result = await train({
    config,
    out: o.outDir,
    minutes: o.minutes,
    maxUpdates: o.maxUpdates,
    onBackend: o.onBackend,
    onUpdate: (p) => {
      if (p.record.exploiter?.added) joined++;
      o.onUpdate?.(p);
    },
  });
  const spec = `ppo:${o.outDir}`;
  const learned: LearnedRun = {
    spec,
    minutes: o.minutes,
    from: o.from ?? null,
    imitation_updates: Math.min(result.updates, config.imitationUpdates),
    updates: result.updates,
    episodes: result.episodes,
    wall_seconds: Math.round(result.wallSeconds * 10) / 10,
    exploiter: withExploiter,
    exploiters_joined: joined,
    teacher: config.teacher ? { coef: config.teacher.coef, kinds: [...(config.teacher.kinds ?? [])] } : null,
    rewards: { ...config.rewards },
  };
  const summaries: ProbeSummary[] = [];
  for (const [i, f] of learnedFields(spec, o.players, entry.agents.heuristic?.spec).entries()) {
    const s = await runProbe({
      ...(o.game === undefined ? {} : { game: o.game }),
      ruleset: o.ruleset,
      agents: f.agents,
      seed: o.seed,
      games: o.games,
      workers: o.workers,
      onGame: (n) => o.onGame?.(i, n),
    });
    summaries.push({ ...s, field: f.field, learned });
  }
  return summaries;
}
