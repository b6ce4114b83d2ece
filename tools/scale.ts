/**
 * Random play at scale (OpenSpiel's random-simulation test, run wide): `merlin simulate --check-invariants`
 * for every registered game, every shipped variant and every player count the game supports, with uniformly
 * random agents, and a summary table (errors, invariant violations, truncations, median game length).
 * Not part of `npm test`: at 10,000 games a cell it runs for hours on a shared 2-core machine.
 *
 *   nice -n 10 npx tsx tools/scale.ts --games 10000 --out runs/scale
 *   nice -n 10 npx tsx tools/scale.ts --games 1000 --games-only merlin --variants full,market
 *
 * Flags: `--games N` per cell (default 10,000), `--seed S` (default `scale`; cell seeds are `S/game/variant/P`),
 * `--deep-every K` (deep invariant checks every K steps, default 16 as in `merlin simulate`), `--games-only a,b`,
 * `--variants a,b` and `--players 2,6` to run a subset, `--out DIR` (default runs/scale). Each finished cell is appended to
 * DIR/cells.jsonl at once (a stopped run keeps what it finished); the table is written to DIR/scale.md and
 * printed on stdout. Exit code 1 when any cell has an error or an invariant violation.
 */
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpus } from 'node:os';
import { runSimulation } from '../cli/simulate.ts';
import { GAMES } from '../games/registry.ts';

const args = process.argv.slice(2);
const flag = (name: string, dflt: string): string => {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : dflt;
};
const GAMES_PER_CELL = Number(flag('--games', '10000'));
const SEED = flag('--seed', 'scale');
const DEEP_EVERY = Number(flag('--deep-every', '16'));
const ONLY = flag('--games-only', '').split(',').filter(Boolean);
const VARIANTS = flag('--variants', '').split(',').filter(Boolean);
const PLAYERS = flag('--players', '').split(',').filter(Boolean).map(Number);
const OUT = flag('--out', join('runs', 'scale'));
if (!Number.isInteger(GAMES_PER_CELL) || GAMES_PER_CELL < 1) throw new Error(`--games must be a positive integer, got ${GAMES_PER_CELL}`);

/** One cell of the table: a game, a variant and a player count. */
interface Cell {
  game: string;
  variant: string;
  players: number;
  games: number;
  errors: number;
  invariant_violations: number;
  truncated: number;
  median_turns: number;
  mean_turns: number;
  steps: number;
  seconds: number;
  trajectory_hash: string;
}

mkdirSync(OUT, { recursive: true });
const jsonl = join(OUT, 'cells.jsonl');
writeFileSync(jsonl, '');
const cells: Cell[] = [];
const t0 = performance.now();
for (const entry of Object.values(GAMES)) {
  if (ONLY.length && !ONLY.includes(entry.name)) continue;
  for (const variant of entry.variants) {
    if (VARIANTS.length && !VARIANTS.includes(variant)) continue;
    const game = entry.game(variant);
    for (let players = game.minPlayers; players <= game.maxPlayers; players++) {
      if (PLAYERS.length && !PLAYERS.includes(players)) continue;
      const problems: string[] = [];
      const r = runSimulation({
        game,
        games: GAMES_PER_CELL,
        players,
        agents: ['random'],
        seed: `${SEED}/${entry.name}/${variant}/${players}`,
        checkInvariants: true,
        deepEvery: DEEP_EVERY,
        onProblem: (m) => problems.length < 5 && problems.push(m),
      });
      const cell: Cell = {
        game: entry.name,
        variant,
        players,
        games: r.games,
        errors: r.errors,
        invariant_violations: r.invariant_violations,
        truncated: r.truncated,
        median_turns: r.median_turns,
        mean_turns: r.mean_turns,
        steps: r.steps,
        seconds: r.seconds,
        trajectory_hash: r.trajectory_hash,
      };
      cells.push(cell);
      appendFileSync(jsonl, JSON.stringify({ ...cell, problems }) + '\n');
      process.stderr.write(
        `${entry.name} ${variant} ${players}p: ${r.games} games, ${r.errors} errors, ${r.invariant_violations} violations, ${r.truncated} truncated, median ${r.median_turns} turns, ${r.seconds} s\n`,
      );
      for (const p of problems) process.stderr.write(`  ${p.split('\n')[0]}\n`);
    }
  }
}

const minutes = ((performance.now() - t0) / 60_000).toFixed(1);
const fmt = (n: number) => n.toLocaleString('en');
const table = [
  `Random play with invariant checks (\`nice -n 10 npx tsx tools/scale.ts --games ${GAMES_PER_CELL} --seed ${SEED} --deep-every ${DEEP_EVERY}\`): ` +
    `${fmt(GAMES_PER_CELL)} games per cell, agents \`random\` in every seat, conservation checked after every step and the deep ` +
    `invariants (legality agreement, every legal action applies, illegal ones refused unchanged, clone and serialisation ` +
    `round trips) every ${DEEP_EVERY} steps. ${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores shared with other work, ${minutes} minutes.`,
  '',
  '| game | variant | players | games | errors | invariant violations | truncated | median turns | mean turns | steps | seconds |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ...cells.map(
    (c) =>
      `| ${c.game} | ${c.variant} | ${c.players} | ${fmt(c.games)} | ${c.errors} | ${c.invariant_violations} | ${fmt(c.truncated)} | ${c.median_turns} | ${c.mean_turns} | ${fmt(c.steps)} | ${c.seconds} |`,
  ),
  '',
  `Total: ${fmt(cells.reduce((s, c) => s + c.games, 0))} games, ${cells.reduce((s, c) => s + c.errors, 0)} errors, ` +
    `${cells.reduce((s, c) => s + c.invariant_violations, 0)} invariant violations.`,
].join('\n');
writeFileSync(join(OUT, 'scale.md'), table + '\n');
process.stdout.write(table + '\n');
if (cells.some((c) => c.errors > 0 || c.invariant_violations > 0)) process.exitCode = 1;
