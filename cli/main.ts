/**
 * The `merlin` command (yargs). Commands: simulate, eval, train, serve, bench, docs, probe, exploitability, tune, replay, play
 * (DESIGN.md).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { ArgumentError, MerlinError } from '../lib/errors.ts';
import { checkOptional } from '../lib/optional.ts';
import { nearest } from '../lib/suggest.ts';
import { gameEntry, parseAgents, type GameEntry } from '../games/registry.ts';
import { runSimulation } from './simulate.ts';
import { progress, type Progress } from './progress.ts';
import { checkPlayers } from './flags.ts';
import { benchTraining, runBench, trainingBenchText, type TrainingBench } from './bench.ts';
import {
  benchOptions,
  COMMAND_OPTIONS,
  docsOptions,
  evalOptions,
  exploitabilityOptions,
  playOptions,
  probeOptions,
  replayOptions,
  replayViewOptions,
  serveOptions,
  simulateOptions,
  trainOptions,
  tuneOptions,
} from './options.ts';
import { coverageLines, runEval } from './eval.ts';
import type { BackendName } from '../training/backend.ts';
import type { TrainProgress } from '../training/train.ts';
import type { RewardChoice, TruncationChoice } from '../training/reward-choices.ts';
import type { ProbeSummary } from '../designer/probe.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The line-up probe and replay play when --agents is not given: the game's heuristic (else random) and random, twice. */
function defaultLineup(entry: GameEntry): string {
  const h = entry.agents.heuristic?.spec ?? 'random';
  return [h, 'random', h, 'random'].join(',');
}

/** The ruleset a command names: --ruleset (a path), else --variant, else the game's default variant. */
function variantOf(argv: { ruleset?: string; variant?: string; game?: string }): string {
  return argv.ruleset ?? argv.variant ?? gameEntry(argv.game).defaultVariant;
}

function out(json: boolean, value: unknown, human: () => string): void {
  process.stdout.write(json ? JSON.stringify(value) + '\n' : human() + '\n');
}

/** Progress on stderr (cli/progress.ts: a bar on a terminal, else a plain line every few seconds); none with --json unless stderr is a terminal. */
function progressBar(command: string, json: boolean): Progress | null {
  return !json || process.stderr.isTTY ? progress(command) : null;
}

/** A training run's progress for the designer commands that train (probe --learn, exploitability): a line on stderr every 10 updates, none with --json. */
function updateLines(json: boolean): (p: TrainProgress) => void {
  return ({ record: r }) => {
    if (!json && r.update % 10 === 0)
      process.stderr.write(`  update ${r.update} (${r.phase}), ${r.episodes} episodes, ${Math.round(r.wallSeconds)}s\n`);
  };
}

/**
 * Print a typed error on stderr as `merlin: CODE: message` and exit 2; rethrow anything else (a bug).
 * yargs rethrows a flag's coerce error (cli/flags.ts) as its own YError carrying only the message, and
 * reports unknown flags and commands the same way: every YError is bad input, code INVALID_ARGUMENT.
 */
function reportAndExit(err: unknown): never {
  if (err instanceof MerlinError) usageExit(err.code, err.message);
  if (err instanceof Error && err.name === 'YError') usageExit('INVALID_ARGUMENT', err.message);
  throw err;
}

/** The commands, as typed first on the command line. */
const COMMANDS = Object.keys(COMMAND_OPTIONS).filter((c) => !c.includes(' '));

/**
 * yargs' message when the first word is not a command, reworded to say so: `unknown command "trian"; did you
 * mean train?` (yargs' `recommendCommands`, which says only "Did you mean train?") or the list of commands
 * when nothing is near. Null when the first word is a command (the message is about something else).
 */
function unknownCommand(msg: string): string | null {
  const first = hideBin(process.argv).find((a) => !a.startsWith('-'));
  if (first === undefined || COMMANDS.includes(first)) return null;
  const near = /^Did you mean (\S+)\?/.exec(msg);
  return `unknown command "${first}"; ${near ? `did you mean ${near[1]}?` : `the commands are ${COMMANDS.join(', ')}`}`;
}

