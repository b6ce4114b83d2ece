/**
 * `merlin tune SPACE.json`: a rule search that looks for the smallest change to a ruleset that meets a design goal
 * (docs/DESIGNER.md "Rule search"). The search space (designer/tune-space.ts) names the ruleset parameters that may
 * change and the objectives (designer/tune-measure.ts: any probe figure, restricted play); the distance from the
 * base ruleset is always one more objective. Optuna (designer/tune-optuna.ts: TPE by default, NSGA-II or random;
 * multi-objective) proposes each trial's parameters; this module writes the trial's ruleset (a file that `extends`
 * the base), measures it with the probe in this process and its worker threads, and tells the optimiser the scores.
 *
 * Two stages. Every trial plays the stage's scripted or hybrid field (`stage.games` games, the same seeds for every
 * trial); a trial near the Pareto front (designer/tune-front.ts: not surely dominated by a measured point) is
 * measured again at `stage.remeasure` games before its scores are told. Then the best few front points are
 * confirmed under learned play: `probe --learn` (designer/learn.ts) at a fixed budget of updates, the objectives
 * measured in the learned policy's self-play and its restricted play against copies of itself.
 *
 * The study lives in Optuna's RDB storage: a killed run resumes with every finished trial (a trial it left running is
 * marked interrupted and its parameters asked again, once), and several `merlin tune` processes on one storage share
 * the work. `--trials N` is the study's total of finished trials. The report (designer/tune-report.ts) is written at
 * the end of every run.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, resolve } from 'node:path';
import { ArgumentError, MerlinError } from '../lib/errors.ts';
import { contentHash } from '../lib/hash.ts';
import { rulesetDiff } from './ruleset-diff.ts';
import { runLearned } from './learn.ts';
import { directionOf, frontOf, lossOf, meets, scoreOf, surelyDominated, type Score } from './tune-front.ts';
import { measureRuleset, type Figure, type Measurement } from './tune-measure.ts';
import { OptunaDriver, pythonOf, type Counts, type StoredTrial } from './tune-optuna.ts';
import { tuneReportHtml, type TuneReport, type TunePoint, type TuneTrial, type Confirmation } from './tune-report.ts';
import {
  baseValues,
  distanceOf,
  distributionOf,
  extendsFrom,
  gridTop,
  loadSpace,
  paramsOf,
  rulesetKey,
  TuneError,
  valuesOf,
  writeRuleset,
  type Space,
} from './tune-space.ts';

/** A run of the search. */
export interface TuneRequest {
  /** The search-space file. */
  space: string;
  /** The study's total of finished trials to reach (those of earlier runs and other workers count). */
  trials: number;
  /** Optuna RDB storage URL (default `sqlite:///OUT.db`). */
  storage?: string;
  /** Study name (default: the space's name). */
  study?: string;
  /** Report path without extension: OUT.html, OUT.json; trial rulesets in OUT-rulesets/, learned policies in OUT-learned/. */
  out: string;
  /** Worker threads per probe. */
  workers: number;
  /** Python for the optimiser (designer/tune-optuna.ts `pythonOf`). */
  python?: string;
  /** Front points to confirm under learned play (default: the space's `confirm.points`). */
  confirm?: number;
  /** The command line, for the report. */
  command?: string;
  /** Seconds between looks at the study while other workers finish the last trials (default 5). */
  pollSeconds?: number;
  onProgress?: (p: TuneProgress) => void;
  /** A line of news (a trial told, a confirmation done). */
  log?: (line: string) => void;
}

/** Where the search stands. */
export interface TuneProgress {
  phase: 'trials' | 'confirm';
  /** Finished trials of the study (phase trials) or confirmations done (phase confirm), and the total asked. */
  done: number;
  total: number;
  /** Points on the current Pareto front. */
  front: number;
}

/** What a run wrote. */
export interface TuneResult {
  report: TuneReport;
  written: { html: string; json: string };
}

