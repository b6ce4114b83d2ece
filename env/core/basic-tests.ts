/**
 * `basicTests(game)`: the contract checks every `Game<S>` must pass, after OpenSpiel's `basic_tests`
 * random simulation. Game-agnostic and framework-free: it throws a `BasicTestError` naming the game,
 * players, seed, step and check at the first failure, so a vitest test is one line:
 *
 *   it('passes the basic tests', () => expect(basicTests(merlinGame('full')).steps).toBeGreaterThan(0));
 *
 * For each player count (default: every count from `minPlayers` to `maxPlayers`) it plays `games`
 * random games (seeded `${seed}/${players}/${g}`) and checks, at every step:
 * - the current player is a seat in range, TERMINAL exactly when `isTerminal`, or CHANCE (explicit chance only);
 * - legal actions are ascending, distinct, in [0, numActions), and at least one while the game runs;
 * - at a chance node: the legal ids are `chanceOutcomes`' ids, in [0, maxChanceOutcomes), with probabilities
 *   above 0 summing to 1, and chance.ts's `sampleChance` draws the same one of them from two clones; the
 *   random game takes an outcome by those probabilities (from the test's own stream);
 * - `whyIllegal` (when the game offers a reference check) agrees with `legalActions` on every id, every
 *   `referenceEvery` steps;
 * - `clone` is equal (same serialisation) and independent (applying an action to the clone leaves the
 *   original's serialisation unchanged, and the original then reaches the same state with the same action);
 * - `deserialize(serialize(s))` serialises the same and offers the same legal actions;
 * - up to `illegalSample` illegal ids (and one out of range) are refused with a typed error (MerlinError)
 *   leaving the state's serialisation unchanged;
 * - every seat's observation and the state tensor are finite, of their spec's size, within their segments'
 *   bounds, every `observeEvery` steps;
 * and at the end: `returns` are finite, within the metadata's utility bounds, and sum to 0 in a zero-sum game.
 */
import { MerlinError } from '../../lib/errors.ts';
import { CHANCE, TERMINAL, type Game, type TensorSpec } from './game.ts';
import { nextFloat, nextInt, seedRng } from '../../lib/rng.ts';
import { sampleChance } from './chance.ts';

export interface BasicTestOptions {
  /** Player counts to test (default: every count from minPlayers to maxPlayers). */
  players?: number[];
  /** Random games per player count (default 1). */
  games?: number;
  seed?: string;
  /** Give up on a game after this many steps (default 20,000); the checks so far stand. */
  maxSteps?: number;
  /** Steps between reference (whyIllegal) sweeps over every id (default 16; 1 = every step). */
  referenceEvery?: number;
  /** Steps between clone and serialisation round trips (default 1). */
  roundTripEvery?: number;
  /** Steps between observation and state tensor checks (default 8). */
  observeEvery?: number;
  /** Illegal ids tried per step (default 2). */
  illegalSample?: number;
}

/** What the checks covered. */
export interface BasicTestReport {
  games: number;
  /** Games that reached their end within `maxSteps` (their returns were checked). */
  finished: number;
  steps: number;
  /** States on which `whyIllegal` was compared with `legalActions` over every id (0 when the game has none). */
  referenceSweeps: number;
  illegalRefused: number;
}

/** A failed basic test: names the game, players, seed, step and check. */
export class BasicTestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BasicTestError';
  }
}

/**
 * Run the basic tests on `game` (see module docs).
 * @throws BasicTestError at the first failed check
 */
