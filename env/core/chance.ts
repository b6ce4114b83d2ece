/**
 * Explicit chance nodes (game.ts `CHANCE`, `metadata.chanceMode` 'explicit'), resolved the same way by every
 * loop that steps a game (playGame, the AEC, single-agent and vector envs, MCTS, training's collectors, the
 * bridge, replays): `resolveChance(game, s)` applies outcomes drawn from the state's own RNG until a seat is to
 * act or the game is over. So a seeded game is the same game wherever it is played, and an agent never sees a
 * chance node. A test or tool that wants a given outcome applies it with `game.applyAction` itself, or forces it
 * through rng.ts's `chance` channel (kind `CHANCE_KIND`, the outcome id), as `playGame`'s `forceChance` does.
 *
 *   const s = game.newState(2, 'seed');
 *   resolveChance(game, s);                 // the deal
 *   game.applyAction(s, myAction);
 *   resolveChance(game, s);                 // whatever chance follows
 */
import { chance, nextFloat } from '../../lib/rng.ts';
import { CHANCE, type Game } from './game.ts';

/** The chance-channel kind of an explicit chance node's outcome (rng.ts `chance`): the outcome id. */
export const CHANCE_KIND = 'chance';

/** Scratch buffers per game (one game object per ruleset, so this stays small). */
const scratch = new WeakMap<object, { outcomes: Int32Array; probs: Float64Array }>();
function buffers<S>(game: Game<S>): { outcomes: Int32Array; probs: Float64Array } {
  let b = scratch.get(game);
  if (!b) {
    const n = Math.max(1, game.maxChanceOutcomes ?? 0);
    scratch.set(game, (b = { outcomes: new Int32Array(n), probs: new Float64Array(n) }));
  }
  return b;
}

/**
 * The outcome of the chance node `s` drawn from the state's RNG (one uniform draw, advancing it), or the next
 * outcome forced for `CHANCE_KIND` on rng.ts's `chance` channel (the draw is made all the same).
 * @throws RangeError when `game` has no explicit chance, or a forced outcome is not one of the node's
 */
export function sampleChance<S>(game: Game<S>, s: S): number {
  if (!game.chanceOutcomes || !game.chanceRng) throw new RangeError(`${game.name} has no explicit chance nodes`);
  const { outcomes, probs } = buffers(game);
  const n = game.chanceOutcomes(s, outcomes, probs);
  const u = nextFloat(game.chanceRng(s));
  let k = 0;
  let acc = probs[0];
  while (k < n - 1 && u >= acc) acc += probs[++k];
  let outcome = outcomes[k];
  const forced = chance.forced?.get(CHANCE_KIND);
  if (forced && forced.length > 0) {
    const f = forced.shift();
    if (typeof f !== 'number' || !outcomes.subarray(0, n).includes(f))
      throw new RangeError(
        `forced chance outcome ${String(f)} is not one of this node's (${Array.from(outcomes.subarray(0, n)).join(', ')})`,
      );
    outcome = f;
  }
  return outcome;
}

/**
 * Apply outcomes drawn by `sampleChance` while `s` is at a chance node; `onOutcome` sees each before it is
 * applied. Returns how many were applied (0 at once for a game without explicit chance).
 */
export function resolveChance<S>(game: Game<S>, s: S, onOutcome?: (outcome: number) => void): number {
  if (game.chanceRng === undefined) return 0; // no explicit chance: one property load on the envs' hot path
  let n = 0;
  while (game.currentPlayer(s) === CHANCE) {
    const outcome = sampleChance(game, s);
    onOutcome?.(outcome);
    game.applyAction(s, outcome);
    n++;
  }
  return n;
}