const ATTR = {
  figures: 'tune:figures',
  scores: 'tune:scores',
  distance: 'tune:distance',
  games: 'tune:games',
  remeasured: 'tune:remeasured',
  ruleset: 'tune:ruleset',
  values: 'tune:values',
  duplicate: 'tune:duplicate_of',
  seconds: 'tune:seconds',
  error: 'tune:error',
  confirm: 'tune:confirm:',
} as const;

/** The storage a run uses when none is named: SQLite beside the report. */
export const defaultStorage = (out: string): string => `sqlite:///${resolve(`${out}.db`)}`;

/** The optimiser's directions: each objective's, then the distance's (minimised). */
const directionsOf = (space: Space) => [...space.objectives.map(directionOf), 'minimize' as const];

/** A stored trial's scores (every objective's, then the distance's), read as losses. */
function lossesOf(space: Space, t: StoredTrial): Score[] {
  const dirs = directionsOf(space);
  return (t.user_attrs[ATTR.scores] as Score[]).map((s, i) => lossOf(dirs[i], s));
}

/** Start the driver and open (or create) the study. @throws TuneError for the Python, the storage or a study of another space */
async function openStudy(space: Space, r: { storage: string; study: string; python?: string; create?: boolean }) {
  const { driver, hello } = await OptunaDriver.start(pythonOf(r.python));
  try {
    const opened = await driver.open({
      storage: r.storage,
      study: r.study,
      directions: directionsOf(space),
      distributions: Object.fromEntries(space.parameters.map((p) => [p.name, distributionOf(p)])),
      sampler: { ...space.sampler },
      space_hash: space.hash,
      create: r.create ?? true,
    });
    return { driver, hello, opened };
  } catch (e) {
    await driver.close();
    throw e;
  }
}

/**
 * Run the search (see the module docs): load and check the space, open the study, run trials until the study has
 * `trials` finished ones, confirm the best front points under learned play, and write the report.
 * @throws TuneError for a bad space, a storage that cannot be opened, a Python without optuna, or a study made from
 *   another space (nothing is written then); whatever a bug throws (the trial is marked failed first)
 */
export async function runTune(r: TuneRequest): Promise<TuneResult> {
  const space = await loadSpace(r.space);
  if (!Number.isInteger(r.trials) || r.trials < 0) throw new ArgumentError(`--trials must be a whole number, got ${r.trials}`);
  // The report is written to OUT.json and OUT.html: never over a file this run reads.
  for (const read of [r.space, ...(isAbsolute(space.base.load) ? [space.base.load] : [])])
    if (resolve(read) === resolve(`${r.out}.json`))
      throw new TuneError('cannot write the report', [
        { path: '--out', message: `${r.out}.json would overwrite ${read}: choose another --out` },
      ]);
  const storage = r.storage ?? defaultStorage(r.out);
  const studyName = r.study ?? space.name;
  const { driver, hello, opened } = await openStudy(space, { storage, study: studyName, python: r.python });
  const log = r.log ?? (() => {});
  try {
    if (opened.requeued.length) log(`trials ${opened.requeued.join(', ')} were left running by a process that stopped: asked again`);
    // The base ruleset is the first point of a new study: the front's anchor at distance 0.
    if (opened.created) await driver.enqueue(paramsOf(space, baseValues(space)));
    const rulesetsDir = `${r.out}-rulesets`;
    mkdirSync(rulesetsDir, { recursive: true });
    const poll = (r.pollSeconds ?? 5) * 1000;
    const grid = gridSize(space);
    let repeats = 0;
    for (;;) {
      const { counts, requeued } = await driver.status();
      if (requeued.length) log(`trials ${requeued.join(', ')} were left running by a process that stopped: asked again`);
      const trials = await driver.trials();
      const measured = measuredCount(trials);
      r.onProgress?.({ phase: 'trials', done: Math.min(measured, r.trials), total: r.trials, front: frontNow(space, trials).length });
      if (measured >= r.trials) break;
      if (distinctRulesets(trials) >= grid || repeats >= MAX_REPEATS) {
        log(
          repeats >= MAX_REPEATS
            ? `the optimiser proposed only measured points ${repeats} times running: stopping`
            : `every one of the space's ${grid} points is measured`,
        );
        break;
      }
      if (measured + counts.running >= r.trials) {
        await new Promise((ok) => setTimeout(ok, poll));
        continue;
      }
      repeats = (await runTrial(space, driver, rulesetsDir, r, log)) ? repeats + 1 : 0;
    }
    const trials = await driver.trials();
    const confirmations = await confirm(space, driver, trials, r, log);
    const importance = await driver.importance();
    const counts = (await driver.status()).counts;
    return await writeReport(space, { storage, study: studyName, optuna: hello.optuna }, trials, counts, importance, confirmations, r);
  } finally {
    await driver.close();
  }
}

