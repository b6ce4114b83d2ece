/**
 * `merlin train` (and `npm start`): self-play PPO training with progress on stderr, a checkpoint in
 * --out, metrics.jsonl and training-curve.svg beside it, then an evaluation of the result against
 * `random` and `heuristic` opponents per variant, printed as a table and stored in the manifest.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import cliProgress from 'cli-progress';
import { ArgumentError } from '../lib/errors.ts';
import { rewardOptions, type RewardChoice, type TruncationChoice } from '../training/reward-choices.ts';
import { backendLabel, type BackendName } from '../training/backend.ts';
import { trainingCurveSvg } from '../training/chart.ts';
import { manifestMismatch, readManifest, readNetShape, type CheckpointManifest, type EvalRecord } from '../policy/checkpoint.ts';
import {
  leagueEstimateText,
  measuredText,
  RECENT_UPDATES,
  recentResults,
  trainingProgressSteps,
  type UpdateFigures,
} from '../training/progress.ts';
import {
  DEFAULT_EXPLOITER,
  DEFAULT_TRAIN,
  imitationUpdatesFor,
  ppoWith,
  recordEvaluation,
  train,
  type TrainConfig,
  type TrainResult,
  type UpdateRecord,
} from '../training/train.ts';
import { defaultCollectors } from '../training/collector-thread.ts';
import { checkFixedShares } from '../training/league.ts';
import { actionCostTable, teacherActionTable, type TeacherOptions } from '../training/rollout.ts';
import { runEval } from './eval.ts';
import { fitFields, PLAIN_LINE_SECONDS, progress, terminalWidth, withBar } from './progress.ts';
import { checkPlayers } from './flags.ts';
import { DEFAULT_GAME, gameEntry } from '../games/registry.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export interface TrainCommand {
  /** The registered game (games/registry.ts; default `merlin`). */
  game?: string;
  minutes: number;
  updates?: number;
  variants: string[];
  players: number;
  envs: number;
  horizon: number;
  /** Hidden layer sizes; absent: the `initFrom` checkpoint's, else DEFAULT_TRAIN's. */
  hidden?: number[];
  seed: string;
  /** Imitation updates; absent: 0 with `initFrom`, else DEFAULT_TRAIN's (training/train.ts `imitationUpdatesFor`). */
  imitationUpdates?: number;
  /** Adam's step size (PpoConfig.learningRate; default DEFAULT_PPO's 3e-4). */
  learningRate?: number;
  /** The entropy bonus's weight (PpoConfig.entCoef; default DEFAULT_PPO's 0.01). */
  entCoef?: number;
  opponents?: string[];
  /** Start from this checkpoint's weights (TrainConfig.initFrom). */
  initFrom?: string;
  /** The learner's reward (training/reward-choices.ts `REWARD_CHOICES`; default lead-potential). */
  reward?: RewardChoice;
  /** What a truncated game pays the learner (`draw`, the default, or `rank`). */
  truncation?: TruncationChoice;
  /** The learner's cost per action of these kinds (RewardOptions.actionCosts; `--action-cost KIND=COST,...`). */
  actionCosts?: Record<string, number>;
  /** Teacher regularisation (TrainConfig.teacher; `--teacher-coef`, `--teacher-kinds`). */
  teacher?: TeacherOptions;
  /** Train a main exploiter beside the league: an exploiter update every this many learner updates (TrainConfig.exploiter). */
  exploiterEvery?: number;
  /** Fixed shares of the league's baselines per episode (LeagueOptions.fixedShares; `--league-shares heuristic=0.2`). */
  leagueShares?: Partial<Record<'random' | 'heuristic', number>>;
  /** Threads a rollout runs on (TrainConfig.collectors; default `defaultCollectors()`: 2 on two or more cores with the SIMD kernels). */
  collectors?: number;
  out: string;
  resume: boolean;
  backend?: BackendName;
  evalGames: number;
  workers: number;
  quiet: boolean;
}

/** Parse "256,128" into positive integers. @throws ArgumentError */
export function parseSizes(text: string, what: string): number[] {
  const xs = text.split(',').map((x) => Number(x.trim()));
  if (xs.length === 0 || xs.some((x) => !Number.isInteger(x) || x < 1))
    throw new ArgumentError(`${what} must be comma-separated positive integers, got "${text}"`);
  return xs;
}

/**
 * Evaluate checkpoint `dir` of registered game `game` against (P-1) x random and (P-1) x the game's
 * heuristic (when it has one) on each variant.
 */
