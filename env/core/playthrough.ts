/**
 * A golden playthrough: one seeded game of uniformly random legal play written as readable text, after
 * OpenSpiel's integration_tests/playthroughs. The game's metadata and sizes; then its first states in full (the
 * seat to act, the table as text, that seat's own view, its observation as text, the legal actions with their
 * descriptions or a chance node's outcomes with their probabilities, the returns) and each action applied; then
 * the last actions and the final state with the returns; and a SHA-256 over every step of the whole game (the
 * seat to act, its legal actions, its observation, the action, the final serialised state), so any change of
 * behaviour anywhere in the game changes the text. Game-agnostic: the game registry supplies each seat's view.
 *
 *   const text = playthrough(game, { players: 2, seed: 'playthrough', view: (s, seat) => entry.seatView(game, s, seat) });
 *
 * The random choices come from a stream of their own (seeded from `seed`), chance from the state's RNG (an
 * explicit chance node's outcome is drawn by chance.ts `sampleChance` and shown as a step of its own).
 */
import { createHash } from 'node:crypto';
import { nextInt, seedRng } from '../../lib/rng.ts';
import { CHANCE, legalBuffer, type Game, type TensorSpec } from './game.ts';
import { sampleChance } from './chance.ts';

export interface PlaythroughOptions<S> {
  players: number;
  seed: string;
  /** States shown in full from the start (default 8); the game is played to its end all the same. */
  detailed?: number;
  /** Actions listed before the final state (default 5). */
  last?: number;
  /** What one seat alone sees beyond the table (the registry's `seatView`), shown for the seat to act. */
  view?: (s: S, seat: number) => string;
  /** Stop after this many actions (default 100,000); the text then says the game did not end. */
  maxSteps?: number;
}

/** A float as text that is the same on every machine for the same float32 value. */
const num = (v: number): string => String(Number(v.toPrecision(6)));
const indent = (text: string): string[] => text.split('\n').map((l) => `  ${l}`);

/** Lines of `items` joined by spaces, each at most `width` characters after `prefix`. */
function wrap(prefix: string, items: string[], width = 110): string[] {
  const lines: string[] = [];
  let line = prefix;
  for (const it of items) {
    if (line.length + it.length + 1 > width && line !== prefix) {
      lines.push(line);
      line = ' '.repeat(prefix.length);
    }
    line += (line.endsWith(' ') ? '' : ' ') + it;
  }
  lines.push(line);
  return lines;
}

/** `obs`'s entries that differ from `prev` (all its non-zero entries when `prev` is null), by segment. */
function observationText(spec: TensorSpec, obs: Float32Array, prev: Float32Array | null): string[] {
  const lines: string[] = [];
  for (const seg of spec.segments) {
    const items: string[] = [];
    for (let i = 0; i < seg.length; i++) {
      const v = obs[seg.offset + i];
      if (prev ? v !== prev[seg.offset + i] : v !== 0) items.push(`[${i}]=${num(v)}`);
    }
    if (items.length) lines.push(...wrap(`    ${seg.name}:`, items));
  }
  return lines.length ? lines : ['    (none)'];
}