/** Proposals in a row of points already measured after which a run stops (the optimiser has nothing new to try). */
const MAX_REPEATS = 50;

/** Trials that measured a ruleset (complete or failed), not counting those that repeat an earlier trial's parameters. */
function measuredCount(trials: readonly StoredTrial[]): number {
  return trials.filter(
    (t) => (t.state === 'COMPLETE' || (t.state === 'FAIL' && !t.interrupted)) && t.user_attrs[ATTR.duplicate] === undefined,
  ).length;
}

/** Distinct rulesets the study has measured. */
function distinctRulesets(trials: readonly StoredTrial[]): number {
  return new Set(
    trials.filter((t) => t.state === 'COMPLETE' || (t.state === 'FAIL' && !t.interrupted)).map((t) => t.user_attrs[ATTR.ruleset]),
  ).size;
}

/** How many points the space holds (Infinity with a continuous range). */
function gridSize(space: Space): number {
  return space.parameters.reduce((n, p) => {
    const d = p.domain;
    if (d.type === 'categorical') return n * d.choices.length;
    return d.step === undefined ? Infinity : n * (Math.round((gridTop(d) - d.low) / d.step) + 1);
  }, 1);
}

/** The current front over the complete, non-duplicate trials. */
function frontNow(space: Space, trials: readonly StoredTrial[]): StoredTrial[] {
  const done = trials.filter((t) => t.state === 'COMPLETE' && t.user_attrs[ATTR.duplicate] === undefined && t.user_attrs[ATTR.scores]);
  return frontOf(done, (t) => lossesOf(space, t).map((s) => s.value));
}

/**
 * Ask for one trial, measure it (again, near the front), and tell the optimiser.
 * @returns true when the trial repeated the parameters of an earlier one (told its figures without a measurement)
 */
