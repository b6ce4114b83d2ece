/**
 * Poker as a `Game` (env/core/game.ts), made by env/core's adapter factory: the engine, its observation (one
 * seat's information state), the state tensor, rendering and hidden-card resampling.
 *
 *   const game = pokerGame('leduc');        // or 'kuhn', a ruleset path, or a loaded Ruleset
 *
 * Chance is explicit: `currentPlayer` is CHANCE while a card is due and `chanceOutcomes` gives each rank with its
 * probability (env/core/chance.ts deals it from the state's RNG). Returns are net chips (OpenSpiel's): in Leduc a
 * seat can lose at most 13 (`ruleset.maxStake`), and the chips one seat loses another wins (zero-sum). `score` is
 * the same figure once the hand is over, and minus the seat's stake while it runs.
 */
import { CHANCE, gameMetadata, TERMINAL } from '../../../env/core/game.ts';
import { gameAdapter, type RulesGame } from '../../../env/core/adapter.ts';
import { TensorLayout } from '../../../env/core/layout.ts';
import { seedRng, nextInt } from '../../../lib/rng.ts';
import { contentHash } from '../../../lib/hash.ts';
import { loadRuleset, type Ruleset } from '../rules/index.ts';
import {
  applyAction,
  cardsLeft,
  cloneState,
  createGame,
  describeAction,
  deserializeState,
  handStrength,
  isChanceNode,
  isOver,
  legalActions,
  NUM_ACTIONS,
  rankName,
  ranksOf,
  serializeState,
  whyIllegal,
  type PokerState,
} from '../engine/engine.ts';

/** A poker game (`variant`: the ruleset's name; `ruleset`: the rules it plays). */
export type PokerGame = RulesGame<PokerState, Ruleset>;

/**
 * The observation of a seat (`full`: the state tensor, every seat's card too), seat-relative (relative seat 0
 * is the observer): its card, the public cards, the round, who is to act, who is in, stakes, and every round's
 * actions in order (perfect recall). Sized for the ruleset's most players.
 */
function encoder(rs: Ruleset, full: boolean) {
  const P = rs.data.players.max;
  const K = ranksOf(P);
  const R = rs.data.rounds.length;
  const D = Math.max(...rs.data.rounds.map((r) => P * (r.maxRaises + 1)));
  const L = new TensorLayout();
  const o = {
    card: L.add('card', K, "one-hot rank of the observer's card (0 until dealt)"),
    board: L.add('board', (R - 1) * K, 'per public card, one-hot rank (0 until dealt)'),
    round: L.add('round', R, 'one-hot betting round (0 once over)'),
    toAct: L.add('toAct', P, 'one-hot relative seat to act (0 at a chance node and once over)'),
    seated: L.add('seated', P, '1 per relative seat in the hand'),
    folded: L.add('folded', P, '1 per relative seat that folded'),
    stake: L.add('stake', P, "per relative seat, chips it put in / the most one seat can put in (ruleset's maxStake)"),
    raises: L.add('raises', 1, "bets and raises this round / the round's cap (0 when it allows none)"),
    history: L.add('history', R * D * NUM_ACTIONS, 'per round, per decision in order, one-hot action (fold, call, raise)'),
    cards: full ? L.add('cards', P * K, "per seat (absolute), one-hot rank of its card: the state tensor's hidden part") : -1,
  };
  const spec = L.spec();
  const write = (s: PokerState, me: number, out: Float32Array): void => {
    out.fill(0);
    const n = s.numPlayers;
    const rel = (p: number) => (p - me + n) % n;
    if (s.cards[me] >= 0) out[o.card + s.cards[me]] = 1;
    s.board.forEach((c, i) => (out[o.board + i * K + c] = 1));
    if (!isOver(s)) out[o.round + s.round] = 1;
    if (s.toAct >= 0) out[o.toAct + rel(s.toAct)] = 1;
    for (let p = 0; p < n; p++) {
      out[o.seated + rel(p)] = 1;
      out[o.folded + rel(p)] = s.folded[p];
      out[o.stake + rel(p)] = s.stake[p] / rs.maxStake;
      if (full && s.cards[p] >= 0) out[o.cards + p * K + s.cards[p]] = 1;
    }
    const cap = rs.data.rounds[s.round].maxRaises;
    out[o.raises] = cap > 0 ? s.raises / cap : 0;
    s.history.forEach((h, r) => h.forEach((a, i) => (out[o.history + (r * D + i) * NUM_ACTIONS + a] = 1)));
  };
  return { spec, write };
}

