/**
 * Child process of small-integers.test.ts (run with `node --allow-natives-syntax --import tsx`): every
 * registered game, states made for a player count that arrives boxed (a heap number 4.0, as yargs hands its
 * number defaults over), 20 random games of up to 300 moves each. Prints one JSON object: per game, the state's
 * fields that ever held an integer as a heap number instead of a small integer (V8's Smi). A game state whose seat
 * fields turn into doubles makes every engine function that reads them deoptimise ("wrong map") and run slower.
 */
import { GAMES } from '../registry.ts';
import { nextInt, seedRng } from '../../lib/rng.ts';
import { legalBuffer } from '../../env/core/game.ts';

const isSmi = new Function('a', 'return %IsSmi(a)') as (a: unknown) => boolean;
const boxed = new Float64Array([4])[0];
if (isSmi(boxed)) throw new Error('the boxed count is a small integer: the check would prove nothing');
const found: Record<string, string[]> = {};
for (const entry of Object.values(GAMES)) {
  const game = entry.game();
  const rng = seedRng('small-integers');
  const legal = legalBuffer(game);
  const bad = new Set<string>();
  for (let g = 0; g < 20; g++) {
    const s = game.newState(boxed, `small-integers/${g}`) as Record<string, unknown>;
    for (let k = 0; k < 300 && !game.isTerminal(s); k++) {
      game.applyAction(s, legal[nextInt(rng, game.legalActions(s, legal))]);
      for (const [key, v] of Object.entries(s)) if (typeof v === 'number' && Number.isInteger(v) && !isSmi(v)) bad.add(key);
    }
  }
  found[entry.name] = [...bad].sort();
}
process.stdout.write(JSON.stringify(found) + '\n');