async function runTrial(
  space: Space,
  driver: OptunaDriver,
  rulesetsDir: string,
  r: TuneRequest,
  log: (line: string) => void,
): Promise<boolean> {
  const asked = await driver.ask();
  const values = valuesOf(space, asked.params);
  const key = rulesetKey(space, values);
  const trials = await driver.trials();
  // The same parameters measured before give the same figures (every trial plays the same seeds): no second run.
  const same = trials.find(
    (t) =>
      t.number !== asked.number && t.user_attrs[ATTR.ruleset] === key && (t.state === 'COMPLETE' || (t.state === 'FAIL' && !t.interrupted)),
  );
  if (same?.state === 'COMPLETE') {
    const { [ATTR.duplicate]: _d, ...attrs } = same.user_attrs;
    await driver.tell(asked.number, same.values!, { ...pick(attrs), [ATTR.duplicate]: same.number });
    log(`trial ${asked.number}: the parameters of trial ${same.number}, not measured again`);
    return true;
  }
  if (same) {
    await driver.fail(asked.number, String(same.user_attrs[ATTR.error] ?? 'failed before'), {
      [ATTR.ruleset]: key,
      [ATTR.duplicate]: same.number,
    });
    return true;
  }
  const t0 = performance.now();
  log(
    `trial ${asked.number}: measuring ${key}${asked.retry_of === null ? '' : ` (the parameters of interrupted trial ${asked.retry_of})`}`,
  );
  try {
    const file = writeRuleset(space, values, rulesetsDir, key).file;
    let m = await measure(space, file, values, space.stage.games, r.workers);
    let remeasured = false;
    const others = frontNow(space, trials).map((t) => lossesOf(space, t));
    const dirs = directionsOf(space);
    if (
      space.stage.remeasure > space.stage.games &&
      !surelyDominated(
        m.scores.map((s, i) => lossOf(dirs[i], s)),
        others,
      )
    ) {
      m = await measure(space, file, values, space.stage.remeasure, r.workers, { played: m.records });
      remeasured = true;
    }
    const attrs = {
      [ATTR.ruleset]: key,
      [ATTR.values]: values,
      [ATTR.figures]: m.figures,
      [ATTR.scores]: m.scores,
      [ATTR.distance]: distanceOf(space, values),
      [ATTR.games]: remeasured ? space.stage.remeasure : space.stage.games,
      [ATTR.remeasured]: remeasured,
      [ATTR.seconds]: Math.round((performance.now() - t0) / 100) / 10,
      ...(asked.retry_of === null ? {} : { 'tune:retry_of': asked.retry_of }),
    };
    await driver.tell(
      asked.number,
      m.scores.map((s) => s.value),
      attrs,
    );
    log(
      `trial ${asked.number}${remeasured ? ' (measured again near the front)' : ''}: ` +
        space.objectives.map((o, i) => `${o.name} ${fmt(m.figures[i].value)}`).join(', ') +
        `, distance ${fmt(m.scores.at(-1)!.value)}`,
    );
  } catch (e) {
    await driver.fail(asked.number, (e as Error).message, { [ATTR.ruleset]: key, [ATTR.values]: values });
    log(`trial ${asked.number} failed: ${(e as Error).message.split('\n')[0]}`);
    if (!(e instanceof MerlinError)) throw e;
  }
  return false;
}

/** The attributes a duplicate copies from the trial it repeats. */
const pick = (a: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(a).filter(([k]) => k.startsWith('tune:') && !['tune:worker', 'tune:heartbeat', 'tune:retry_of'].includes(k)),
  );

const fmt = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(3));

/**
 * The objectives' figures and scores (the distance's last) on ruleset `file` (of parameter `values`) at `games` games
 * in the stage's field, or with `learned` (a policy spec) in every seat and as the field of restricted play; with
 * `played`, an earlier measurement's records, only the games it lacks are played.
 * @throws ArgumentError when a figure is not a number on this ruleset (e.g. a share of no games)
 */
async function measure(
  space: Space,
  file: string,
  values: readonly unknown[],
  games: number,
  workers: number,
  o: { learned?: string; played?: Measurement['records'] } = {},
): Promise<{ figures: Figure[]; scores: Score[]; records: Measurement['records'] }> {
  const learned = o.learned;
  const m = await measureRuleset({
    game: space.game,
    ruleset: file,
    players: space.stage.players,
    agents: learned ? [learned] : space.stage.agents,
    seed: space.stage.seed,
    games,
    workers,
    bootstrap: space.stage.bootstrap,
    measures: space.objectives.map((o) => o.measure),
    ...(learned ? { restrictedAgainst: learned } : {}),
    ...(o.played ? { played: o.played } : {}),
  });
  m.figures.forEach((f, i) => {
    if (!Number.isFinite(f.value))
      throw new ArgumentError(
        `objective ${space.objectives[i].name} (${space.objectives[i].measure.text}) is not a number on this ruleset`,
      );
  });
  const d = distanceOf(space, values).distance;
  return {
    figures: m.figures,
    scores: [...space.objectives.map((x, i) => scoreOf(x, m.figures[i])), { value: d, lo: d, hi: d }],
    records: m.records,
  };
}