/** The table as everyone sees it: the round, the board, the pot, each seat's stake; at a showdown the cards shown. */
function renderTable(rs: Ruleset, s: PokerState): string {
  const n = s.numPlayers;
  const name = (c: number) => rankName(c, n);
  const pot = s.stake.reduce((a, x) => a + x, 0);
  const state = isOver(s) ? 'over' : isChanceNode(s) ? 'dealing' : `round ${s.round + 1} of ${rs.data.rounds.length}`;
  const lines = [`${rs.data.name}, ${state}; board: ${s.board.map(name).join(' ') || '-'}; pot ${pot}`];
  for (let p = 0; p < n; p++) {
    const shown = isOver(s) && !s.byFold && !s.folded[p] ? `, shows ${name(s.cards[p])}` : '';
    const status = s.folded[p] ? ', folded' : s.toAct === p ? ', to act' : '';
    const result = s.result ? `, ${s.result[p] >= 0 ? '+' : ''}${s.result[p]}` : '';
    lines.push(`seat ${p}: stake ${s.stake[p]}${status}${shown}${result}`);
  }
  return lines.join('\n');
}

/** What `seat` alone sees: its card (and whether it pairs the board). */
export function renderSeat(_rs: Ruleset, s: PokerState, seat: number): string {
  const c = s.cards[seat];
  if (c < 0) return 'your card: not dealt yet';
  return `your card: ${rankName(c, s.numPlayers)}${handStrength(s, seat) >= 100 ? ' (a pair with the board)' : ''}`;
}

/**
 * A copy of `s` in which the other seats' cards are redrawn from the cards `player` has not seen, and the RNG
 * reseeded from `seed` (so the cards still to come differ too): for information-set search.
 */
function resampleHidden(rs: Ruleset, s: PokerState, seed: string | number, player: number): PokerState {
  const c = cloneState(s);
  c.rng = seedRng(seed);
  const unseen: number[] = [];
  const hidden = c.cards.map((card, p) => p !== player && card >= 0);
  hidden.forEach((h, p) => h && (c.cards[p] = -1));
  const left: number[] = [];
  cardsLeft(c, rs, left);
  left.forEach((k, r) => unseen.push(...Array<number>(k).fill(r)));
  hidden.forEach((h, p) => {
    if (h) c.cards[p] = unseen.splice(nextInt(c.rng, unseen.length), 1)[0];
  });
  return c;
}

/** The poker game for a shipped variant (`leduc`, `kuhn`), a ruleset file path, or a loaded ruleset. */
export const pokerGame = gameAdapter<PokerState, Ruleset>({
  name: 'poker',
  module: import.meta.url,
  export: 'pokerGame',
  defaultVariant: 'leduc',
  load: loadRuleset,
  variant: (rs) => rs.data.name,
  metadata: (rs) =>
    gameMetadata({
      chanceMode: 'explicit',
      minUtility: -rs.maxStake,
      maxUtility: rs.maxStake * (rs.data.players.max - 1),
      maxTurns: rs.maxDecisions,
      players: rs.data.players,
    }),
  actions: () => ({ size: NUM_ACTIONS, hash: contentHash(['fold', 'call', 'raise']) }),
  observation: (rs) => encoder(rs, false),
  stateTensor: (rs) => {
    const st = encoder(rs, true);
    return { spec: st.spec, write: (s, out) => st.write(s, 0, out) };
  },
  newState: createGame,
  clone: cloneState,
  serialize: serializeState,
  deserialize: (rs, json) => deserializeState(json, rs),
  numPlayers: (s) => s.numPlayers,
  currentPlayer: (s) => (isOver(s) ? TERMINAL : isChanceNode(s) ? CHANCE : s.toAct),
  legalActions,
  whyIllegal,
  applyAction,
  isTerminal: isOver,
  isTruncated: () => false,
  returns: (s, _rs, out, options) => {
    for (let p = 0; p < s.numPlayers; p++) out[p] = s.result && options.terminal !== 'zero' ? s.result[p] : 0;
  },
  score: (s, _rs, seat) => (s.result ? s.result[seat] : -s.stake[seat]),
  resampleHidden,
  describeAction,
  render: renderTable,
  chance: {
    maxOutcomes: (rs) => ranksOf(rs.data.players.max),
    outcomes: (s, rs, outcomes, probs) => {
      const left: number[] = [];
      const total = cardsLeft(s, rs, left);
      let n = 0;
      left.forEach((k, r) => {
        if (k > 0) [outcomes[n], probs[n++]] = [r, k / total];
      });
      return n;
    },
    rng: (s) => s.rng,
  },
});