export async function evaluateCheckpoint(
  dir: string,
  variants: string[],
  players: number,
  games: number,
  workers: number,
  seed: string,
  onGame?: (n: number) => void,
  game: string = DEFAULT_GAME,
): Promise<EvalRecord[]> {
  const out: EvalRecord[] = [];
  const me = `ppo:${dir}`;
  const heuristic = gameEntry(game).agents.heuristic?.spec;
  for (const variant of variants)
    for (const opp of heuristic ? ['random', heuristic] : ['random']) {
      const agents = [me, ...Array(players - 1).fill(opp)];
      const r = await runEval({ game, variant, agents, games, seed: `${seed}/eval`, workers, onGame });
      const share = r.action_share_by_agent[me];
      out.push({
        variant,
        opponents: `${players - 1} x ${opp}`,
        games,
        wins: r.wins_by_agent[me],
        winRate: r.win_rate_by_agent[me],
        ci95: r.ci95_by_agent[me],
        marketShare: share.market,
        combatShare: share.combat,
      });
    }
  return out;
}

/** A shipped checkpoint's own evaluation (its manifest's), shown beside a run's for scale. */
export interface ReferenceEvaluation {
  /** How the column is headed, e.g. `checkpoints/default`. */
  label: string;
  rows: EvalRecord[];
}

/**
 * The evaluation as a text table. With `reference`, one more column gives the reference checkpoint's
 * recorded win rate in the same variant against the same opponents ('-' where it has none).
 */
export function evalTable(rows: EvalRecord[], players: number, reference?: ReferenceEvaluation): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const head = ['variant', 'opponents', 'games', 'win rate', '95% interval', 'fair share', 'market actions', 'combat actions'];
  if (reference) head.push(`${reference.label} (its own evaluation)`);
  const body = rows.map((r) => {
    const cells = [
      r.variant,
      r.opponents,
      String(r.games),
      pct(r.winRate),
      `[${pct(r.ci95[0])}, ${pct(r.ci95[1])}]`,
      pct(1 / players),
      r.marketShare === undefined ? '-' : pct(r.marketShare),
      r.combatShare === undefined ? '-' : pct(r.combatShare),
    ];
    if (reference) {
      const ref = reference.rows.find((x) => x.variant === r.variant && x.opponents === r.opponents);
      cells.push(ref ? `${pct(ref.winRate)} of ${ref.games}` : '-');
    }
    return cells;
  });
  const w = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(w[i])).join('  ');
  return [line(head), line(w.map((n) => '-'.repeat(n))), ...body.map(line)].join('\n');
}

/**
 * The shipped checkpoint (a folder under checkpoints/) made for `game` at `players` players with the same
 * observation spec and actions as the run, whose manifest records an evaluation; null when there is none
 * (or the run wrote over it). One whose evaluation covers the run's main variant comes first (a `prosperity`
 * run is compared with `checkpoints/prosperity`); among equals the first in name order wins
 * (`checkpoints/default` for Merlin's `full`).
 */
export function shippedReference(game: string, manifest: CheckpointManifest, out: string): ReferenceEvaluation | null {
  const dir = join(root, 'checkpoints');
  if (!existsSync(dir)) return null;
  let first: ReferenceEvaluation | null = null;
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (resolve(path) === resolve(out) || !existsSync(join(path, 'manifest.json'))) continue;
    let m: CheckpointManifest;
    try {
      m = readManifest(path);
    } catch {
      continue;
    }
    if (m.players !== manifest.players || !m.evaluation?.length || manifestMismatch(m, { ...manifest, game }) !== null) continue;
    const ref = { label: `checkpoints/${name}`, rows: m.evaluation };
    if (m.evaluation.some((r) => r.variant === manifest.variants[0])) return ref;
    first ??= ref;
  }
  return first;
}

/** The members whose win rates the progress line shows (with `--opponents`, the field's members instead). */
const BASELINES = ['random', 'heuristic'] as const;