/** Confirmation settings: a stored confirmation made under others is made again. */
const confirmSettings = (space: Space) => contentHash({ ...space.confirm, stage: space.stage, hash: space.hash }).slice(0, 16);

/**
 * Confirm the best front points under learned play (see the module docs): the front ranked by targets met (at
 * their values), then distance; each confirmation is kept in the study (so a killed run does not redo the done ones).
 */
async function confirm(
  space: Space,
  driver: OptunaDriver,
  trials: StoredTrial[],
  r: TuneRequest,
  log: (line: string) => void,
): Promise<Confirmation[]> {
  const count = r.confirm ?? space.confirm.points;
  const front = rankFront(space, frontNow(space, trials));
  const chosen = front.slice(0, count);
  const settings = confirmSettings(space);
  const attrs = await driver.studyAttrs();
  const out: Confirmation[] = [];
  for (const [i, t] of chosen.entries()) {
    r.onProgress?.({ phase: 'confirm', done: i, total: chosen.length, front: front.length });
    const key = String(t.user_attrs[ATTR.ruleset]);
    const stored = attrs[ATTR.confirm + key] as Confirmation | undefined;
    if (stored?.settings === settings) {
      out.push({ ...stored, teacher: stored.teacher ?? null }); // kept by a version that did not record it: none
      continue;
    }
    const values = t.user_attrs[ATTR.values] as unknown[];
    const file = writeRuleset(space, values, `${r.out}-rulesets`, key).file;
    const outDir = `${r.out}-learned/${key}`;
    rmSync(outDir, { recursive: true, force: true });
    mkdirSync(dirname(outDir), { recursive: true });
    log(`confirming trial ${t.number} (${key}) under learned play: ${space.confirm.updates} updates`);
    const t0 = performance.now();
    const fields = await runLearned({
      game: space.game,
      ruleset: file,
      players: space.stage.players,
      seed: space.stage.seed,
      minutes: space.confirm.minutes,
      maxUpdates: space.confirm.updates,
      outDir,
      exploiter: space.confirm.exploiter,
      games: space.confirm.games,
      workers: r.workers,
      ...(space.confirm.train ? { train: space.confirm.train } : {}),
    });
    const spec = fields[0].learned!.spec;
    const m = await measure(space, file, values, space.confirm.games, r.workers, { learned: spec });
    const c: Confirmation = {
      trial: t.number,
      ruleset: key,
      settings,
      spec,
      updates: fields[0].learned!.updates,
      teacher: fields[0].learned!.teacher,
      wall_seconds: Math.round((performance.now() - t0) / 100) / 10,
      games: space.confirm.games,
      figures: m.figures,
      scores: m.scores,
      fields: fields.map((f) => ({
        field: f.field ?? '',
        agents: f.agents,
        by_agent: f.by_agent.map((a) => ({ agent: a.agent, rate: a.rate, ci: a.ci, games: a.games })),
        truncation: f.truncation.rate,
        median_turns: f.length.median,
      })),
    };
    await driver.setStudyAttr(ATTR.confirm + key, c);
    out.push(c);
    log(`confirmed trial ${t.number}: ` + space.objectives.map((o, j) => `${o.name} ${fmt(m.figures[j].value)}`).join(', '));
  }
  return out;
}

/** Front points, best first: most targets met at their values, then the smallest distance, then the earliest trial. */
function rankFront(space: Space, front: StoredTrial[]): StoredTrial[] {
  const met = (t: StoredTrial) => space.objectives.filter((o, i) => meets(o, (t.user_attrs[ATTR.figures] as Figure[])[i])?.value).length;
  const dist = (t: StoredTrial) => (t.user_attrs[ATTR.distance] as { distance: number }).distance;
  return [...front].sort((a, b) => met(b) - met(a) || dist(a) - dist(b) || a.number - b.number);
}

/**
 * What a point changes against the base (designer/ruleset-diff.ts, as `probe --compare` prints it), without the
 * ruleset's own name and description and the deck file names a changed deck is written under.
 */
