/**
 * Play N random games of Economicon per player count with invariant checks, and print the violations, how the
 * games ended and their length: 10,000 random games at each player count should show 0 invariant violations,
 * every game ending by the rules.
 *
 *   npx tsx games/economicon/tools/random-games.ts [--games 10000] [--players 2,3,4] [--variant standard] [--deep-every 64]
 *
 * Every step runs the cheap checks (conservation of every unit type and mandate card, state shape); every
 * `--deep-every` steps the deep ones (no held mandate whose condition holds, legalActions = whyIllegal on every
 * id) and a serialisation round trip. Exit status 1 when any violation was found.
 */
import { nextInt, seedRng } from '../../../lib/rng.ts';
import { economiconGame } from '../env/game.ts';
import { economiconReporting } from '../env/reporting.ts';

function flag(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

const GAMES = Number(flag('--games', '10000'));
const PLAYERS = flag('--players', '2,3,4').split(',').map(Number);
const VARIANT = flag('--variant', 'standard');
const DEEP_EVERY = Number(flag('--deep-every', '64'));

const game = economiconGame(VARIANT);
const rep = economiconReporting(game.ruleset);
const legal = new Int32Array(game.numActions);
let failed = false;
const pct = (xs: number[], q: number) => xs[Math.min(xs.length - 1, Math.floor(q * xs.length))];

for (const P of PLAYERS) {
  const turns: number[] = [];
  const steps: number[] = [];
  const outcomes = new Map<string, number>();
  const wins = new Float64Array(P);
  const firstWins = { games: 0, won: 0 };
  let violations = 0;
  const examples: string[] = [];
  const t0 = performance.now();
  for (let g = 0; g < GAMES; g++) {
    const s = game.newState(P, `random/${P}/${g}`);
    const rng = seedRng(`random-agent/${P}/${g}`);
    let n = 0;
    while (!game.isTerminal(s)) {
      const k = game.legalActions(s, legal);
      game.applyAction(s, legal[nextInt(rng, k)]);
      n++;
      const deep = n % DEEP_EVERY === 0;
      const bad = rep.checkInvariants!(s, deep);
      if (deep && game.serialize(game.deserialize(game.serialize(s))) !== game.serialize(s)) bad.push('serialisation round trip differs');
      if (bad.length) {
        violations += bad.length;
        if (examples.length < 5) examples.push(`game ${g} step ${n}: ${bad.join('; ')}`);
      }
    }
    const o = rep.outcome(s);
    outcomes.set(o.outcome, (outcomes.get(o.outcome) ?? 0) + 1);
    turns.push(o.turns);
    steps.push(n);
    if (o.winner >= 0) wins[o.winner]++;
    firstWins.games++;
    if (o.winner === s.firstPlayer) firstWins.won++;
  }
  turns.sort((a, b) => a - b);
  steps.sort((a, b) => a - b);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const secs = (performance.now() - t0) / 1000;
  console.log(`${VARIANT}, ${P} players, ${GAMES} random games (${secs.toFixed(1)} s):`);
  console.log(`  invariant violations: ${violations}${examples.length ? '\n    ' + examples.join('\n    ') : ''}`);
  console.log(`  ended: ${[...outcomes].map(([k, v]) => `${k} ${v}`).join(', ')}`);
  console.log(
    `  turns: min ${turns[0]}, median ${pct(turns, 0.5)}, mean ${mean(turns).toFixed(1)}, p99 ${pct(turns, 0.99)}, max ${turns[turns.length - 1]}; ` +
      `actions: median ${pct(steps, 0.5)}, max ${steps[steps.length - 1]}`,
  );
  console.log(
    `  wins by seat: ${Array.from(wins).join(' / ')}; the first player won ${((100 * firstWins.won) / firstWins.games).toFixed(1)} %`,
  );
  if (violations > 0) failed = true;
}
if (failed) process.exitCode = 1;
