/**
 * The `merlin` command (yargs). Commands: simulate, eval, train, serve, bench, docs, probe, replay (DESIGN.md).
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import cliProgress from 'cli-progress';
import { ArgumentError, MerlinError } from '../env/core/errors.ts';
import { loadRuleset } from '../env/merlin/rules/index.ts';
import { parseAgentList } from '../agents/registry.ts';
import { runSimulation } from './simulate.ts';
import { benchTraining, DEFAULT_ENVS_PER_WORKER, DEFAULT_MAX_WARMUP, runBench, type TrainingBench } from './bench.ts';
import { runEval } from './eval.ts';
import { parseSizes, runTrainCommand } from './train.ts';
import { BACKEND_ORDER, type BackendName } from '../training/backend.ts';
import { availableParallelism } from 'node:os';
import { actionsMarkdown, cardsMarkdown } from './docs.ts';
import { observationMarkdown } from '../env/merlin/env/observation-doc.ts';
import type { ProbeSummary } from '../designer/probe.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function rulesetFrom(argv: { ruleset?: string; variant?: string }) {
  return loadRuleset(argv.ruleset ?? argv.variant ?? 'full');
}

function out(json: boolean, value: unknown, human: () => string): void {
  process.stdout.write(json ? JSON.stringify(value) + '\n' : human() + '\n');
}

const rulesetOptions = {
  variant: { type: 'string', default: 'full', describe: 'shipped ruleset name (env/merlin/rules/rulesets)' },
  ruleset: { type: 'string', describe: 'path to a ruleset JSON file (overrides --variant)' },
  json: { type: 'boolean', default: false, describe: 'print one JSON object on stdout and nothing else there' },
} as const;

/** A progress bar on stderr (none with --json unless stderr is a terminal). */
function progressBar(command: string, json: boolean): cliProgress.SingleBar | null {
  return !json || process.stderr.isTTY
    ? new cliProgress.SingleBar({ stream: process.stderr, format: `${command} [{bar}] {value}/{total} games | {eta}s left` }, cliProgress.Presets.shades_classic)
    : null;
}

function reportAndExit(err: unknown): never {
  if (err instanceof MerlinError) {
    process.stderr.write(`merlin: ${err.code}: ${err.message}\n`);
    process.exit(2);
  }
  throw err;
}