function pointDiff(space: Space, base: unknown, point: unknown): ReturnType<typeof rulesetDiff> {
  const names = new Set(['rules.name', 'rules.description']);
  for (const p of space.parameters) if (p.target.kind === 'deck') names.add(`rules.${p.target.field.join('.')}`);
  return rulesetDiff(base, point).filter((c) => !names.has(c.path));
}

/** The commands that reproduce a point: a probe of its ruleset in the stage's field, and each restricted probe. */
function reproduce(space: Space, file: string, games: number): string[] {
  const common = `--game ${space.game} --ruleset ${file} --players ${space.stage.players} --games ${games} --seed ${space.stage.seed}`;
  const cmds = [];
  if (space.objectives.some((o) => o.measure.kind !== 'restricted'))
    cmds.push(`npx merlin probe ${common} --agents ${space.stage.agents.join(',')}`);
  for (const o of space.objectives)
    if (o.measure.kind === 'restricted') {
      const line = [o.measure.text, ...Array.from({ length: space.stage.players - 1 }, () => (o.measure as { against: string }).against)];
      cmds.push(`npx merlin probe ${common} --agents ${line.join(',')}`);
    }
  return [...new Set(cmds)];
}

/** Build the report from the study and write OUT.html and OUT.json. */
async function writeReport(
  space: Space,
  study: { storage: string; study: string; optuna: string },
  trials: StoredTrial[],
  counts: Counts,
  importance: Awaited<ReturnType<OptunaDriver['importance']>>,
  confirmations: Confirmation[],
  r: TuneRequest,
): Promise<TuneResult> {
  const done = trials.filter((t) => t.state === 'COMPLETE' && t.user_attrs[ATTR.scores]);
  // A trial that was never told (interrupted, running) has its parameters and nothing else.
  const valuesOfTrial = (t: StoredTrial) =>
    (t.user_attrs[ATTR.values] as unknown[] | undefined) ??
    (space.parameters.every((p) => p.name in t.params) ? valuesOf(space, t.params) : null);
  const asTrial = (t: StoredTrial): TuneTrial => ({
    number: t.number,
    state: t.state,
    ruleset: (t.user_attrs[ATTR.ruleset] as string | undefined) ?? (valuesOfTrial(t) ? rulesetKey(space, valuesOfTrial(t)!) : null),
    values: valuesOfTrial(t),
    figures: (t.user_attrs[ATTR.figures] as Figure[] | undefined) ?? null,
    scores: (t.user_attrs[ATTR.scores] as Score[] | undefined) ?? null,
    distance: (t.user_attrs[ATTR.distance] as TuneTrial['distance']) ?? null,
    games: (t.user_attrs[ATTR.games] as number | undefined) ?? null,
    remeasured: t.user_attrs[ATTR.remeasured] === true,
    duplicate_of: (t.user_attrs[ATTR.duplicate] as number | undefined) ?? null,
    retry_of: (t.user_attrs['tune:retry_of'] as number | undefined) ?? null,
    interrupted: t.interrupted,
    error: (t.user_attrs[ATTR.error] as string | undefined) ?? null,
  });
  const entry = space.entry;
  const baseRules = entry.rules(space.base.game);
  const front: TunePoint[] = rankFront(space, frontNow(space, done)).map((t) => {
    const key = String(t.user_attrs[ATTR.ruleset]);
    const values = t.user_attrs[ATTR.values] as unknown[];
    const file = `${r.out}-rulesets/${key}.json`;
    if (!existsSync(file)) writeRuleset(space, values, `${r.out}-rulesets`, key);
    const changed = space.parameters.filter((_, i) => JSON.stringify(values[i]) !== JSON.stringify(space.parameters[i].base));
    return {
      ...asTrial(t),
      ruleset_file: file,
      diff: pointDiff(space, baseRules, entry.rules(entry.game(file))),
      deviations: changed
        .filter((p) => p.class === 'deviation')
        .map((p) => ({ parameter: p.name, quote: p.quote ?? '', source: p.source ?? '' })),
      meets: space.objectives.map((o, i) => meets(o, (t.user_attrs[ATTR.figures] as Figure[])[i])),
      reproduce: reproduce(space, file, (t.user_attrs[ATTR.games] as number) ?? space.stage.games),
      emit: `npx merlin tune ${r.space} --storage ${study.storage} --study ${study.study} --emit-ruleset ${t.number} --out ${space.name}-trial-${t.number}.json`,
      confirmation: confirmations.find((c) => c.ruleset === key) ?? null,
    };
  });
  const report: TuneReport = {
    command: r.command ?? '',
    date: new Date().toISOString(),
    space: {
      file: r.space,
      name: space.name,
      description: space.description ?? null,
      game: space.game,
      base: space.base.ref,
      hash: space.hash,
      parameters: space.parameters.map((p) => ({
        name: p.name,
        class: p.class,
        domain: p.domain,
        base: p.base,
        quote: p.quote ?? null,
        source: p.source ?? null,
      })),
      objectives: [
        ...space.objectives.map((o) => ({
          name: o.name,
          measure: o.measure.text,
          target: o.target ?? null,
          direction: o.direction ?? null,
        })),
        { name: 'distance', measure: 'distance from the base ruleset', target: null, direction: 'minimize' as const },
      ],
      stage: space.stage,
      confirm: space.confirm,
      sampler: space.sampler,
    },
    study: { ...study, counts },
    trials: trials.map(asTrial),
    front,
    importance: space.objectives
      .map((o, i) => ({ objective: o.name, ...importance.objectives[i] }))
      .concat([{ objective: 'distance', ...importance.objectives[space.objectives.length] }]),
    confirmations,
  };
  const written = { html: `${r.out}.html`, json: `${r.out}.json` };
  mkdirSync(dirname(resolve(written.html)), { recursive: true });
  writeFileSync(written.html, await tuneReportHtml(report));
  writeFileSync(written.json, JSON.stringify(report, null, 1) + '\n');
  return { report, written };
}

