/**
 * The flags of every `merlin` command, one table per command (cli/main.ts registers them; the tests walk
 * them). Every number is an intFlag or realFlag (cli/flags.ts): yargs checks it, with its range stated in
 * `--help`, before the command runs.
 */
import { availableParallelism } from 'node:os';
import { BACKEND_ORDER } from '../training/backend-names.ts';
import { DEFAULT_REWARD, REWARD_CHOICES, TRUNCATION_CHOICES } from '../training/reward-choices.ts';
import { SERVER_DEFAULTS as SERVER } from '../bridge/limits.ts';
import { DEFAULT_ENVS_PER_WORKER, DEFAULT_MAX_WARMUP } from './bench.ts';
import { intFlag, playersFlag, realFlag } from './flags.ts';
import { DEFAULT_GAME, GAMES } from '../games/registry.ts';

/** Sanity bounds shared by several commands. */
const MAX_GAMES = 10_000_000;
const MAX_WORKERS = 256;
const WEEK_MINUTES = 7 * 24 * 60;
const cores = availableParallelism();

const players = <D extends number | undefined>(def: D, describe = 'players per game (Merlin 2-6, Economicon 2-4)') =>
  playersFlag(describe, def);
const workers = (describe: string) => intFlag('workers', 1, MAX_WORKERS, describe, cores);

/** `--game`: a registered game (games/registry.ts), for the commands that play any game. */
const gameOption = {
  game: { type: 'string', default: DEFAULT_GAME, choices: Object.keys(GAMES), describe: 'the game to play (games/registry.ts)' },
} as const;

const rulesetOptions = {
  variant: {
    type: 'string',
    describe: `shipped ruleset name (default: the game's first; Merlin: ${GAMES.merlin.variants.join(', ')})`,
  },
  ruleset: { type: 'string', describe: 'path to a ruleset JSON file (overrides --variant)' },
  json: { type: 'boolean', default: false, describe: 'print one JSON object on stdout and nothing else there' },
} as const;

export const simulateOptions = {
  games: intFlag('games', 1, MAX_GAMES, 'games to play', 100),
  players: players(4),
  agents: { type: 'string', default: 'random', describe: 'comma-separated agent specs; seat i plays agents[i % n]' },
  seed: { type: 'string', default: '0', describe: 'run seed; game g uses seed/g' },
  'check-invariants': {
    type: 'boolean',
    default: false,
    describe: 'check conservation every step and deep invariants every --deep-every steps',
  },
  'deep-every': intFlag('deep-every', 1, 1_000_000_000, 'steps between deep invariant checks (1 = every step)', 16),
  ...gameOption,
  ...rulesetOptions,
} as const;

export const evalOptions = {
  agents: {
    type: 'string',
    demandOption: true,
    describe: 'comma-separated agent specs, one per seat (e.g. heuristic,random,random,random); with --players, the field of a ladder',
  },
  players: players(
    undefined,
    'players per game (default: one per --agents spec); with more agents than players, a ladder: each game seats that many of them, drawn at random',
  ),
  games: intFlag('games', 1, MAX_GAMES, 'games to play (a multiple of the player count rotates seats evenly)', 100),
  seed: { type: 'string', default: '0', describe: 'tournament seed; game g uses seed/g' },
  workers: workers('worker threads (results do not depend on it)'),
  records: {
    type: 'string',
    describe:
      "a JSON-lines file of the tournament's finished games: each game is appended as it ends, games already in it are not played again (a long tournament can stop and resume, or grow: a larger --games plays only the new games), and the result covers games 0..--games-1",
  },
  coverage: {
    type: 'boolean',
    default: false,
    describe:
      'add the coverage of the games (as merlin probe reports it: which action kinds, chapters, cards and victories were legal and taken, dead content, no-op loops) to the result, the games of --records included',
  },
  ...gameOption,
  ...rulesetOptions,
} as const;

