/**
 * Merlin's engine beside Catanatron's, in one run and in turn (docs/BENCHMARKS.md): R rounds,  each plays
 * G random 4-player games of Merlin's default ruleset (uniformly random legal actions: `legalActions` +
 * `applyAction`, the same loop as `merlin bench`'s engine figure, game creation included) and then G random
 * 4-player games of Catanatron (tools/catanatron/bench_catanatron.py, `RandomPlayer` in every seat, every
 * `play_tick` a decision), and prints each round's decisions per second and ratio, and the median ratio.
 * A first, untimed Merlin round warms V8's JIT (Catanatron runs on CPython, which has none).
 *
 *   python3 -m venv /tmp/catan && /tmp/catan/bin/pip install catanatron==3.2.1
 *   npx tsx tools/compare-catanatron.ts --python /tmp/catan/bin/python --games 200 --rounds 5
 *
 * Flags: `--python PATH` (default `python3`; it must import catanatron), `--games G` (default 200),
 * `--rounds R` (default 5), `--seconds S` (least seconds of Merlin's play per round, default 5),
 * `--warmup-seconds W` (default 10), `--variant V` (Merlin's ruleset, default its default), `--json`.
 */
import { execFileSync } from 'node:child_process';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { gameEntry } from '../games/registry.ts';
import { nextInt, seedRng } from '../lib/rng.ts';
import type { Game } from '../env/core/game.ts';

const argv = yargs(hideBin(process.argv))
  .strict()
  .options({
    python: { type: 'string', default: 'python3', describe: 'a Python that imports catanatron' },
    games: { type: 'number', default: 200, describe: 'games per engine per round' },
    rounds: { type: 'number', default: 5, describe: 'timed rounds, each Merlin then Catanatron' },
    seconds: { type: 'number', default: 5, describe: "least seconds of Merlin's play per round (whole games)" },
    'warmup-seconds': { type: 'number', default: 10, describe: "untimed Merlin play first (V8's JIT)" },
    variant: { type: 'string', describe: "Merlin's ruleset (default: its default)" },
    json: { type: 'boolean', default: false },
  })
  .parseSync();

/**
 * Decisions per second of random 4-player games of `game` from seeds `tag/0, tag/1, ...`: at least `games`
 * whole games and at least `minSeconds` of play (a Merlin game takes well under a millisecond, so a few
 * hundred alone would be timed over a fraction of a second).
 */
function merlinRate(
  game: Game<unknown>,
  games: number,
  minSeconds: number,
  tag: string,
): { decisions: number; seconds: number; rate: number; games: number } {
  const buf = new Int32Array(game.numActions);
  const rng = seedRng(`compare/${tag}`);
  let decisions = 0;
  const t0 = performance.now();
  let g = 0;
  for (; g < games || performance.now() - t0 < minSeconds * 1000; g++) {
    const s = game.newState(4, `compare/${tag}/${g}`);
    while (!game.isTerminal(s) && !game.isTruncated(s)) {
      game.applyAction(s, buf[nextInt(rng, game.legalActions(s, buf))]);
      decisions++;
    }
  }
  const seconds = (performance.now() - t0) / 1000;
  return { decisions, seconds, rate: decisions / seconds, games: g };
}

const script = join(dirname(fileURLToPath(import.meta.url)), 'catanatron', 'bench_catanatron.py');
function catanatronRate(games: number): { decisions: number; seconds: number; rate: number } {
  const out = execFileSync(argv.python, [script, String(games)], { encoding: 'utf8' });
  const r = JSON.parse(out.trim().split('\n').pop()!) as { decisions: number; seconds: number; decisions_per_sec: number };
  return { decisions: r.decisions, seconds: r.seconds, rate: r.decisions_per_sec };
}

const entry = gameEntry('merlin');
const variant = argv.variant ?? entry.defaultVariant;
const game = entry.game(variant);
merlinRate(game, 1, argv['warmup-seconds'], 'warm-up');
const rounds: { merlin: number; catanatron: number; ratio: number }[] = [];
for (let r = 0; r < argv.rounds; r++) {
  const m = merlinRate(game, argv.games, argv.seconds, `round-${r}`);
  const c = catanatronRate(argv.games);
  rounds.push({ merlin: Math.round(m.rate), catanatron: Math.round(c.rate), ratio: Math.round((m.rate / c.rate) * 10) / 10 });
  if (!argv.json)
    process.stderr.write(
      `round ${r + 1}: merlin ${Math.round(m.rate).toLocaleString('en')} decisions/s (${m.games} games, ${m.decisions.toLocaleString('en')} in ${m.seconds.toFixed(2)} s), catanatron ${Math.round(c.rate).toLocaleString('en')} (${c.decisions.toLocaleString('en')} in ${c.seconds.toFixed(2)} s): ${rounds[r].ratio}x\n`,
    );
}
const median = (xs: number[]) => {
  const v = [...xs].sort((a, b) => a - b);
  return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
};
const summary = {
  variant,
  games: argv.games,
  rounds,
  median_ratio: median(rounds.map((r) => r.ratio)),
  machine: `${cpus()[0]?.model ?? 'unknown'}, ${cpus().length} cores, node ${process.version}, ${new Date().toISOString().slice(0, 10)}`,
};
process.stdout.write(
  argv.json
    ? JSON.stringify(summary) + '\n'
    : `merlin (${variant}) / catanatron, ${argv.games} random 4-player games each per round: median ${summary.median_ratio}x over ${argv.rounds} rounds (${summary.machine})\n`,
);