/** The playthrough of `game` (see the module docs). */
export function playthrough<S>(game: Game<S>, o: PlaythroughOptions<S>): string {
  const detailed = o.detailed ?? 8;
  const last = o.last ?? 5;
  const maxSteps = o.maxSteps ?? 100_000;
  const m = game.metadata;
  const out: string[] = [
    `game: ${game.name}${game.variant ? ` (${game.variant})` : ''}`,
    `players: ${o.players}; seed: ${o.seed}; play: uniformly random legal actions (their own stream), chance from the state's RNG`,
    `metadata: chanceMode=${m.chanceMode} information=${m.information} utility=${m.utility} rewardModel=${m.rewardModel} ` +
      `returns in [${m.minUtility}, ${m.maxUtility}] maxTurns=${m.maxTurns} players=${m.minPlayers}-${m.maxPlayers}`,
    `numActions: ${game.numActions}${game.maxChanceOutcomes ? `; maxChanceOutcomes: ${game.maxChanceOutcomes}` : ''}`,
    `observation: ${game.observationSpec.size} floats in ${game.observationSpec.segments.length} segments; state tensor: ${game.stateSpec.size} floats`,
    `hashes: rules ${game.rulesHash.slice(0, 16)}, actions ${game.actionsHash.slice(0, 16)}, observation ${game.observationSpec.hash.slice(0, 16)}`,
  ];
  const rng = seedRng(`playthrough/${o.seed}/moves`);
  const s = game.newState(o.players, o.seed);
  const legal = legalBuffer(game);
  const obs = new Float32Array(game.observationSpec.size);
  const shown: (Float32Array | null)[] = Array.from({ length: o.players }, () => null);
  const ret = new Float64Array(game.maxPlayers);
  const outcomes = new Int32Array(Math.max(1, game.maxChanceOutcomes ?? 0));
  const probs = new Float64Array(outcomes.length);
  const trail = createHash('sha256');
  const recent: string[] = [];
  const returnsText = () => {
    game.returns(s, ret);
    return Array.from(ret.subarray(0, o.players), num).join(' ');
  };
  let step = 0;
  for (; !game.isTerminal(s) && step < maxSteps; step++) {
    const seat = game.currentPlayer(s);
    const n = game.legalActions(s, legal);
    const ids = Array.from(legal.subarray(0, n));
    const full = step < detailed;
    if (full) out.push('', `# State ${step}`, `current player: ${seat === CHANCE ? 'chance' : seat}`, 'table:', ...indent(game.render(s)));
    let action: number;
    if (seat === CHANCE) {
      const k = game.chanceOutcomes!(s, outcomes, probs);
      if (full)
        out.push(
          ...wrap(
            'chance outcomes:',
            Array.from({ length: k }, (_, i) => `${outcomes[i]} "${game.describeAction(s, outcomes[i])}" p=${num(probs[i])};`),
          ),
        );
      action = sampleChance(game, s);
    } else {
      game.observe(s, seat, obs);
      trail.update(new Uint8Array(obs.buffer, obs.byteOffset, obs.byteLength));
      if (full) {
        const view = o.view?.(s, seat);
        if (view) out.push(`view of seat ${seat}:`, ...indent(view));
        const prev = shown[seat];
        out.push(`observation of seat ${seat}${prev ? ' (the entries changed since it was last shown)' : ' (its non-zero entries)'}:`);
        out.push(...observationText(game.observationSpec, obs, prev));
        shown[seat] = obs.slice();
        out.push(
          ...wrap(
            `legal actions (${n}):`,
            ids.map((a) => `${a} "${game.describeAction(s, a)}";`),
          ),
        );
        out.push(`returns: ${returnsText()}`);
      }
      action = ids[nextInt(rng, n)];
    }
    const what = `${seat === CHANCE ? 'chance outcome' : `action`} ${action} "${game.describeAction(s, action)}"${seat === CHANCE ? '' : ` by seat ${seat}`}`;
    trail.update(`${step}:${seat}:${ids.join(',')}:${action};`);
    if (full) out.push('', `# Apply ${what}`);
    recent.push(`  step ${step}: ${what}`);
    if (recent.length > last) recent.shift();
    game.applyAction(s, action);
  }
  const final = game.serialize(s);
  trail.update(final);
  if (step > detailed) out.push('', `# ... ${step - detailed} more steps; the last ${recent.length}:`, ...recent);
  out.push(
    '',
    `# Final state after ${step} steps${game.isTerminal(s) ? '' : ` (stopped at ${maxSteps}: the game did not end)`}`,
    `terminal: ${game.isTerminal(s)}; truncated: ${game.isTruncated(s)}`,
    'table:',
    ...indent(game.render(s)),
    `returns: ${returnsText()}`,
    `scores: ${Array.from({ length: o.players }, (_, p) => num(game.score(s, p))).join(' ')}`,
    `sha256 of every step and the final state: ${trail.digest('hex')}`,
  );
  return out.join('\n') + '\n';
}