export function basicTests<S>(game: Game<S>, options: BasicTestOptions = {}): BasicTestReport {
  const counts = options.players ?? Array.from({ length: game.maxPlayers - game.minPlayers + 1 }, (_, i) => game.minPlayers + i);
  const o = {
    games: options.games ?? 1,
    seed: options.seed ?? 'basic',
    maxSteps: options.maxSteps ?? 20_000,
    referenceEvery: Math.max(1, options.referenceEvery ?? 16),
    roundTripEvery: Math.max(1, options.roundTripEvery ?? 1),
    observeEvery: Math.max(1, options.observeEvery ?? 8),
    illegalSample: options.illegalSample ?? 2,
  };
  const report: BasicTestReport = { games: 0, finished: 0, steps: 0, referenceSweeps: 0, illegalRefused: 0 };
  const A = game.numActions;
  const maxChance = game.maxChanceOutcomes ?? 0;
  const W = Math.max(A, maxChance);
  const legal = new Int32Array(W);
  const legal2 = new Int32Array(W);
  const isLegal = new Uint8Array(W);
  const outcomes = new Int32Array(Math.max(1, maxChance));
  const probs = new Float64Array(Math.max(1, maxChance));
  const obs = new Float32Array(game.observationSpec.size);
  const st = new Float32Array(game.stateSpec.size);
  const ret = new Float64Array(game.maxPlayers);
  for (const P of counts) {
    for (let g = 0; g < o.games; g++) {
      const seed = `${o.seed}/${P}/${g}`;
      const rng = seedRng(`basic-tests/${seed}`);
      const s = game.newState(P, seed);
      let step = 0;
      const fail = (check: string): never => {
        throw new BasicTestError(
          `${game.name}${game.variant ? ` (${game.variant})` : ''}, ${P} players, seed ${seed}, step ${step}: ${check}`,
        );
      };
      if (game.numPlayers(s) !== P) fail(`numPlayers is ${game.numPlayers(s)}`);
      for (; step < o.maxSteps; step++) {
        const terminal = game.isTerminal(s);
        const seat = game.currentPlayer(s);
        const chanceNode = seat === CHANCE;
        if (terminal !== (seat === TERMINAL)) fail(`isTerminal ${terminal} but currentPlayer ${seat}`);
        if (chanceNode && !(game.metadata.chanceMode === 'explicit' && game.chanceOutcomes && game.chanceRng && maxChance > 0))
          fail(`currentPlayer is CHANCE in a game whose chanceMode is ${game.metadata.chanceMode} or that offers no chance outcomes`);
        if (!terminal && !chanceNode && !(Number.isInteger(seat) && seat >= 0 && seat < P)) fail(`currentPlayer ${seat} is not a seat`);
        if (step % o.observeEvery === 0) {
          for (let p = 0; p < P; p++) {
            game.observe(s, p, obs);
            checkTensor(obs, game.observationSpec, `observation of seat ${p}`, fail);
          }
          game.stateTensor(s, st);
          checkTensor(st, game.stateSpec, 'state tensor', fail);
        }
        if (terminal) break;
        // At a chance node the ids are chance outcomes, in a space of their own.
        const space = chanceNode ? maxChance : A;
        const n = game.legalActions(s, legal);
        if (n < 1) fail('no legal action in a running game');
        isLegal.fill(0);
        for (let i = 0; i < n; i++) {
          const a = legal[i];
          if (!(a >= 0 && a < space) || (i > 0 && a <= legal[i - 1]))
            fail(`legal actions not ascending, distinct ids in range: ${Array.from(legal.subarray(0, n)).join(',')}`);
          isLegal[a] = 1;
        }
        if (chanceNode) checkChanceNode(game, s, legal.subarray(0, n), outcomes, probs, fail);
        if (game.whyIllegal && step % o.referenceEvery === 0) {
          for (let a = 0; a < space; a++) {
            const why = game.whyIllegal(s, a);
            if ((why === null) !== (isLegal[a] === 1))
              fail(`action ${a} (${game.describeAction(s, a)}): legalActions says ${isLegal[a] === 1}, whyIllegal says ${why ?? 'legal'}`);
          }
          report.referenceSweeps++;
        }
        const before = game.serialize(s);
        // Illegal actions (sampled, and one out of range) are refused with a typed error, the state unchanged.
        if (n < space) {
          for (let k = 0; k < o.illegalSample; k++) {
            let a = nextInt(rng, space);
            while (isLegal[a]) a = (a + 1) % space;
            refused(game, s, a, before, fail);
            report.illegalRefused++;
          }
        }
        refused(game, s, space, before, fail);
        report.illegalRefused++;
        const action = chanceNode ? byProbability(outcomes, probs, n, nextFloat(rng)) : legal[nextInt(rng, n)];
        if (step % o.roundTripEvery === 0) {
          const c = game.clone(s);
          if (game.serialize(c) !== before) fail('clone serialises differently');
          const d = game.deserialize(before);
          if (game.serialize(d) !== before) fail('deserialize(serialize(s)) serialises differently');
          const n2 = game.legalActions(d, legal2);
          if (n2 !== n || legal2.subarray(0, n).some((x, i) => x !== legal[i])) fail('the deserialised state offers other legal actions');
          game.applyAction(c, action);
          if (game.serialize(s) !== before) fail(`applying ${action} to a clone changed the original`);
          game.applyAction(s, action);
          if (game.serialize(s) !== game.serialize(c)) fail(`the clone and the original differ after the same action ${action}`);
        } else game.applyAction(s, action);
        report.steps++;
      }
      if (game.isTerminal(s)) {
        ret.fill(NaN);
        game.returns(s, ret);
        let sum = 0;
        for (let p = 0; p < P; p++) {
          if (!Number.isFinite(ret[p]) || ret[p] < game.metadata.minUtility || ret[p] > game.metadata.maxUtility)
            fail(`return of seat ${p} is ${ret[p]}, outside [${game.metadata.minUtility}, ${game.metadata.maxUtility}]`);
          sum += ret[p];
        }
        if (game.metadata.utility === 'zeroSum' && Math.abs(sum) > 1e-9) fail(`returns sum to ${sum} in a zero-sum game`);
        report.finished++;
      }
      report.games++;
    }
  }
  return report;
}

