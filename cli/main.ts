/**
 * The `merlin` command (yargs). Commands built so far: simulate, bench, docs. The others named in
 * DESIGN.md (train, eval, serve, probe, replay) arrive with their issues and are not listed until then.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import cliProgress from 'cli-progress';
import { MerlinError } from '../env/core/errors.ts';
import { loadRuleset } from '../env/merlin/rules/index.ts';
import { parseAgentList } from '../agents/registry.ts';
import { runSimulation } from './simulate.ts';
import { runBench } from './bench.ts';
import { actionsMarkdown } from './docs.ts';
import { observationMarkdown } from '../env/merlin/env/observation-doc.ts';

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
      const bar = !argv.json || process.stderr.isTTY ? new cliProgress.SingleBar({ stream: process.stderr, format: 'simulate [{bar}] {value}/{total} games | {eta}s left' }, cliProgress.Presets.shades_classic) : null;
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
    'bench',
    'measure the engine on this machine',
    (y) => y.options({ seconds: { type: 'number', default: 5, describe: 'seconds of engine play' }, players: { type: 'number', default: 4 }, ...rulesetOptions }),
    async (argv) => {
      const rs = rulesetFrom(argv);
      const r = await runBench(rs, argv.seconds, argv.players);
      out(argv.json, r, () =>
        [
          `engine: ${r.engine_steps_per_sec.toLocaleString('en')} steps/s (random play, legal actions + apply, one core, ${r.players} players)`,
          `env: ${r.env_steps_per_sec.toLocaleString('en')} steps/s (one core; observation ${r.observation_size} floats + mask ${r.num_actions} every step)`,
          `vector env: ${r.vector_env_steps_per_sec.toLocaleString('en')} steps/s (${r.vector_envs} envs on ${r.vector_workers} worker threads; ${r.vector_env_scaling}x one env)`,
          `clone: ${r.clone_us} us, serialize: ${r.serialize_us} us (mid-game state)`,
          `machine: ${r.machine.cpu}, ${r.machine.cores} cores, ${r.machine.memory_gib} GiB, node ${r.machine.node}, ${r.machine.date}`,
        ].join('\n'),
      );
    },
  )
  .command(
    'docs',
    'regenerate docs/ACTIONS.md and docs/OBSERVATION.md from the code',
    (y) => y.options(rulesetOptions),
    (argv) => {
      const rs = rulesetFrom(argv);
      const written = [join(root, 'docs', 'ACTIONS.md'), join(root, 'docs', 'OBSERVATION.md')];
      writeFileSync(written[0], actionsMarkdown(rs));
      writeFileSync(written[1], observationMarkdown(rs));
      out(argv.json, { written }, () => written.map((p) => `wrote ${p}`).join('\n'));
    },
  )
  .demandCommand(1, 'name a command: simulate, bench or docs')
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