/**
 * `--emit-ruleset POINT --out FILE`: write trial POINT of the study as a ruleset file that `extends` the base (and
 * the deck files it changes, beside it), named after the file.
 * @throws TuneError for a bad space, a storage or study that cannot be opened, or a trial that did not complete
 *   (nothing is written then)
 */
export async function emitRuleset(o: {
  space: string;
  storage: string;
  study?: string;
  point: number;
  out: string;
  python?: string;
}): Promise<{ file: string; decks: string[]; diff: ReturnType<typeof rulesetDiff> }> {
  const space = await loadSpace(o.space);
  const { driver } = await openStudy(space, { storage: o.storage, study: o.study ?? space.name, python: o.python, create: false });
  try {
    const t = (await driver.trials()).find((x) => x.number === o.point);
    if (!t || t.state !== 'COMPLETE' || !t.user_attrs[ATTR.values])
      throw new TuneError('cannot emit a ruleset', [
        {
          path: '--emit-ruleset',
          message: `trial ${o.point} of the study did not complete${t ? ` (it is ${t.state})` : ' (no such trial)'}`,
        },
      ]);
    const values = t.user_attrs[ATTR.values] as unknown[];
    const file = resolve(o.out.endsWith('.json') ? o.out : `${o.out}.json`);
    for (const read of [o.space, ...(isAbsolute(space.base.load) ? [space.base.load] : [])])
      if (resolve(read) === file)
        throw new TuneError('cannot emit a ruleset', [{ path: '--out', message: `${file} would overwrite ${read}: choose another --out` }]);
    mkdirSync(dirname(file), { recursive: true });
    const written = writeRuleset(space, values, dirname(file), basename(file, '.json'), extendsFrom(space, file));
    const entry = space.entry;
    const diff = pointDiff(space, entry.rules(space.base.game), entry.rules(entry.game(written.file)));
    return { ...written, diff };
  } finally {
    await driver.close();
  }
}