/** Run the command; returns the training result, the evaluation rows and the table text. */
export async function runTrainCommand(c: TrainCommand): Promise<{ result: TrainResult; evaluation: EvalRecord[]; table: string }> {
  if (!(c.minutes > 0) && c.updates === undefined) throw new ArgumentError('--minutes must be positive (or give --updates)');
  const main = gameEntry(c.game).game(c.variants[0]);
  checkPlayers(c.players, { min: main.minPlayers, max: main.maxPlayers, why: `${main.name}'s ${c.variants[0]} ruleset allows` });
  // A misspelt kind fails here, before any work (the collector resolves the names again on its thread).
  if (c.actionCosts) actionCostTable(gameEntry(c.game).reporting(main), main.numActions, c.actionCosts);
  if (c.teacher) teacherActionTable(gameEntry(c.game).reporting(main), main.numActions, c.teacher.kinds ?? []);
  const config: TrainConfig = {
    ...DEFAULT_TRAIN,
    ...(c.game === undefined ? {} : { game: c.game }),
    variants: c.variants,
    players: c.players,
    numEnvs: c.envs,
    horizon: c.horizon,
    hidden: c.hidden ?? (c.initFrom === undefined ? DEFAULT_TRAIN.hidden : readNetShape(c.initFrom).hidden),
    seed: c.seed,
    imitationUpdates: imitationUpdatesFor(c.initFrom, c.imitationUpdates),
    ppo: ppoWith(c),
    opponents: c.opponents,
    ...(c.initFrom === undefined ? {} : { initFrom: c.initFrom }),
    ...(c.reward === undefined && c.truncation === undefined && c.actionCosts === undefined
      ? {}
      : { rewards: { ...rewardOptions(c.reward, c.truncation), ...(c.actionCosts ? { actionCosts: c.actionCosts } : {}) } }),
    ...(c.exploiterEvery === undefined ? {} : { exploiter: { ...DEFAULT_EXPLOITER, every: c.exploiterEvery } }),
    ...(c.leagueShares === undefined ? {} : { league: { ...DEFAULT_TRAIN.league, fixedShares: c.leagueShares } }),
    collectors: c.collectors ?? defaultCollectors(),
    ...(c.teacher ? { teacher: c.teacher } : {}),
  };
  const err = (s: string) => {
    if (!c.quiet) process.stderr.write(s);
  };
  // On a terminal, a progress bar whose line fits the terminal's width (the most useful fields first:
  // training/progress.ts); in a log file or CI console, the whole line at most every PLAIN_LINE_SECONDS.
  const tty = process.stderr.isTTY === true;
  let lastLine = 0;
  const bar =
    c.quiet || !tty
      ? null
      : new cliProgress.SingleBar(
          {
            stream: process.stderr,
            format: (_options, p, figures: UpdateFigures) =>
              withBar(fitFields(trainingProgressSteps(figures), terminalWidth()), terminalWidth(), p.progress),
            hideCursor: true,
          },
          cliProgress.Presets.shades_classic,
        );
  const records: UpdateRecord[] = [];
  let figures = null as UpdateFigures | null;
  let finalPrinted = false;
  const result = await train({
    config,
    out: c.out,
    minutes: c.minutes,
    maxUpdates: c.updates,
    resume: c.resume,
    backend: c.backend,
    onBackend: (b) => err(`merlin train: backend ${b} (${backendLabel(b)}); output ${c.out}\n`),
    onUpdate: ({ record: r, budgetFraction }) => {
      records.push(r);
      const f = (x: number | undefined) => (x === undefined ? '-' : x.toFixed(2));
      // A fixed field (no `self` member, also after a resume): its own members.
      const shown: readonly string[] = 'self' in r.winRateVs ? BASELINES : Object.keys(r.winRateVs);
      // Measured win rates of the learner's policy over its recent episodes, and, named apart, the league's
      // running estimate (training/progress.ts: it starts at the fair share and is not a win rate).
      const first = figures === null;
      figures = {
        budgetFraction,
        update: r.update,
        phase: r.phase,
        stepsPerSec: r.stepsPerSec,
        episodes: r.episodes,
        winRate: r.winRate,
        results: recentResults(records),
        shown,
        league:
          leagueEstimateText(r.winRateVs, shown) +
          (r.exploiter
            ? `, exploiter ${f(r.exploiter.winRateVsLearner)} vs learner, ${Object.keys(r.winRateVs).filter((n) => n.startsWith('exploiter@')).length} in the league`
            : ''),
        loss: r.policyLoss + 0.5 * r.valueLoss,
        entropy: r.entropy,
        final: budgetFraction >= 1,
      };
      if (first) bar?.start(100, 0, figures);
      bar?.update(Math.round(budgetFraction * 100), figures);
      if (!tty && (performance.now() - lastLine > PLAIN_LINE_SECONDS * 1000 || figures.final)) {
        lastLine = performance.now();
        finalPrinted = figures.final === true;
        err(fitFields(trainingProgressSteps(figures), Infinity) + '\n');
      }
    },
  });
  // The last line quotes the measured rates from one game on, with their counts and intervals, however short the run.
  if (figures !== null) {
    const last: UpdateFigures = { ...figures, final: true };
    bar?.update(Math.round(last.budgetFraction * 100), last);
    if (!tty && !finalPrinted) err(fitFields(trainingProgressSteps(last), Infinity) + '\n');
  }
  bar?.stop();
  // The chart covers the whole run (metrics.jsonl includes updates before a resume).
  const all = readFileSync(join(c.out, 'metrics.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as UpdateRecord);
  writeFileSync(
    join(c.out, 'training-curve.svg'),
    await trainingCurveSvg(all.length ? all : records, `merlin train: ${config.variants.join(', ')}, ${config.players} players`),
  );
  err(
    `trained ${result.updates} updates, ${result.learnerSteps.toLocaleString('en')} learner decisions, ${result.envSteps.toLocaleString('en')} env steps, ${result.episodes} episodes (all since the run began), ${result.wallSeconds.toFixed(0)} s\n` +
      // The measured rates in full (a terminal's bar may have had room for their short form only).
      (figures === null
        ? ''
        : `the policy's win rates in its last ${RECENT_UPDATES} updates: ${measuredText(figures.results, figures.shown, { minGames: 1 })}\n`) +
      `checkpoint ${c.out} (use as ppo:${c.out}); metrics ${join(c.out, 'metrics.jsonl')}; chart ${join(c.out, 'training-curve.svg')}\n`,
  );
  let evaluation: EvalRecord[] = [];
  let table = '';
  if (c.evalGames > 0) {
    const game = result.manifest.game;
    const total = result.manifest.variants.length * (gameEntry(game).agents.heuristic ? 2 : 1) * c.evalGames;
    // A bar on a terminal; in a log file or CI console a plain line every few seconds (cli/progress.ts).
    const ebar = c.quiet ? null : progress('evaluation');
    ebar?.start(total, 0);
    let done = 0;
    let last = 0;
    evaluation = await evaluateCheckpoint(
      c.out,
      result.manifest.variants,
      c.players,
      c.evalGames,
      c.workers,
      c.seed,
      (n) => {
        if (n < last) done += last;
        last = n;
        ebar?.update(done + n);
      },
      game,
    );
    ebar?.stop();
    recordEvaluation(c.out, evaluation);
    table = evalTable(evaluation, c.players, shippedReference(game, result.manifest, c.out) ?? undefined);
  }
  return { result, evaluation, table };
}

/**
 * `--teacher-coef W --teacher-kinds K1,K2` (`--learn-teacher-coef`, `--learn-teacher-kinds` for `probe --learn`,
 * with `flag` the flags' stem): teacher regularisation's settings, undefined without a positive weight. The kinds
 * are checked against the game's names by the trainer.
 * @throws ArgumentError for kinds without a weight
 */
export function teacherOptions(coef: number | undefined, kinds: string | undefined, flag = 'teacher'): TeacherOptions | undefined {
  const list = (kinds ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  if (!(coef !== undefined && coef > 0)) {
    if (list.length) throw new ArgumentError(`--${flag}-kinds needs --${flag}-coef (a positive weight)`);
    return undefined;
  }
  return { coef, kinds: list };
}

/**
 * `--league-shares`' value, `MEMBER=SHARE,...` with the baselines `random` and `heuristic` (e.g. `heuristic=0.2`),
 * as fixed shares of the league's episodes (LeagueOptions.fixedShares). Throws ArgumentError on another name,
 * a share outside [0, 1) or shares that leave PFSP nothing beside self's (training/league.ts `checkFixedShares`).
 */
export function parseLeagueShares(text: string): Partial<Record<'random' | 'heuristic', number>> {
  const shares: Partial<Record<'random' | 'heuristic', number>> = {};
  for (const { part, name, value } of namedNumbers(text)) {
    if (name !== 'random' && name !== 'heuristic')
      throw new ArgumentError(`--league-shares: ${part} is not random=SHARE or heuristic=SHARE (e.g. heuristic=0.2)`);
    if (!Number.isFinite(value)) throw new ArgumentError(`--league-shares: ${part} has no number after '='`);
    shares[name] = value;
  }
  if (Object.keys(shares).length === 0) throw new ArgumentError('--league-shares: give at least one MEMBER=SHARE (e.g. heuristic=0.2)');
  checkFixedShares({ ...DEFAULT_TRAIN.league, fixedShares: shares }, false);
  return shares;
}

/**
 * `--action-cost`'s value, `KIND=COST,KIND=COST` (e.g. `ProposeTrade=0.01`), as costs by kind name.
 * @throws ArgumentError for an entry without `=` or a cost that is not a finite number
 */
export function parseActionCosts(text: string): Record<string, number> {
  const costs: Record<string, number> = {};
  for (const { part, name, value } of namedNumbers(text)) {
    if (name === '' || !Number.isFinite(value)) throw new ArgumentError(`--action-cost: ${part} is not KIND=COST (e.g. ProposeTrade=0.01)`);
    costs[name] = value;
  }
  return costs;
}

/**
 * The entries of a `NAME=NUMBER,NAME=NUMBER` flag value (`--action-cost`, `--league-shares`), each with its text,
 * its name ('' when the entry has no `=` or nothing before it) and its number (NaN when nothing follows the `=` or
 * it is not a number); empty entries are skipped. The caller says which entries it refuses, and how.
 */
function namedNumbers(text: string): { part: string; name: string; value: number }[] {
  return text
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)
    .map((part) => {
      const at = part.indexOf('=');
      const after = at < 0 ? '' : part.slice(at + 1);
      return { part, name: at < 0 ? '' : part.slice(0, at).trim(), value: after.trim() === '' ? NaN : Number(after) };
    });
}