/**
 * yargs' message for flags the command does not know (`Unknown arguments: gmaes, sed`), reworded with the nearest
 * flag of that command for each (`unknown flags --gmaes (did you mean --games?), --sed (did you mean --seed?)`); null
 * for any other message. yargs lists a kebab-case flag twice (`check-invarients, checkInvarients`): once here.
 */
function unknownFlags(msg: string): string | null {
  const m = /^Unknown arguments?: (.+)$/.exec(msg);
  if (!m) return null;
  const args = hideBin(process.argv);
  const words = args.filter((a) => !a.startsWith('-'));
  const command = words[0] === 'replay' && words[1] === 'view' ? 'replay view' : words[0];
  const known = [...Object.keys(COMMAND_OPTIONS[command as keyof typeof COMMAND_OPTIONS] ?? {}), 'help'];
  const names = m[1]
    .split(', ')
    .filter((n, _, all) => !/[A-Z]/.test(n) || !all.includes(n.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)));
  // yargs names `--no-such-flag` as `such-flag` (a negated boolean): say it as it was typed.
  const negated = (n: string) => !args.some((a) => a.split('=')[0] === `--${n}`) && args.some((a) => a.split('=')[0] === `--no-${n}`);
  const flags = names.map((n) => {
    const no = negated(n) ? 'no-' : '';
    const near = nearest(n, known);
    return `--${no}${n}${near === undefined ? '' : names.length === 1 ? `; did you mean --${no}${near}?` : ` (did you mean --${no}${near}?)`}`;
  });
  return `unknown flag${flags.length === 1 ? '' : 's'} ${flags.join(', ')}`;
}

/**
 * `--players` checked against the game's range once the game is known (cli/flags.ts `playersFlag`): every
 * command that has the flag, one message. For eval, the number of --agents specs also bounds it (a ladder
 * seats that many of them). Runs as yargs middleware, before the command.
 */
function checkPlayersFlag(argv: Record<string, unknown>): void {
  if (argv.players === undefined) return;
  const entry = gameEntry(argv.game as string | undefined);
  const variant =
    (argv.ruleset as string | undefined) ??
    (argv.variants as string | undefined)?.split(',')[0].trim() ??
    (argv.variant as string | undefined) ??
    entry.defaultVariant;
  const game = entry.game(variant);
  let range = { min: game.minPlayers, max: game.maxPlayers, why: `${entry.name}'s ${variant} ruleset allows` };
  const agents =
    argv._ instanceof Array && argv._[0] === 'eval' && typeof argv.agents === 'string' ? argv.agents.split(',').length : Infinity;
  if (agents < range.max) range = { ...range, max: agents, why: `${range.why}; the ${agents} --agents specs allow` };
  argv.players = checkPlayers(argv.players, range);
}

function usageExit(code: string, message: string): never {
  process.stderr.write(`merlin: ${code}: ${message}\n`);
  process.exit(2);
}