try {
  await yargs(hideBin(process.argv))
  .scriptName('merlin')
  .command(
    'simulate',
    'play full games between agents',
    (y) =>
      y.options({
        games: { type: 'number', default: 100, describe: 'games to play' },
        players: { type: 'number', default: 4, describe: 'players per game (2-6)' },
        agents: { type: 'string', default: 'random', describe: 'comma-separated agent specs; seat i plays agents[i % n]' },
        seed: { type: 'string', default: '0', describe: 'run seed; game g uses seed/g' },
        'check-invariants': { type: 'boolean', default: false, describe: 'check conservation every step and deep invariants every --deep-every steps' },
        'deep-every': { type: 'number', default: 16, describe: 'steps between deep invariant checks (1 = every step)' },
        ...rulesetOptions,
      }),
    (argv) => {
      const rs = rulesetFrom(argv);
      const agents = parseAgentList(argv.agents);
      const bar = progressBar('simulate', argv.json);
      bar?.start(argv.games, 0);
      const problems: string[] = [];
      const r = runSimulation({
        ruleset: rs, games: argv.games, players: argv.players, agents, seed: argv.seed,
        checkInvariants: argv['check-invariants'], deepEvery: argv['deep-every'],
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
    (y) =>
      y.options({
        agents: { type: 'string', demandOption: true, describe: 'comma-separated agent specs, one per seat (e.g. heuristic,random,random,random)' },
        games: { type: 'number', default: 100, describe: 'games to play (a multiple of the player count rotates seats evenly)' },
        seed: { type: 'string', default: '0', describe: 'tournament seed; game g uses seed/g' },
        workers: { type: 'number', default: availableParallelism(), describe: 'worker threads (results do not depend on it)' },
        ...rulesetOptions,
      }),
    async (argv) => {
      const agents = parseAgentList(argv.agents);
      if (agents.length < 2) throw new ArgumentError('--agents needs one spec per seat (at least 2)');
      const bar = progressBar('eval', argv.json);
      bar?.start(argv.games, 0);
      const r = await runEval({ variant: argv.ruleset ?? argv.variant, agents, games: argv.games, seed: argv.seed, workers: argv.workers, onGame: (n) => bar?.update(n) });
      bar?.stop();
      out(argv.json, r, () =>
        [
          `${r.games} games, ${r.players} players, ruleset ${r.ruleset}, ${r.seconds}s`,
          ...Object.keys(r.win_rate_by_agent).map(
            (a) => `${a}: win rate ${(r.win_rate_by_agent[a] * 100).toFixed(1)}% [${(r.ci95_by_agent[a][0] * 100).toFixed(1)}, ${(r.ci95_by_agent[a][1] * 100).toFixed(1)}] (fair share ${(100 / r.players).toFixed(1)}%), Elo ${r.elo_by_agent[a]}`,
          ),
          `victory types ${JSON.stringify(r.victory_types)}, mean ${r.mean_turns} turns`,
          r.mcts_simulations_per_sec ? `mcts: ${r.mcts_simulations_per_sec} simulations/s` : '',
        ].filter(Boolean).join('\n'),
      );
    },
  )
  .command(
    'train',
    'self-play PPO training (docs/TRAINING.md): progress on stderr, a checkpoint in --out, then an evaluation table',
    (y) =>
      y.options({
        minutes: { type: 'number', default: 3, describe: 'wall-time budget for training (the evaluation comes after)' },
        updates: { type: 'number', describe: 'stop after this many PPO updates (whichever comes first with --minutes)' },
        variant: { type: 'string', default: 'full', describe: 'ruleset name or path to train on' },
        variants: { type: 'string', describe: 'comma-separated rulesets mixed episode by episode (overrides --variant; the first is the main one)' },
        players: { type: 'number', default: 4, describe: 'players per game (2-6)' },
        envs: { type: 'number', default: 32, describe: 'games played side by side (the inference batch)' },
        horizon: { type: 'number', default: 64, describe: 'learner decisions per game per rollout' },
        hidden: { type: 'string', default: '256,128', describe: 'hidden layer sizes of the MLP' },
        'imitation-updates': { type: 'number', default: 30, describe: 'first updates imitate the heuristic (warm start) before PPO; 0 = PPO from scratch' },
        opponents: { type: 'string', describe: 'a fixed field of agent specs to train against instead of the self-play league (e.g. heuristic,ppo:checkpoints/default)' },
        seed: { type: 'string', default: 'merlin', describe: 'run seed (games, sampling, initial weights)' },
        out: { type: 'string', default: 'runs/latest', describe: 'checkpoint directory (written, and overwritten, as training goes)' },
        resume: { type: 'string', describe: 'continue the run in this checkpoint directory exactly (its config wins over the flags above)' },
        backend: { type: 'string', choices: BACKEND_ORDER as unknown as string[], describe: 'force a tfjs backend (default: the first that loads of tensorflow, wasm, cpu)' },
        'eval-games': { type: 'number', default: 200, describe: 'games per evaluation match after training (0 skips it)' },
        workers: { type: 'number', default: availableParallelism(), describe: 'worker threads for the evaluation' },
        json: { type: 'boolean', default: false, describe: 'print one JSON object (result and evaluation) on stdout' },
      }),
    async (argv) => {
      const r = await runTrainCommand({
        minutes: argv.minutes, updates: argv.updates, variants: (argv.variants ?? argv.variant).split(',').map((v) => v.trim()).filter(Boolean),
        players: argv.players, envs: argv.envs, horizon: argv.horizon, hidden: parseSizes(argv.hidden, '--hidden'), seed: argv.seed,
        imitationUpdates: argv['imitation-updates'], opponents: argv.opponents === undefined ? undefined : parseAgentList(argv.opponents),
        out: argv.resume ?? argv.out, resume: argv.resume !== undefined, backend: argv.backend as BackendName | undefined,
        evalGames: argv['eval-games'], workers: argv.workers, quiet: false,
      });
      out(argv.json, { ...r.result, evaluation: r.evaluation }, () => r.table || 'evaluation skipped (--eval-games 0)');
    },
  )
  .command(
    'probe',
    "a designer's balance probe: win rates by seat, position, agent and card, victory types, game length, gold flows, action kinds (HTML + JSON)",
    (y) =>
      y.options({
        agents: { type: 'string', default: 'heuristic,random,heuristic,random', describe: 'comma-separated agent specs, one per seat (seats rotate); single:* specs are the single-minded strategies' },
        games: { type: 'number', default: 2000, describe: 'games to play per ruleset' },
        seed: { type: 'string', default: '0', describe: 'probe seed; game g uses seed/g' },
        compare: { type: 'string', describe: 'a second ruleset (name or path) probed with the same agents and seeds, shown side by side' },
        out: { type: 'string', default: 'probe', describe: 'output path without extension: writes OUT.html and OUT.json' },
        exploit: { type: 'boolean', default: false, describe: 'train a short PPO exploiter against the --agents field and probe it (needs the training module, issue 8)' },
        'exploit-minutes': { type: 'number', default: 10, describe: 'training budget of the exploiter, in minutes' },
        players: { type: 'number', describe: 'players per game (default: one per --agents spec; 4 with --exploit); with more agents than players each game seats a rotating window of them' },
        workers: { type: 'number', default: availableParallelism(), describe: 'worker threads (results do not depend on it)' },
        ...rulesetOptions,
      }),
    async (argv) => {
      const { runProbe } = await import('../designer/probe.ts');
      const { reportHtml } = await import('../designer/report.ts');
      const { runExploit } = await import('../designer/exploit.ts');
      const agents = parseAgentList(argv.agents);
      if (!argv.exploit && agents.length < 2 && argv.players === undefined) throw new ArgumentError('--agents needs one spec per seat (at least 2), or --players');
      if (!Number.isInteger(argv.games) || argv.games < 1) throw new ArgumentError(`--games must be a positive integer, got ${argv.games}`);
      const rulesets = [argv.ruleset ?? argv.variant, ...(argv.compare ? [argv.compare] : [])];
      for (const r of rulesets) loadRuleset(r);
      const base = argv.out.replace(/\.(html|json)$/, '');
      const bar = progressBar('probe', argv.json);
      bar?.start(argv.games * rulesets.length, 0);
      const summaries: ProbeSummary[] = [];
      for (const [i, ruleset] of rulesets.entries()) {
        const onGame = (n: number) => bar?.update(i * argv.games + n);
        summaries.push(
          argv.exploit
            ? await runExploit({ ruleset, field: agents, players: argv.players ?? 4, seed: argv.seed, minutes: argv['exploit-minutes'], outDir: `${base}-exploiter${i ? `-${i}` : ''}`, games: argv.games, workers: argv.workers, onGame })
            : await runProbe({ ruleset, agents, players: argv.players, seed: argv.seed, games: argv.games, workers: argv.workers, onGame }),
        );
      }
      bar?.stop();
      const command = `npx merlin ${process.argv.slice(2).join(' ')}`;
      const date = new Date().toISOString();
      const written = { html: `${base}.html`, json: `${base}.json` };
      writeFileSync(written.html, await reportHtml(summaries, { command, date }));
      writeFileSync(written.json, JSON.stringify({ command, date, probes: summaries }, null, 1) + '\n');
      out(argv.json, { written, probes: summaries.map((s) => ({ ruleset: s.ruleset, games: s.games, seconds: s.seconds, by_agent: s.by_agent, victory_types: s.victory_types, findings: s.findings.slice(0, 5) })) }, () =>
        [
          ...summaries.flatMap((s) => [
            `${s.ruleset.name}: ${s.games} games in ${s.seconds}s; ` + s.by_agent.map((a) => `${a.agent} ${(a.rate * 100).toFixed(1)}%`).join(', '),
            ...s.findings.slice(0, 3).map((f, i) => `  ${i + 1}. ${f.text}`),
          ]),
          `wrote ${written.html} and ${written.json}`,
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
          (v) => v.positional('file', { type: 'string', demandOption: true, describe: 'a log written by merlin replay' }).options({
            out: { type: 'string', default: 'game.html', describe: 'the page to write' },
            json: { type: 'boolean', default: false, describe: 'print one JSON object on stdout and nothing else there' },
          }),
          async (argv) => {
            const { readReplay } = await import('../designer/replay.ts');
            const { replayHtml } = await import('../designer/replay-view.ts');
            const log = readReplay(argv.file);
            writeFileSync(argv.out, await replayHtml(log));
            out(argv.json, { written: argv.out, steps: log.result.steps }, () => `replayed ${log.result.steps} actions (final state matches the log); wrote ${argv.out}`);
          },
        )
        .options({
          agents: { type: 'string', default: 'heuristic,random,heuristic,random', describe: 'comma-separated agent specs, one per seat' },
          seed: { type: 'string', default: '0', describe: 'game seed' },
          out: { type: 'string', default: 'game.json', describe: 'the log to write' },
          ...rulesetOptions,
        }),
    async (argv) => {
      const { recordGame } = await import('../designer/replay.ts');
      const log = recordGame(argv.ruleset ?? argv.variant, parseAgentList(argv.agents), argv.seed);
      writeFileSync(argv.out, JSON.stringify(log) + '\n');
      const r = log.result;
      out(argv.json, { written: argv.out, ...r }, () => `${r.steps} actions, ${r.turns} turns, ${r.victory}, player ${r.winner} wins; wrote ${argv.out} (view it: merlin replay view ${argv.out})`);
    },
  )
  .command(
    'bench',
    'measure the engine on this machine',
    (y) =>
      y.options({
        seconds: { type: 'number', default: 5, describe: 'seconds of engine play' },
        players: { type: 'number', default: 4 },
        'max-warmup': { type: 'number', default: DEFAULT_MAX_WARMUP, describe: 'most seconds of JIT warm-up per figure (warm-up ends when five one-second windows in a row are steady: no new best by 3 %, no dip of 10 % below it)' },
        'envs-per-worker': { type: 'number', default: DEFAULT_ENVS_PER_WORKER, describe: 'envs per thread of the vector env pool' },
        training: { type: 'boolean', default: false, describe: 'also measure training throughput (PPO updates of the default configuration)' },
        'training-updates': { type: 'number', default: 5, describe: 'timed PPO updates for --training' },
        'training-sparse-input': { type: 'boolean', default: true, describe: 'for --training: the sparse first layer (--no-training-sparse-input: dense tfjs, for comparison)' },
        ...rulesetOptions,
      }),
    async (argv) => {
      const rs = rulesetFrom(argv);
      const r: Awaited<ReturnType<typeof runBench>> & { training?: TrainingBench } = await runBench(rs, { seconds: argv.seconds, players: argv.players, maxWarmup: argv['max-warmup'], envsPerWorker: argv['envs-per-worker'] });
      if (argv.training) r.training = await benchTraining(argv.ruleset ?? argv.variant, argv['training-updates'], argv['training-sparse-input']);
      const t = r.training;
      out(argv.json, r, () =>
        [
          `engine: ${r.engine_steps_per_sec.toLocaleString('en')} steps/s (random play, legal actions + apply, one core, ${r.players} players)`,
          `env: ${r.env_steps_per_sec.toLocaleString('en')} steps/s (one core, a vector env of one; observation ${r.observation_size} floats + mask ${r.num_actions} every step)`,
          `AEC env: ${r.aec_env_steps_per_sec.toLocaleString('en')} steps/s (one core; dense observeInto into caller-owned arrays + step)`,
          `vector env: ${r.vector_env_steps_per_sec.toLocaleString('en')} steps/s (${r.vector_envs} envs on ${r.vector_workers} worker threads; ${r.vector_env_scaling}x one env)`,
          `clone: ${r.clone_us} us, serialize: ${r.serialize_us} us (mid-game state)`,
          `timed ${r.seconds} s per figure after JIT warm-up of ${r.warmup_seconds.engine} / ${r.warmup_seconds.env} / ${r.warmup_seconds.aec_env} / ${r.warmup_seconds.vector_env} s (engine / env / AEC env / vector env)`,
          t ? `training: ${t.env_steps_per_sec.toLocaleString('en')} env steps/s, ${t.learner_steps_per_sec.toLocaleString('en')} learner decisions/s, ${t.seconds_per_update} s per PPO update (backend ${t.backend}; ${t.rollout}; ${t.network})` : '',
          `machine: ${r.machine.cpu}, ${r.machine.cores} cores, ${r.machine.memory_gib} GiB, node ${r.machine.node}, ${r.machine.date}`,
        ].filter(Boolean).join('\n'),
      );
    },
  )
  .command(
    'serve',
    'the WebSocket bridge for Python clients and frontends (docs/PROTOCOL.md)',
    (y) =>
      y.options({
        host: { type: 'string', default: '127.0.0.1', describe: 'address to bind; anything but 127.0.0.1/::1 needs --token' },
        port: { type: 'number', default: 8765, describe: 'port (0 picks a free one; the chosen one is printed)' },
        token: { type: 'string', describe: 'shared secret clients must send at upgrade (Authorization: Bearer T or ?token=T)' },
        'max-envs': { type: 'number', default: 1024, describe: 'most envs one connection may hold' },
        'max-frame': { type: 'number', default: 1 << 20, describe: 'largest frame a client may send, in bytes (larger: closed with 1009)' },
        'max-clients': { type: 'number', default: 256, describe: 'most simultaneous connections' },
        'idle-timeout': { type: 'number', default: 300, describe: 'seconds without a message before a connection is closed (0: never)' },
        'stdin-lifeline': { type: 'boolean', default: false, hidden: true, describe: 'exit when stdin closes (used by the Python client)' },
        'allow-agent-paths': { type: 'boolean', default: false, describe: 'accept agent specs that read files (heuristic:PATH, ppo:PATH) from clients' },
        quiet: { type: 'boolean', default: false, describe: 'no connection log on stderr' },
        json: { type: 'boolean', default: false, describe: 'print one JSON line {url, host, port, protocol, pid} once listening' },
      }),
    async (argv) => {
      const { serve } = await import('../bridge/serve.ts');
      await serve({
        host: argv.host, port: argv.port, token: argv.token, maxEnvs: argv['max-envs'], maxFrameBytes: argv['max-frame'], maxClients: argv['max-clients'],
        idleTimeoutS: argv['idle-timeout'], stdinLifeline: argv['stdin-lifeline'], quiet: argv.quiet, json: argv.json,
        allowAgentPaths: argv['allow-agent-paths'],
      });
    },
  )
  .command(
    'docs',
    'regenerate docs/ACTIONS.md, docs/OBSERVATION.md and docs/CARDS.md from the code and card data',
    (y) => y.options(rulesetOptions),
    (argv) => {
      const rs = rulesetFrom(argv);
      const written = [join(root, 'docs', 'ACTIONS.md'), join(root, 'docs', 'OBSERVATION.md'), join(root, 'docs', 'CARDS.md')];
      writeFileSync(written[0], actionsMarkdown(rs));
      writeFileSync(written[1], observationMarkdown(rs));
      writeFileSync(written[2], cardsMarkdown(rs));
      out(argv.json, { written }, () => written.map((p) => `wrote ${p}`).join('\n'));
    },
  )
  .demandCommand(1, 'name a command (see merlin --help)')
  .strict()
  .fail((msg, err) => {
    if (err) reportAndExit(err);
    process.stderr.write(`merlin: ${msg}\n(see merlin --help)\n`);
    process.exit(2);
  })
  .help()
  .parseAsync();
} catch (err) {
  reportAndExit(err);
}