export const trainOptions = {
  minutes: realFlag(
    'minutes',
    0,
    WEEK_MINUTES,
    'wall-time budget for training (the evaluation comes after; 0 needs --updates)',
    3,
    'minutes',
  ),
  updates: intFlag('updates', 1, 1_000_000_000, 'stop after this many PPO updates (whichever comes first with --minutes)', undefined),
  variant: { type: 'string', describe: "ruleset name or path to train on (default: the game's first; Merlin: full)" },
  variants: {
    type: 'string',
    describe: 'comma-separated rulesets mixed episode by episode (overrides --variant; the first is the main one)',
  },
  players: players(4),
  envs: intFlag('envs', 1, 4096, 'games played side by side (the inference batch)', 32),
  horizon: intFlag('horizon', 1, 100_000, 'learner decisions per game per rollout', 64),
  hidden: {
    type: 'string',
    describe: "hidden layer sizes of the MLP (default 256,128; with --init-from, the checkpoint's; wider than the checkpoint's widens it)",
  },
  'learning-rate': realFlag(
    'learning-rate',
    0.000001,
    1,
    'Adam\'s step size for the PPO updates (docs/TRAINING.md "The algorithm"; default 3e-4), e.g. lower for a fine-tuning stage',
    undefined,
    '',
  ),
  'ent-coef': realFlag(
    'ent-coef',
    0,
    1,
    'weight of the entropy bonus over the legal actions in the PPO loss (default 0.01)',
    undefined,
    '',
  ),
  'teacher-coef': realFlag(
    'teacher-coef',
    0,
    100,
    'teacher regularisation: after the warm start, keep a behaviour-cloning term of this weight toward the heuristic\'s choices in the PPO loss, at the decisions where the heuristic would play one of --teacher-kinds (docs/TRAINING.md "Teacher regularisation"; default 0: none)',
    undefined,
    '',
  ),
  'teacher-kinds': {
    type: 'string',
    describe:
      "with --teacher-coef: the action kinds (the game's names, docs/ACTIONS.md) whose decisions the teacher term covers, e.g. BuyCard,PlayCard,AttackProperty (default: every decision)",
  },
  'imitation-updates': intFlag(
    'imitation-updates',
    0,
    1_000_000_000,
    'first updates imitate the heuristic (warm start) before PPO; 0 = PPO from scratch (default 30, or 0 with --init-from)',
    undefined,
  ),
  'init-from': {
    type: 'string',
    describe:
      "start from this checkpoint's weights (a curriculum stage, e.g. a full policy fine-tuned on --variant skirmish); same game, observation and depth; a wider --hidden widens it without changing its play (new units start with zero weight out)",
  },
  reward: {
    type: 'string',
    choices: Object.keys(REWARD_CHOICES),
    default: DEFAULT_REWARD,
    describe:
      "the learner's reward (docs/TRAINING.md \"Rewards\"): win/loss at the end plus each step's change in the lead over the other seats' mean net worth / 400 paid back at the end (lead-potential), or kept (net-worth-lead), or in net worth / 400 kept (net-worth), or win/loss alone (win-loss)",
  },
  'action-cost': {
    type: 'string',
    describe:
      'a cost the learner pays for its own actions of these kinds, in reward units (a win is 1): KIND=COST,... with the game\'s kind names (docs/ACTIONS.md), e.g. ProposeTrade=0.01 to price offers a rival refuses; kept, not paid back (docs/TRAINING.md "Rewards")',
  },
  truncation: {
    type: 'string',
    choices: Object.keys(TRUNCATION_CHOICES),
    default: 'draw',
    describe:
      'what a game truncated at the turn limit pays: a draw, 0 to every seat (draw), a win to the net-worth leader (rank, the earlier default), or a loss to every seat (loss: no seat gains by stalling)',
  },
  exploiter: {
    type: 'boolean',
    default: false,
    describe:
      'train a main exploiter against the learner beside the league; frozen copies join the league when it wins 50% against the learner or after 20 of its updates (docs/TRAINING.md)',
  },
  'league-shares': {
    type: 'string',
    describe:
      'fixed shares of the self-play league\'s episodes for its baselines, MEMBER=SHARE,... with random and heuristic (e.g. heuristic=0.2): each is drawn with that probability beside self\'s 0.3, and PFSP draws the rest (docs/TRAINING.md "The league"); not with --opponents',
  },
  'exploiter-every': intFlag('exploiter-every', 1, 1000, 'with --exploiter: learner updates per exploiter update', 2),
  collectors: intFlag(
    'collectors',
    1,
    2,
    'threads a rollout runs on: 1 = the learner collects, then updates; 2 = a worker thread collects the next rollout with the previous weights while the learner updates (docs/TRAINING.md "Collectors"; default 2 on two or more cores with the WebAssembly SIMD kernels, else 1)',
    undefined,
  ),
  opponents: {
    type: 'string',
    describe: 'a fixed field of agent specs to train against instead of the self-play league (e.g. heuristic,ppo:checkpoints/default)',
  },
  seed: { type: 'string', default: 'merlin', describe: 'run seed (games, sampling, initial weights)' },
  out: { type: 'string', default: 'runs/latest', describe: 'checkpoint directory (written, and overwritten, as training goes)' },
  resume: { type: 'string', describe: 'continue the run in this checkpoint directory exactly (its config wins over the flags above)' },
  backend: {
    type: 'string',
    choices: BACKEND_ORDER as unknown as string[],
    describe: 'force a tfjs backend (default: the first that loads of tensorflow, wasm, cpu)',
  },
  'eval-games': intFlag('eval-games', 0, MAX_GAMES, 'games per evaluation match after training (0 skips it)', 200),
  workers: workers('worker threads for the evaluation'),
  json: { type: 'boolean', default: false, describe: 'print one JSON object (result and evaluation) on stdout' },
  ...gameOption,
} as const;