try {
  await yargs(hideBin(process.argv))
    .scriptName('merlin')
    .command(
      'simulate',
      'play full games between agents',
      (y) => y.options(simulateOptions),
      (argv) => {
        const entry = gameEntry(argv.game);
        const game = entry.game(variantOf(argv));
        const agents = parseAgents(argv.agents, entry, variantOf(argv));
        const bar = progressBar('simulate', argv.json);
        bar?.start(argv.games, 0);
        const problems: string[] = [];
        const r = runSimulation({
          game,
          games: argv.games,
          players: argv.players,
          agents,
          seed: argv.seed,
          checkInvariants: argv['check-invariants'],
          deepEvery: argv['deep-every'],
          onGame: (n) => bar?.update(n),
          onProblem: (m) => problems.length < 20 && problems.push(m),
        });
        bar?.stop();
        for (const p of problems) process.stderr.write(p + '\n');
        out(argv.json, r, () =>
          [
            `${r.games} games, ${r.players} players, agents ${r.agents.join(',')}, ruleset ${r.ruleset} (${r.ruleset_hash.slice(0, 12)})`,
            `${r.steps} steps in ${r.seconds}s (${r.steps_per_sec} steps/s), mean ${r.mean_turns} turns`,
            `wins by seat ${JSON.stringify(r.wins_by_seat)}; victory types ${JSON.stringify(r.victory_types)}`,
            `invariant violations ${r.invariant_violations}, errors ${r.errors}`,
            `trajectory_hash ${r.trajectory_hash}`,
          ].join('\n'),
        );
        if (r.errors > 0 || r.invariant_violations > 0) process.exitCode = 1;
      },
    )
    .command(
      'eval',
      'a tournament with seat rotation: win rates with 95% intervals, ratings, victory types',
      (y) => y.options(evalOptions),
      async (argv) => {
        const agents = parseAgents(argv.agents, gameEntry(argv.game), variantOf(argv));
        if (agents.length < 2) throw new ArgumentError('--agents needs one spec per seat (at least 2)');
        checkOptional('merlin eval', 'ratings');
        const bar = progressBar('eval', argv.json);
        bar?.start(argv.games, 0);
        const r = await runEval({
          game: argv.game,
          variant: variantOf(argv),
          agents,
          players: argv.players,
          games: argv.games,
          seed: argv.seed,
          workers: argv.workers,
          records: argv.records,
          coverage: argv.coverage,
          onGame: (n) => bar?.update(n),
        });
        bar?.stop();
        out(argv.json, r, () =>
          [
            `${r.games} games, ${r.players} players, ruleset ${r.ruleset}, ${r.seconds}s`,
            ...Object.keys(r.win_rate_by_agent).map(
              (a) =>
                `${a}: win rate ${(r.win_rate_by_agent[a] * 100).toFixed(1)}% [${(r.ci95_by_agent[a][0] * 100).toFixed(1)}, ${(r.ci95_by_agent[a][1] * 100).toFixed(1)}] (fair share ${(100 / r.players).toFixed(1)}%), Elo ${r.elo_by_agent[a]} [${r.elo_ci95_by_agent[a][0]}, ${r.elo_ci95_by_agent[a][1]}]`,
            ),
            `victory types ${JSON.stringify(r.victory_types)}, mean ${r.mean_turns} turns`,
            r.mcts_simulations_per_sec ? `mcts: ${r.mcts_simulations_per_sec} simulations/s` : '',
            ...(r.coverage ? coverageLines(r.coverage) : []),
          ]
            .filter(Boolean)
            .join('\n'),
        );
      },
    )
    .command(
      'train',
      'self-play PPO training (docs/TRAINING.md): progress on stderr, a checkpoint in --out, then an evaluation table',
      (y) => y.options(trainOptions),
      async (argv) => {
        // The training curve is a chart and the evaluation rates the agents: refused before training, not after.
        checkOptional('merlin train', 'training', 'charts', ...(argv['eval-games'] > 0 ? (['ratings'] as const) : []));
        // Loaded here, not at the top: training brings tfjs, which the other commands do not need (and with
        // tfjs-core loaded, this machine's engine and env loops ran about 10% slower; docs/BENCHMARKS.md).
        const { parseActionCosts, parseLeagueShares, parseSizes, runTrainCommand, teacherOptions } = await import('./train.ts');
        const teacher = teacherOptions(argv['teacher-coef'], argv['teacher-kinds']);
        const variants = (argv.variants ?? argv.variant ?? gameEntry(argv.game).defaultVariant)
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean);
        const r = await runTrainCommand({
          game: argv.game,
          minutes: argv.minutes,
          updates: argv.updates,
          variants,
          players: argv.players,
          envs: argv.envs,
          horizon: argv.horizon,
          hidden: argv.hidden === undefined ? undefined : parseSizes(argv.hidden, '--hidden'),
          seed: argv.seed,
          learningRate: argv['learning-rate'],
          entCoef: argv['ent-coef'],
          imitationUpdates: argv['imitation-updates'],
          initFrom: argv['init-from'],
          exploiterEvery: argv.exploiter ? argv['exploiter-every'] : undefined,
          ...(argv['league-shares'] === undefined ? {} : { leagueShares: parseLeagueShares(argv['league-shares']) }),
          collectors: argv.collectors,
          reward: argv.reward as RewardChoice,
          truncation: argv.truncation as TruncationChoice,
          opponents: argv.opponents === undefined ? undefined : parseAgents(argv.opponents, gameEntry(argv.game), variants[0]),
          ...(argv['action-cost'] === undefined ? {} : { actionCosts: parseActionCosts(argv['action-cost']) }),
          ...(teacher ? { teacher } : {}),
          out: argv.resume ?? argv.out,
          resume: argv.resume !== undefined,
          backend: argv.backend as BackendName | undefined,
          evalGames: argv['eval-games'],
          workers: argv.workers,
          quiet: false,
        });
        out(argv.json, { ...r.result, evaluation: r.evaluation }, () => r.table || 'evaluation skipped (--eval-games 0)');
      },
    )
    .command(
      'probe',
      "a designer's balance probe: win rates by seat, position, agent and card, victory types, game length, gold flows, action kinds (HTML + JSON)",
      (y) => y.options(probeOptions),
      async (argv) => {
        // The report's charts (and, with --learn or --exploit, training): refused before any game, not after.
        checkOptional('merlin probe', 'charts', ...(argv.learn !== undefined || argv.exploit ? (['training'] as const) : []));
        const { runProbe } = await import('../designer/probe.ts');
        const { reportHtml } = await import('../designer/report.ts');
        const { runExploit } = await import('../designer/exploit.ts');
        const { runLearned } = await import('../designer/learn.ts');
        const { diffLines, rulesetDiff } = await import('../designer/ruleset-diff.ts');
        const entry = gameEntry(argv.game);
        const learn = argv.learn;
        if (learn !== undefined && (argv.exploit || argv.compare))
          throw new ArgumentError('--learn probes its own fields: it takes neither --exploit nor --compare');
        if (argv['exploit-init-from'] !== undefined && !argv.exploit) throw new ArgumentError('--exploit-init-from needs --exploit');
        // cli/train.ts brings the trainer's modules: loaded only when a teacher flag is given.
        const teacher =
          argv['learn-teacher-coef'] === undefined && argv['learn-teacher-kinds'] === undefined
            ? undefined
            : (await import('./train.ts')).teacherOptions(argv['learn-teacher-coef'], argv['learn-teacher-kinds'], 'learn-teacher');
        if (teacher && learn === undefined) throw new ArgumentError('--learn-teacher-coef needs --learn');
        const agents = parseAgents(argv.agents ?? defaultLineup(entry), entry, variantOf(argv));
        if (learn === undefined && !argv.exploit && agents.length < 2 && argv.players === undefined)
          throw new ArgumentError('--agents needs one spec per seat (at least 2), or --players');
        const rulesets = [variantOf(argv), ...(argv.compare ? [argv.compare] : [])];
        const games = rulesets.map((r) => entry.game(r));
        // --compare opens with what differs between the two rulesets (designer/ruleset-diff.ts).
        const diff = argv.compare ? rulesetDiff(entry.rules(games[0]), entry.rules(games[1])) : undefined;
        const base = argv.out.replace(/\.(html|json)$/, '');
        // The report is written to BASE.json and BASE.html: never over a ruleset file this probe reads.
        for (const r of rulesets)
          if (r.endsWith('.json') && resolve(r) === resolve(`${base}.json`))
            throw new ArgumentError(`--out ${argv.out} would write the report over the ruleset file ${r}: choose another --out`);
        const bar = progressBar('probe', argv.json);
        const summaries: ProbeSummary[] = [];
        if (learn !== undefined) {
          const outDir = `${base}-learned`;
          if (!argv.json) process.stderr.write(`probe --learn: training a self-play policy for ${learn} minutes into ${outDir}\n`);
          let started = false;
          summaries.push(
            ...(await runLearned({
              game: entry.name,
              ruleset: rulesets[0],
              players: argv.players ?? 4,
              seed: argv.seed,
              minutes: learn,
              maxUpdates: argv['learn-updates'],
              outDir,
              exploiter: argv['learn-exploiter'],
              ...(argv['learn-from'] === undefined ? {} : { from: argv['learn-from'] }),
              train: {
                ...(argv['learn-imitation'] === undefined ? {} : { imitationUpdates: argv['learn-imitation'] }),
                ...(teacher ? { teacher } : {}),
              },
              games: argv.games,
              workers: argv.workers,
              onUpdate: updateLines(argv.json),
              onGame: (field, n) => {
                if (!started) (bar?.start(argv.games * (entry.agents.heuristic ? 3 : 2), 0), (started = true));
                bar?.update(field * argv.games + n);
              },
            })),
          );
        } else bar?.start(argv.games * rulesets.length, 0);
        for (const [i, ruleset] of (learn === undefined ? rulesets : []).entries()) {
          const onGame = (n: number) => bar?.update(i * argv.games + n);
          summaries.push(
            argv.exploit
              ? await runExploit({
                  game: entry.name,
                  ruleset,
                  field: agents,
                  players: argv.players ?? 4,
                  seed: argv.seed,
                  minutes: argv['exploit-minutes'],
                  initFrom: argv['exploit-init-from'],
                  outDir: `${base}-exploiter${i ? `-${i}` : ''}`,
                  games: argv.games,
                  workers: argv.workers,
                  onGame,
                })
              : await runProbe({
                  game: entry.name,
                  ruleset,
                  agents,
                  players: argv.players,
                  seed: argv.seed,
                  games: argv.games,
                  workers: argv.workers,
                  onGame,
                }),
          );
        }
        bar?.stop();
        const command = `npx merlin ${process.argv.slice(2).join(' ')}`;
        const date = new Date().toISOString();
        const written = { html: `${base}.html`, json: `${base}.json` };
        writeFileSync(written.html, await reportHtml(summaries, { command, date, diff }));
        writeFileSync(written.json, JSON.stringify({ command, date, ruleset_diff: diff, probes: summaries }, null, 1) + '\n');
        out(
          argv.json,
          {
            written,
            ...(diff ? { ruleset_diff: diff } : {}),
            probes: summaries.map((s) => ({
              ...(s.field === undefined ? {} : { field: s.field, learned: s.learned }),
              ruleset: s.ruleset,
              games: s.games,
              seconds: s.seconds,
              by_agent: s.by_agent,
              victory_types: s.victory_types,
              truncation: s.truncation,
              length: s.length,
              category_shares_by_agent: s.category_shares_by_agent,
              winners_line: s.winners_line.map((x) => x.text),
              line_by_agent: Object.fromEntries(Object.entries(s.line_by_agent).map(([a, xs]) => [a, xs.map((x) => x.text)])),
              playability: s.playability,
              ...(s.coverage ? { never_legal: s.coverage.dead.never_legal, loops: s.coverage.loops } : {}),
              findings: s.findings.slice(0, 5),
            })),
          },
          () =>
            [
              ...(diff ? [`ruleset differences, ${rulesets[0]} -> ${rulesets[1]}:`, ...diffLines(diff).map((l) => `  ${l}`)] : []),
              ...summaries.flatMap((s) => [
                `${s.field ? `${s.ruleset.name}, ${s.field}` : s.ruleset.name}: ${s.games} games in ${s.seconds}s; ` +
                  s.by_agent.map((a) => `${a.agent} ${(a.rate * 100).toFixed(1)}%`).join(', ') +
                  `; ${(s.truncation.rate * 100).toFixed(1)}% truncated, median ${s.length.median} turns`,
                ...s.winners_line.slice(0, 3).map((x) => `  winner's line: ${x.text}`),
                ...s.findings.slice(0, 3).map((f, i) => `  ${i + 1}. ${f.text}`),
              ]),
              `wrote ${written.html} and ${written.json}`,
            ].join('\n'),
        );
      },
    )
    .command(
      'tune <space>',
      'a rule search: the smallest ruleset changes toward a design goal, with Optuna over probes and restricted play, confirmed under learned play (HTML + JSON; docs/DESIGNER.md "Rule search")',
      (y) =>
        y
          .positional('space', {
            type: 'string',
            demandOption: true,
            describe: 'the search-space file (JSON: base ruleset, parameters, objectives, stage)',
          })
          .options(tuneOptions),
      async (argv) => {
        const { tuneCommand } = await import('./tune.ts');
        await tuneCommand(argv as typeof argv & { space: string });
      },
    )
    .command(
      'exploitability <agent>',
      'train a best response against copies of one agent for a time budget and report its win rate with a 95% interval and its line (docs/AGENTS.md)',
      (y) =>
        y
          .positional('agent', {
            type: 'string',
            demandOption: true,
            describe: 'the agent spec to measure (random, heuristic, ppo:DIR, mcts:N:ppo:DIR, a preset...)',
          })
          .options(exploitabilityOptions),
      async (argv) => {
        checkOptional('merlin exploitability', 'training');
        const { measureExploitability } = await import('../designer/exploit.ts');
        const entry = gameEntry(argv.game);
        const [agent] = parseAgents(argv.agent, entry, variantOf(argv));
        if (!argv.json)
          process.stderr.write(
            `exploitability: training a best response against ${argv.players - 1} x ${agent} for ${argv.minutes} minutes into ${argv.out}` +
              `${argv['init-from'] === undefined ? '' : `, starting from ${argv['init-from']}`}\n`,
          );
        const bar = progressBar('exploitability', argv.json);
        let started = false;
        const r = await measureExploitability({
          game: entry.name,
          ruleset: variantOf(argv),
          agent,
          players: argv.players,
          seed: argv.seed,
          minutes: argv.minutes,
          outDir: argv.out,
          initFrom: argv['init-from'],
          learningRate: argv['learning-rate'],
          entCoef: argv['ent-coef'],
          games: argv.games,
          workers: argv.workers,
          onUpdate: updateLines(argv.json),
          onGame: (n) => {
            if (!started) (bar?.start(argv.games, 0), (started = true));
            bar?.update(n);
          },
        });
        bar?.stop();
        const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
        out(argv.json, r, () =>
          [
            `exploitability of ${r.agent} (${r.game} ${r.ruleset}, ${r.players} players): a best response trained for ${r.minutes} minutes wins ` +
              `${pct(r.win_rate)} [${pct(r.ci[0])}, ${pct(r.ci[1])}] of ${r.games} games (fair share ${pct(r.fair_share)}; ${r.truncated} stopped at the turn limit)`,
            ...r.line.slice(0, 5).map((l) => `  its line: ${l}`),
            `the best response is ${r.exploiter}`,
          ].join('\n'),
        );
      },
    )
    .command(
      'replay',
      'record a full game as a log (replay view FILE renders a log as a web page)',
      (y) =>
        y
          .command(
            'view <file>',
            'render a replay log as a self-contained web page (the log is replayed through the engine and must reproduce its game)',
            (v) =>
              v
                .positional('file', { type: 'string', demandOption: true, describe: 'a log written by merlin replay' })
                .options(replayViewOptions),
            async (argv) => {
              checkOptional('merlin replay view', 'charts');
              const { readReplay } = await import('../designer/replay.ts');
              const { replayHtml } = await import('../designer/replay-view.ts');
              const log = readReplay(argv.file);
              writeFileSync(argv.out, await replayHtml(log));
              out(
                argv.json,
                { written: argv.out, steps: log.result.steps },
                () => `replayed ${log.result.steps} actions (final state matches the log); wrote ${argv.out}`,
              );
            },
          )
          .options(replayOptions),
      async (argv) => {
        const { recordGame } = await import('../designer/replay.ts');
        const entry = gameEntry(argv.game);
        const log = recordGame(
          variantOf(argv),
          parseAgents(argv.agents ?? defaultLineup(entry), entry, variantOf(argv)),
          argv.seed,
          undefined,
          entry.name,
        );
        writeFileSync(argv.out, JSON.stringify(log) + '\n');
        const r = log.result;
        out(
          argv.json,
          { written: argv.out, ...r },
          () =>
            `${r.steps} actions, ${r.turns} turns, ${r.victory}, player ${r.winner} wins; wrote ${argv.out} (view it: npx merlin replay view ${argv.out})`,
        );
      },
    )
    .command(
      'bench',
      'measure the engine on this machine',
      (y) => y.options(benchOptions),
      async (argv) => {
        if (argv.training) checkOptional('merlin bench --training', 'training');
        const entry = gameEntry(argv.game);
        const variant = variantOf(argv);
        const game = entry.game(variant);
        const r: Awaited<ReturnType<typeof runBench>> & { training?: TrainingBench } = await runBench(game, entry.gameRef(variant), {
          seconds: argv.seconds,
          players: argv.players,
          maxWarmup: argv['max-warmup'],
          envsPerWorker: argv['envs-per-worker'],
        });
        if (argv.training)
          r.training = await benchTraining(variant, argv['training-updates'], argv['training-sparse-input'], {
            config: { game: entry.name },
          });
        const t = r.training;
        out(argv.json, r, () =>
          [
            `engine: ${r.engine_steps_per_sec.toLocaleString('en')} steps/s (random play, legal actions + apply, one core, ${r.players} players)`,
            `env: ${r.env_steps_per_sec.toLocaleString('en')} steps/s (one core, a vector env of one; observation ${r.observation_size} floats + mask ${r.num_actions} every step)`,
            `AEC env: ${r.aec_env_steps_per_sec.toLocaleString('en')} steps/s (one core; dense observeInto into caller-owned arrays + step)`,
            `vector env: ${r.vector_env_steps_per_sec.toLocaleString('en')} steps/s (${r.vector_envs} envs on ${r.vector_workers} worker threads; ${r.vector_env_scaling}x one env)`,
            `clone: ${r.clone_us} us, serialize: ${r.serialize_us} us (mid-game state)`,
            `timed ${r.seconds} s per figure after JIT warm-up of ${r.warmup_seconds.engine} / ${r.warmup_seconds.env} / ${r.warmup_seconds.aec_env} / ${r.warmup_seconds.vector_env} s (engine / env / AEC env / vector env)`,
            t ? trainingBenchText(t) : '',
            `machine: ${r.machine.cpu}, ${r.machine.cores} cores, ${r.machine.memory_gib} GiB, node ${r.machine.node}, ${r.machine.date}`,
          ]
            .filter(Boolean)
            .join('\n'),
        );
      },
    )
    .command(
      'serve',
      'the WebSocket bridge for Python clients and frontends (docs/PROTOCOL.md)',
      (y) => y.options(serveOptions),
      async (argv) => {
        const { serve } = await import('../bridge/serve.ts');
        await serve({
          host: argv.host,
          port: argv.port,
          token: argv.token,
          maxEnvs: argv['max-envs'],
          maxTotalEnvs: argv['max-total-envs'],
          maxFrameBytes: argv['max-frame'],
          maxClients: argv['max-clients'],
          idleTimeoutS: argv['idle-timeout'],
          stdinLifeline: argv['stdin-lifeline'],
          quiet: argv.quiet,
          json: argv.json,
          allowAgentPaths: argv['allow-agent-paths'],
        });
      },
    )
    .command(
      'docs',
      "regenerate a game's generated documents (Merlin: docs/ACTIONS.md, docs/OBSERVATION.md and docs/CARDS.md) from the code and data",
      (y) => y.options(docsOptions),
      (argv) => {
        const docs = gameEntry(argv.game).docs(variantOf(argv));
        const written = docs.map((d) => join(root, 'docs', d.file));
        docs.forEach((d, i) => {
          mkdirSync(dirname(written[i]), { recursive: true });
          writeFileSync(written[i], d.text);
        });
        out(argv.json, { written }, () => written.map((p) => `wrote ${p}`).join('\n'));
      },
    )
    .command(
      'play',
      'serve a table where you take a seat against agents, in the browser (docs/PLAY.md)',
      (y) => y.options(playOptions),
      async (argv) => {
        const { servePlay } = await import('./play-server.ts');
        const entry = gameEntry(argv.game);
        const seed = argv.seed ?? `play-${Date.now()}`;
        const s = await servePlay({
          game: entry.name,
          variant: variantOf(argv),
          agents: argv.agents === undefined ? undefined : parseAgents(argv.agents, entry, variantOf(argv)),
          seat: argv.seat,
          seed,
          host: argv.host,
          port: argv.port,
        });
        const t = s.table;
        out(
          argv.json,
          { url: s.url, game: entry.name, variant: t.variant, seat: t.seat, players: t.players, seed },
          () =>
            `merlin play: ${entry.name} (${t.variant}), you are seat ${t.seat} against ${t.players.filter((_, p) => p !== t.seat).join(', ')}; seed ${seed}\nopen ${s.url} (Ctrl-C to stop)`,
        );
      },
    )
    .demandCommand(1, 'name a command')
    .recommendCommands()
    .middleware(checkPlayersFlag)
    .strict()
    .fail((msg, err) => {
      if (err) reportAndExit(err);
      usageExit('INVALID_ARGUMENT', `${unknownCommand(msg) ?? unknownFlags(msg) ?? msg}\n(see npx merlin --help)`);
    })
    .help()
    .parseAsync();
} catch (err) {
  reportAndExit(err);
}