/**
 * The chance node `s` offers as outcomes exactly its legal ids, with probabilities above 0 summing to 1 (left in
 * `outcomes` / `probs`), and `sampleChance` draws the same one of them from two clones.
 */
function checkChanceNode<S>(
  game: Game<S>,
  s: S,
  legal: Int32Array,
  outcomes: Int32Array,
  probs: Float64Array,
  fail: (check: string) => never,
): void {
  const n = game.chanceOutcomes!(s, outcomes, probs);
  if (n !== legal.length || legal.some((a, i) => a !== outcomes[i]))
    fail(`chance outcomes ${Array.from(outcomes.subarray(0, n)).join(',')} are not the legal ids ${Array.from(legal).join(',')}`);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    if (!(probs[i] > 0 && probs[i] <= 1)) fail(`chance outcome ${outcomes[i]} has probability ${probs[i]}`);
    sum += probs[i];
  }
  if (Math.abs(sum - 1) > 1e-9) fail(`chance outcome probabilities sum to ${sum}`);
  const a = sampleChance(game, game.clone(s));
  const b = sampleChance(game, game.clone(s));
  if (a !== b || !legal.includes(a)) fail(`sampleChance drew ${a} and ${b} from two clones of one chance node`);
}

/** The outcome whose probability interval holds `u` in [0, 1). */
function byProbability(outcomes: Int32Array, probs: Float64Array, n: number, u: number): number {
  let k = 0;
  let acc = probs[0];
  while (k < n - 1 && u >= acc) acc += probs[++k];
  return outcomes[k];
}

/** `a` must be refused with a typed error and leave `s` serialising as `before`. */
function refused<S>(game: Game<S>, s: S, a: number, before: string, fail: (check: string) => never): void {
  let error: unknown = null;
  try {
    game.applyAction(s, a);
  } catch (e) {
    error = e;
  }
  if (!(error instanceof MerlinError)) fail(`illegal action ${a} was ${error ? `refused with an untyped ${String(error)}` : 'accepted'}`);
  if (game.serialize(s) !== before) fail(`refusing illegal action ${a} changed the state`);
}

/** Every entry finite and within its segment's [low, high]; segments tile the declared size. */
function checkTensor(t: Float32Array, spec: TensorSpec, what: string, fail: (check: string) => never): void {
  if (t.length !== spec.size) fail(`${what}: length ${t.length}, spec says ${spec.size}`);
  for (const seg of spec.segments) {
    for (let i = seg.offset; i < seg.offset + seg.length; i++) {
      const v = t[i];
      if (!Number.isFinite(v) || v < seg.low || v > seg.high)
        fail(`${what}: ${seg.name}[${i - seg.offset}] = ${v}, outside [${seg.low}, ${seg.high}]`);
    }
  }
}