export const probeOptions = {
  agents: {
    type: 'string',
    describe:
      "comma-separated agent specs, one per seat (seats rotate; default: the game's heuristic and random, twice: heuristic,random,heuristic,random for Merlin); Merlin's single:* specs are the single-minded strategies",
  },
  games: intFlag('games', 1, MAX_GAMES, 'games to play per ruleset', 2000),
  seed: { type: 'string', default: '0', describe: 'probe seed; game g uses seed/g' },
  compare: { type: 'string', describe: 'a second ruleset (name or path) probed with the same agents and seeds, shown side by side' },
  out: { type: 'string', default: 'probe', describe: 'output path without extension: writes OUT.html and OUT.json' },
  exploit: { type: 'boolean', default: false, describe: 'train a short PPO exploiter against the --agents field and probe it' },
  'exploit-minutes': realFlag('exploit-minutes', 0.01, WEEK_MINUTES, 'training budget of the exploiter', 10, 'minutes'),
  'exploit-init-from': {
    type: 'string',
    describe:
      "with --exploit: start the exploiter from this checkpoint (its weights and hidden sizes) instead of imitating the heuristic, e.g. the field's own checkpoint",
  },
  learn: realFlag(
    'learn',
    0.01,
    WEEK_MINUTES,
    'train a self-play policy on the probed ruleset for this many minutes (merlin train: its league and main exploiter), save it in OUT-learned/, and probe it in self-play, against the heuristic and against random (--games each)',
    undefined,
    'minutes',
  ),
  'learn-updates': intFlag(
    'learn-updates',
    1,
    1_000_000,
    'with --learn: stop training after this many PPO updates if the minutes last longer',
    undefined,
  ),
  'learn-from': {
    type: 'string',
    describe:
      "with --learn: start from this checkpoint's weights (e.g. checkpoints/default; same game, observation and hidden sizes) instead of fresh ones, without the imitation warm start",
  },
  'learn-imitation': intFlag(
    'learn-imitation',
    0,
    1_000_000_000,
    "with --learn: first updates imitate the heuristic (the trainer's warm start; default 30, or 0 with --learn-from)",
    undefined,
  ),
  'learn-teacher-coef': realFlag(
    'learn-teacher-coef',
    0,
    100,
    "with --learn: teacher regularisation of that training (as merlin train --teacher-coef): a behaviour-cloning term of this weight toward the heuristic kept after the warm start, so the policy keeps the heuristic's buying and fighting and restricted play against it can measure them (default 0: none)",
    undefined,
    '',
  ),
  'learn-teacher-kinds': {
    type: 'string',
    describe:
      'with --learn-teacher-coef: the action kinds whose decisions the teacher term covers, e.g. BuyCard,PlayCard,AttackProperty (default: every decision)',
  },
  'learn-exploiter': {
    type: 'boolean',
    default: true,
    describe: 'with --learn: train the main exploiter beside the league (--no-learn-exploiter: the league alone)',
  },
  players: players(
    undefined,
    'players per game (default: one per --agents spec; 4 with --exploit); with more agents than players each game seats a rotating window of them',
  ),
  workers: workers('worker threads (results do not depend on it)'),
  ...gameOption,
  ...rulesetOptions,
} as const;

export const exploitabilityOptions = {
  minutes: realFlag('minutes', 0.01, WEEK_MINUTES, "the best response's training budget (20 in docs/AGENTS.md)", 20, 'minutes'),
  games: intFlag('games', 1, MAX_GAMES, 'evaluation games of the best response against the agent (seats rotate)', 200),
  players: players(4),
  seed: { type: 'string', default: '0', describe: 'seed of the training run and of the evaluation games' },
  out: {
    type: 'string',
    default: 'runs/exploiter',
    describe: "the best response's checkpoint directory (evaluate or replay it as ppo:OUT)",
  },
  'init-from': {
    type: 'string',
    describe:
      "start the best response from this checkpoint (its weights and hidden sizes; same game and observation) instead of imitating the heuristic, e.g. the measured agent's own checkpoint",
  },
  'learning-rate': trainOptions['learning-rate'],
  'ent-coef': trainOptions['ent-coef'],
  workers: workers('worker threads for the evaluation games (results do not depend on it)'),
  ...gameOption,
  ...rulesetOptions,
} as const;

export const replayOptions = {
  agents: {
    type: 'string',
    describe:
      "comma-separated agent specs, one per seat (default: the game's heuristic and random, twice: heuristic,random,heuristic,random for Merlin)",
  },
  seed: { type: 'string', default: '0', describe: 'game seed' },
  out: { type: 'string', default: 'game.json', describe: 'the log to write' },
  ...gameOption,
  ...rulesetOptions,
} as const;

export const replayViewOptions = {
  out: { type: 'string', default: 'game.html', describe: 'the page to write' },
  json: { type: 'boolean', default: false, describe: 'print one JSON object on stdout and nothing else there' },
} as const;

export const benchOptions = {
  seconds: realFlag('seconds', 0.1, 3600, 'seconds of timed play per figure', 5, 'seconds'),
  players: players(4),
  'max-warmup': realFlag(
    'max-warmup',
    0,
    3600,
    'most seconds of JIT warm-up per figure (warm-up ends when five one-second windows in a row are steady: no new best by 3 %, no dip of 10 % below it)',
    DEFAULT_MAX_WARMUP,
    'seconds',
  ),
  'envs-per-worker': intFlag('envs-per-worker', 1, 4096, 'envs per thread of the vector env pool', DEFAULT_ENVS_PER_WORKER),
  training: {
    type: 'boolean',
    default: false,
    describe: 'also measure training throughput (PPO updates of the default configuration) on tfjs-node and wasm, side by side',
  },
  'training-updates': intFlag('training-updates', 1, 1000, 'timed PPO updates for --training', 5),
  'training-sparse-input': {
    type: 'boolean',
    default: true,
    describe: 'for --training: the sparse first layer (--no-training-sparse-input: dense tfjs, for comparison)',
  },
  ...gameOption,
  ...rulesetOptions,
} as const;

export const serveOptions = {
  host: { type: 'string', default: SERVER.host, describe: 'address to bind; anything but 127.0.0.1/::1 needs --token' },
  port: intFlag('port', 0, 65535, 'port (0 picks a free one; the chosen one is printed)', SERVER.port),
  token: { type: 'string', describe: 'shared secret clients must send at upgrade (Authorization: Bearer T or ?token=T)' },
  'max-envs': intFlag('max-envs', 1, 1_048_576, 'most envs one connection may hold', SERVER.maxEnvs),
  'max-total-envs': intFlag(
    'max-total-envs',
    1,
    1_048_576,
    'most envs all connections together may hold (the server\'s memory budget; docs/PROTOCOL.md "Limits")',
    SERVER.maxTotalEnvs,
  ),
  'max-frame': intFlag(
    'max-frame',
    1024,
    1 << 30,
    'largest frame a client may send (larger: closed with 1009)',
    SERVER.maxFrameBytes,
    'bytes',
  ),
  'max-clients': intFlag('max-clients', 1, 65_536, 'most simultaneous connections', SERVER.maxClients),
  'idle-timeout': realFlag(
    'idle-timeout',
    0,
    7 * 24 * 3600,
    'seconds without a message before a connection is closed (0: never)',
    SERVER.idleTimeoutS,
    'seconds',
  ),
  'stdin-lifeline': { type: 'boolean', default: false, hidden: true, describe: 'exit when stdin closes (used by the Python client)' },
  'allow-agent-paths': {
    type: 'boolean',
    default: false,
    describe: 'accept agent specs that read files (heuristic:PATH, ppo:PATH) from clients',
  },
  quiet: { type: 'boolean', default: false, describe: 'no connection log on stderr' },
  json: { type: 'boolean', default: false, describe: 'print one JSON line {url, host, port, protocol, pid} once listening' },
} as const;

export const docsOptions = { ...gameOption, ...rulesetOptions } as const;

export const playOptions = {
  agents: {
    type: 'string',
    describe:
      "comma-separated agent specs, one per other seat in seat order (default: the game's shipped checkpoint for the variant, else its heuristic, three seats)",
  },
  seat: intFlag('seat', 0, 5, 'your seat (0 moves first where the game has a fixed order)', 0),
  seed: { type: 'string', describe: 'the game seed (default: a fresh one, printed); the same seed and moves give the same game' },
  host: {
    type: 'string',
    default: '127.0.0.1',
    describe: 'address to bind (anything but a loopback address opens the table to the network)',
  },
  port: intFlag('port', 0, 65535, 'port (0 picks a free one; the URL is printed)', 0),
  ...gameOption,
  ...rulesetOptions,
} as const;

export const tuneOptions = {
  trials: intFlag(
    'trials',
    0,
    1_000_000,
    "the study's total of finished trials to reach (earlier runs' and other workers' count; 0: report only)",
    100,
  ),
  storage: {
    type: 'string',
    describe:
      'Optuna storage URL, any SQLAlchemy URL (sqlite:///study.db, postgresql://...: workers on several machines); default sqlite:///OUT.db',
  },
  study: { type: 'string', describe: "study name in the storage (default: the space's name)" },
  out: {
    type: 'string',
    describe:
      'report path without extension: OUT.html, OUT.json, trial rulesets in OUT-rulesets/ (default: SPACE-tune); with --emit-ruleset, the ruleset file',
  },
  workers: workers('worker threads per probe (results do not depend on it); more processes on one --storage share the trials'),
  python: { type: 'string', describe: "the Python with optuna (default: $MERLIN_PYTHON, else the repository's .venv, else python3)" },
  confirm: intFlag('confirm', 0, 1000, "front points to confirm under learned play (default: the space's confirm.points)", undefined),
  'emit-ruleset': intFlag(
    'emit-ruleset',
    0,
    1_000_000_000,
    'write trial N of the study as a ruleset file that extends the base (--out FILE) instead of searching',
    undefined,
  ),
  json: { type: 'boolean', default: false, describe: 'print one JSON object on stdout and nothing else there' },
} as const;

/** Every command's flag table, by command name (`replay view` as 'replay view'). */
export const COMMAND_OPTIONS = {
  simulate: simulateOptions,
  eval: evalOptions,
  train: trainOptions,
  probe: probeOptions,
  exploitability: exploitabilityOptions,
  replay: replayOptions,
  'replay view': replayViewOptions,
  bench: benchOptions,
  serve: serveOptions,
  docs: docsOptions,
  play: playOptions,
  tune: tuneOptions,
} as const;
