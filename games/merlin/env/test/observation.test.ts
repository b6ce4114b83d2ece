/**
 * Observation and state tensors (games/merlin/env/observation.ts) and hidden-information resampling
 * (games/merlin/env/hidden.ts), over thousands of random-play states at 2, 4 and 6 players: the layout tiles
 * the tensor, values are finite and within their bounds, the encoding is deterministic, hidden
 * information never reaches another seat's observation, and resampling conserves everything while leaving
 * the player's own observation unchanged. docs/OBSERVATION.md equals its generated form.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nextInt, seedRng, shuffleInPlace } from '../../../../lib/rng.ts';
import { contentHash } from '../../../../lib/hash.ts';
import type { TensorSpec } from '../../../../env/core/game.ts';
import { loadRuleset } from '../../rules/index.ts';
import {
  applyAction,
  catalogue,
  Kind,
  checkConservation,
  cloneState,
  createGame,
  isTerminal,
  legalActions,
  netWorth,
  serializeState,
  statesEqual,
  type MerlinState,
} from '../../engine/index.ts';
import { HAND_POTION, HAND_SPELL, Phase } from '../../engine/state.ts';
import { rankOf } from '../../engine/cards.ts';
import { createObservationEncoder, createStateEncoder } from '../observation.ts';
import { resampleHidden } from '../hidden.ts';
import { decreeFaces } from '../../engine/decrees.ts';
import { afterDecree } from '../../engine/regulations.ts';
import { observationMarkdown } from '../observation-doc.ts';
import { variant } from '../../test/helpers.ts';

const rs = loadRuleset('full');
const enc = createObservationEncoder(rs);
const st = createStateEncoder(rs);
const OBS = enc.spec.size;
const ST = st.spec.size;
const buf = new Int32Array(catalogue(rs).size);
const cat = catalogue(rs);
const decreeFace = decreeFaces(rs).faceOf;
const decreeDefs = rs.cards.royalDecrees.instanceDef;

/** Element-wise bounds from a spec. */
function boundsOf(spec: TensorSpec): { low: Float32Array; high: Float32Array } {
  const low = new Float32Array(spec.size);
  const high = new Float32Array(spec.size);
  for (const g of spec.segments) {
    low.fill(g.low, g.offset, g.offset + g.length);
    high.fill(g.high, g.offset, g.offset + g.length);
  }
  return { low, high };
}
const obsBounds = boundsOf(enc.spec);
const stBounds = boundsOf(st.spec);

function segmentAt(spec: TensorSpec, i: number): string {
  return spec.segments.find((g) => i >= g.offset && i < g.offset + g.length)?.name ?? '?';
}
function seg(spec: TensorSpec, name: string) {
  const g = spec.segments.find((x) => x.name === name);
  if (!g) throw new Error(`no segment ${name}`);
  return g;
}

/** First index where two tensors differ, or -1. */
function firstDiff(a: Float32Array, b: Float32Array): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i] && !(Number.isNaN(a[i]) && Number.isNaN(b[i]))) return i;
  return -1;
}

function observe(s: MerlinState, seat: number): Float32Array {
  const out = new Float32Array(OBS);
  enc.observe(s, seat, out);
  return out;
}
function stateTensor(s: MerlinState): Float32Array {
  const out = new Float32Array(ST);
  st.encode(s, out);
  return out;
}

const RARE = new Set<number>([
  Phase.AuctionBid,
  Phase.DecreeChoose,
  Phase.DecreeDecide,
  Phase.DecreeBid,
  Phase.Tax,
  Phase.TaxVote,
  Phase.SelectSlot,
  Phase.SelectPlayer,
  Phase.UnitVerb,
  Phase.SelectSquare,
  Phase.SelectUnit,
  Phase.RegulationPropose,
  Phase.RegulationVote,
]);
/**
 * `full` with the skirmish start (cards and Souls dealt for combat at once): it samples combat states that the
 * `full` ruleset's encoders and checks read as they are (only the start differs).
 */
const skirmish = variant((d) => (d.combat.start = loadRuleset('skirmish').data.combat.start));

/**
 * A random legal action, uniform over the legal ids; with `noMarket`, the market kinds (the Grand Market's,
 * transport's and finance's: Kind >= PostBid) are left out whenever anything else is legal. Random players park their gold in market
 * bids, so in half the sampled games the market is left alone and the rarer economy phases (placing a Land,
 * tax season) keep being visited.
 */
function sampleAction(r: ReturnType<typeof seedRng>, n: number, noMarket: boolean): number {
  if (noMarket) {
    let m = 0;
    for (let i = 0; i < n; i++) if (cat.kind[buf[i]] < Kind.PostBid) buf[m++] = buf[i];
    if (m > 0) n = m;
  }
  return buf[nextInt(r, n)];
}

/** States met in random play (sampleAction): every `every`-th step, every state of a rarer phase, and the final state. */
function sampleStates(players: number, games: number, every: number): MerlinState[] {
  const out: MerlinState[] = [];
  for (let g = 0; g < games + 5; g++) {
    const ruleset = g < games ? rs : skirmish;
    const s = createGame(ruleset, players, `obs/${players}/${g}`);
    const r = seedRng(`obs-agent/${players}/${g}`);
    let step = 0;
    let voted = false;
    while (!isTerminal(s)) {
      // The regulation vote follows one rare decree (Council of the Realm); open it once per game as that decree's
      // effect does (engine/regulations.ts afterDecree), so its two phases are sampled.
      if (!voted && step >= 40 && s.phase === Phase.Main) {
        voted = true;
        s.regProposer = s.decider;
        afterDecree(s);
      }
      if (step % every === 0 || RARE.has(s.phase)) out.push(cloneState(s));
      applyAction(s, ruleset, sampleAction(r, legalActions(s, ruleset, buf), g % 2 === 1));
      step++;
    }
    out.push(cloneState(s));
  }
  return out;
}

const phasesSeen = new Set<number>();
const mutationCounts: Record<string, number> = {};
const samples = new Map<number, MerlinState[]>();
function statesFor(players: number): MerlinState[] {
  let a = samples.get(players);
  if (!a) {
    a = sampleStates(players, 14, 4);
    samples.set(players, a);
  }
  return a;
}

describe('observation and state specs', () => {
  for (const [label, spec] of [
    ['observation', enc.spec],
    ['state', st.spec],
  ] as const) {
    it(`${label}: segments tile [0, size) exactly, with unique names, bounds and a hash over the segment list`, () => {
      let at = 0;
      const names = new Set<string>();
      for (const g of spec.segments) {
        expect(g.offset, g.name).toBe(at);
        expect(g.length, g.name).toBeGreaterThan(0);
        expect(g.low, g.name).toBeLessThan(g.high);
        expect(g.meaning.length, g.name).toBeGreaterThan(10);
        expect(names.has(g.name), g.name).toBe(false);
        names.add(g.name);
        at += g.length;
      }
      expect(at).toBe(spec.size);
      expect(spec.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(spec.hash).toBe(contentHash(spec.segments));
    });
  }

  it('has the documented size for the default ruleset and is stable across encoders', () => {
    // The size grows with the card designs (one-hot per definition; docs/CARDS.md), the market, the board of units
    // and the regulations; docs/OBSERVATION.md states it (and is itself checked against its generated form below).
    const doc = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'docs', 'OBSERVATION.md'), 'utf8');
    expect(doc).toContain(`the observation has **${OBS} values**`);
    expect(createObservationEncoder(rs).spec).toEqual(enc.spec);
    expect(createStateEncoder(rs).spec.hash).toBe(st.spec.hash);
    expect(st.spec.hash).not.toBe(enc.spec.hash);
  });

  it('refuses a seat outside the game and a short buffer', () => {
    const s = createGame(rs, 4, 'refuse');
    expect(() => enc.observe(s, 4, new Float32Array(OBS))).toThrow(/seat 4/);
    expect(() => enc.observe(s, -1, new Float32Array(OBS))).toThrow(/seat -1/);
    expect(() => enc.observe(s, 0, new Float32Array(OBS - 1))).toThrow(/buffer/);
  });
});

describe.each([2, 4, 6])('observations with %i players', (players) => {
  it('observeSparse gives exactly the non-zero entries of observe, each index once, in any call order', () => {
    const states = statesFor(players);
    const dense = new Float32Array(OBS);
    const index = new Int32Array(OBS);
    const value = new Float32Array(OBS);
    const seen = new Uint8Array(OBS);
    let total = 0;
    let calls = 0;
    for (const s of states) {
      for (let seat = 0; seat < players; seat++) {
        // Alternate the two forms so neither relies on the other having run first.
        const n = enc.observeSparse(s, seat, index, value);
        enc.observe(s, seat, dense);
        seen.fill(0);
        for (let k = 0; k < n; k++) {
          const i = index[k];
          if (seen[i]) throw new Error(`index ${i} listed twice`);
          seen[i] = 1;
          if (value[k] === 0) throw new Error(`entry ${i} listed with value 0`);
          if (value[k] !== dense[i]) throw new Error(`entry ${i} (${segmentAt(enc.spec, i)}): sparse ${value[k]}, dense ${dense[i]}`);
        }
        let nonZero = 0;
        for (let i = 0; i < OBS; i++) if (dense[i] !== 0) nonZero++;
        if (n !== nonZero) throw new Error(`${n} sparse entries, ${nonZero} non-zero dense ones`);
        total += n;
        calls++;
      }
    }
    // Observations are mostly zero: that is what makes the sparse form worth having.
    expect(total / calls).toBeLessThan(OBS * 0.05);
    expect(() => enc.observeSparse(states[0], 0, new Int32Array(OBS - 1), value)).toThrow(/sparse observation buffers/);
  });

  it('are Float32Arrays of spec.size, finite, within bounds, deterministic; absent seats are zero', () => {
    const states = statesFor(players);
    expect(states.length).toBeGreaterThan(500);
    const present = seg(enc.spec, 'seat.present');
    const gold = seg(enc.spec, 'seat.gold');
    const worth = seg(enc.spec, 'seat.netWorth');
    const phases = new Set<number>();
    const out = new Float32Array(OBS);
    const again = new Float32Array(OBS);
    const sOut = new Float32Array(ST);
    let checked = 0;
    for (const s of states) {
      phases.add(s.phase);
      for (let seat = 0; seat < players; seat++) {
        out.fill(NaN);
        enc.observe(s, seat, out);
        expect(out).toBeInstanceOf(Float32Array);
        expect(out.length).toBe(OBS);
        for (let i = 0; i < OBS; i++) {
          const v = out[i];
          if (!(Number.isFinite(v) && v >= obsBounds.low[i] && v <= obsBounds.high[i]))
            throw new Error(`value ${v} at ${i} (${segmentAt(enc.spec, i)}) out of bounds, seat ${seat}, phase ${s.phase}`);
        }
        for (let i = 0; i < rs.data.players.max; i++) expect(out[present.offset + i]).toBe(i < players ? 1 : 0);
        for (let i = players; i < rs.data.players.max; i++) expect(out[gold.offset + i]).toBe(0);
        // Net worth of the observer (index 0) is the engine's, squashed (no bid of its own outside auctions).
        if (!s.eliminated[seat] && s.bids[seat] <= 0) {
          const w = netWorth(s, rs, seat);
          expect(out[worth.offset]).toBeCloseTo(w / (Math.abs(w) + 50), 6);
        }
        enc.observe(cloneState(s), seat, again);
        expect(firstDiff(out, again)).toBe(-1);
        checked++;
      }
      sOut.fill(NaN);
      st.encode(s, sOut);
      for (let i = 0; i < ST; i++) {
        const v = sOut[i];
        if (!(Number.isFinite(v) && v >= stBounds.low[i] && v <= stBounds.high[i]))
          throw new Error(`state value ${v} at ${i} (${segmentAt(st.spec, i)}) out of bounds, phase ${s.phase}`);
      }
    }
    expect(checked).toBeGreaterThan(1500); // 14 sampled games (games end by their rules since the playable-game revision: 2-player games are short)
    for (const p of [Phase.AuctionBid, Phase.FutureReading, Phase.Main, Phase.TaxVote, Phase.GameOver])
      expect(phases.has(p), `phase ${p}`).toBe(true);
    for (const p of phases) phasesSeen.add(p);
  });

  it('put the observer first and the others in turn order', () => {
    const gold = seg(enc.spec, 'seat.gold');
    const s = statesFor(players).find((x) => x.phase === Phase.Main)!;
    for (let seat = 0; seat < players; seat++) {
      const o = observe(s, seat);
      const pos = s.order.indexOf(seat);
      for (let i = 0; i < players; i++) {
        const p = s.order[(pos + i) % players];
        expect(o[gold.offset + i]).toBeCloseTo(s.gold[p] / rs.data.supply.gold, 6);
      }
    }
  });

  it('never reveal hidden information to another seat; the owner and the state tensor see it', () => {
    const counts = mutationCounts;
    const states = statesFor(players);
    const r = seedRng(`leak/${players}`);
    for (let n = 0; n < states.length; n++) {
      const s = states[n];
      if (s.phase === Phase.GameOver) continue;
      const b = hider(s, n);
      if (s.eliminated[b]) continue;
      for (const [kind, mutate, owner] of mutations(s, b, r)) {
        const c = cloneState(s);
        if (!mutate(c)) continue;
        counts[kind] = (counts[kind] ?? 0) + 1;
        expect(checkConservation(c, rs), kind).toEqual([]);
        for (let a = 0; a < players; a++) {
          if (a === owner) continue;
          const d = firstDiff(observe(s, a), observe(c, a));
          if (d >= 0)
            throw new Error(
              `${kind} of seat ${b} leaks into seat ${a}'s observation at ${d} (${segmentAt(enc.spec, d)}), phase ${s.phase}`,
            );
        }
        if (owner >= 0) expect(firstDiff(observe(s, owner), observe(c, owner)), `${kind}: the owner sees it`).toBeGreaterThanOrEqual(0);
        if (kind !== 'deck order')
          expect(firstDiff(stateTensor(s), stateTensor(c)), `${kind}: the state tensor sees it`).toBeGreaterThanOrEqual(0);
      }
    }
  });
});

describe('coverage of the random-play samples', () => {
  it('met every decision phase and exercised every kind of hidden information', () => {
    for (const p of Object.values(Phase)) expect(phasesSeen.has(p), `phase ${p}`).toBe(true);
    for (const k of [
      'hand card',
      'bought card',
      'hand spell',
      'hand recipe',
      'face-down potion',
      'auction bid',
      'vote',
      'decree options',
      'decree cost',
      'deck order',
    ])
      expect(mutationCounts[k] ?? 0, k).toBeGreaterThan(0);
  });
});

/** The seat whose hidden information a leak test changes: the drawer, a bidder or a voter when there is one. */
function hider(s: MerlinState, n: number): number {
  const P = s.numPlayers;
  if (s.phase === Phase.DecreeChoose) return s.decreeDrawer;
  for (let i = 0; i < P; i++) {
    const p = (n + i) % P;
    if ((s.phase === Phase.AuctionBid || s.phase === Phase.DecreeBid) && s.bids[p] >= 0) return p;
    if ((s.phase === Phase.TaxVote || s.phase === Phase.CostOfLivingVote || s.phase === Phase.VolatilityVote) && s.votes[p] >= 0) return p;
  }
  return n % P;
}

type Mutation = [kind: string, mutate: (c: MerlinState) => boolean, owner: number];

/** Face of a playing card (suit and rank), ignoring which 54-card block it comes from. */
const face = (c: number) => c % 54;

/** Changes to seat `b`'s hidden information that keep the state conserved; `owner` is who may see each. */
function mutations(s: MerlinState, b: number, r: ReturnType<typeof seedRng>): Mutation[] {
  // The hand card held by an open sub-decision (its slot, player, square or unit is being chosen) is not swapped.
  const inSub = (c: MerlinState, x: number) => c.decider === b && c.pendingHand === x;
  // A bought card is shown to its owner by suit only, so it is swapped for another suit.
  const swapPlaying = (arr: (c: MerlinState) => number[], bought: boolean) => (c: MerlinState) => {
    const hand = arr(c);
    for (let x = 0; x < hand.length; x++) {
      if (hand[x] >= HAND_SPELL || (!bought && inSub(c, x))) continue;
      const suit = Math.floor(face(hand[x]) / 13);
      const j = c.deck.findIndex(
        (d) => face(d) !== face(hand[x]) && Math.floor(face(d) / 13) < 4 && (!bought || Math.floor(face(d) / 13) !== suit),
      );
      if (j < 0) return false;
      [hand[x], c.deck[j]] = [c.deck[j], hand[x]];
      return true;
    }
    return false;
  };
  const swapCustom = (tag: number, deck: number, defs: Int16Array) => (c: MerlinState) => {
    const hand = c.hands[b];
    for (let x = 0; x < hand.length; x++) {
      const code = hand[x];
      if (code < tag || code >= tag + 4096 || inSub(c, x)) continue;
      const j = c.cdeck[deck].findIndex((d) => defs[d] !== defs[code - tag]);
      if (j < 0) continue;
      [hand[x], c.cdeck[deck][j]] = [tag + c.cdeck[deck][j], code - tag];
      return true;
    }
    return false;
  };
  const potionDefs = rs.cards.potions.instanceDef;
  const out: Mutation[] = [
    ['hand card', swapPlaying((c) => c.hands[b], false), b],
    ['bought card', swapPlaying((c) => c.newCards[b], true), b],
    ['hand spell', swapCustom(HAND_SPELL, 2, rs.cards.spells.instanceDef), b],
    ['hand recipe', swapCustom(HAND_POTION, 3, potionDefs), b],
    [
      'face-down potion',
      (c) => {
        const i = c.potionOwner.indexOf(b);
        if (i < 0) return false;
        const j = c.cdeck[3].findIndex((d) => potionDefs[d] !== potionDefs[c.potionCard[i]]);
        if (j < 0) return false;
        [c.potionCard[i], c.cdeck[3][j]] = [c.cdeck[3][j], c.potionCard[i]];
        return true;
      },
      b,
    ],
    [
      'auction bid',
      (c) => {
        if ((c.phase !== Phase.AuctionBid && c.phase !== Phase.DecreeBid) || c.bids[b] < 0) return false;
        const total = c.gold[b] + c.bids[b];
        const max = Math.min(total, rs.data.grids.maxBid);
        if (max === 0) return false;
        const bid = (c.bids[b] + 1 + nextInt(r, max)) % (max + 1);
        c.auctionPot += bid - c.bids[b];
        c.gold[b] = total - bid;
        c.bids[b] = bid;
        return true;
      },
      b,
    ],
    [
      'vote',
      (c) => {
        if (c.phase !== Phase.TaxVote || c.votes[b] < 0) return false;
        c.votes[b] = (c.votes[b] + 1) % 3;
        return true;
      },
      b,
    ],
    [
      'deck order',
      (c) => {
        if (c.deck.length < 2) return false;
        shuffleInPlace(r, c.deck);
        for (const d of c.cdeck) shuffleInPlace(r, d);
        return true;
      },
      -1,
    ],
  ];
  if (s.decreeOptions.length > 0 && s.decreeDrawer === b) {
    out.push([
      'decree options',
      (c) => {
        const j = c.cdeck[4].findIndex((d) => decreeFace[decreeDefs[d]] !== decreeFace[decreeDefs[c.decreeOptions[0]]]);
        if (j < 0) return false;
        [c.decreeOptions[0], c.cdeck[4][j]] = [c.cdeck[4][j], c.decreeOptions[0]];
        return true;
      },
      b,
    ]);
  }
  if (s.decreeCard >= 0) {
    // D151: the chosen decree's hidden cost is nobody's to see until it is enacted (the state tensor sees it)
    out.push([
      'decree cost',
      (c) => {
        const j = c.cdeck[4].findIndex(
          (d) => decreeFace[decreeDefs[d]] === decreeFace[decreeDefs[c.decreeCard]] && decreeDefs[d] !== decreeDefs[c.decreeCard],
        );
        if (j < 0) return false;
        [c.decreeCard, c.cdeck[4][j]] = [c.cdeck[4][j], c.decreeCard];
        return true;
      },
      -1,
    ]);
  }
  return out;
}

/** Everything hidden from `player`: the other seats' hands, bought cards and face-down potions, and the draw piles. */
function hiddenFrom(s: MerlinState, player: number): string {
  const others = [...Array(s.numPlayers).keys()].filter((p) => p !== player);
  return JSON.stringify({
    hands: others.map((p) => s.hands[p]),
    newCards: others.map((p) => s.newCards[p]),
    potions: s.potionCard.filter((_, i) => s.potionOwner[i] !== player),
    deck: s.deck,
    cdeck: s.cdeck,
  });
}

describe.each([2, 4, 6])('resampleHidden with %i players', (players) => {
  it("conserves everything, keeps the player's observation, is deterministic and redraws hidden cards", () => {
    const states = statesFor(players);
    let redrawn = 0;
    let handsRedrawn = 0;
    let withHidden = 0;
    let withHands = 0;
    let played = 0;
    const r = seedRng(`resample-play/${players}`);
    for (let n = 0; n < states.length; n += 2) {
      const s = states[n];
      const before = serializeState(s);
      const player = n % players;
      const a = resampleHidden(rs, s, `seed-${n}`, player);
      expect(serializeState(s)).toBe(before);
      const problems = checkConservation(a, rs);
      if (problems.length) throw new Error(`resampled state of phase ${s.phase}: ${problems.join('; ')}`);
      const d = firstDiff(observe(s, player), observe(a, player));
      if (d >= 0) throw new Error(`resampling changed the player's observation at ${d} (${segmentAt(enc.spec, d)}), phase ${s.phase}`);
      expect(statesEqual(a, resampleHidden(rs, s, `seed-${n}`, player))).toBe(true);
      const hidden = hiddenFrom(s, player);
      // Kings in hand are public (their draw was seen), so only other cards count as hidden holdings.
      const hidden1 = (c: number) => c >= HAND_SPELL || rankOf(c) !== 13;
      const othersHold = [...Array(players).keys()].some((p) => p !== player && (s.hands[p].some(hidden1) || s.newCards[p].some(hidden1)));
      if (othersHold) {
        withHidden++;
        const seeds = [1, 2, 3, 4, 5].map((k) => resampleHidden(rs, s, `other-${n}-${k}`, player));
        if (seeds.some((x) => hiddenFrom(x, player) !== hidden)) redrawn++;
        const hands = JSON.stringify(s.hands.filter((_, p) => p !== player));
        // Hands that can be redrawn: some other seat holds a card in hand that is not a King (a King in hand is a
        // public Royal Guard); cards bought this turn are redrawn too but are not in `hands`.
        const redrawable = s.hands.some((h, p) => p !== player && h.some((c) => c >= HAND_SPELL || rankOf(c) !== 13));
        if (redrawable) {
          withHands++;
          if (seeds.some((x) => JSON.stringify(x.hands.filter((_, p) => p !== player)) !== hands)) handsRedrawn++;
        }
      }
      // The resampled game plays on legally and stays conserved.
      if (n % 10 === 0 && !isTerminal(a)) {
        for (let k = 0; k < 30 && !isTerminal(a); k++) {
          applyAction(a, rs, buf[nextInt(r, legalActions(a, rs, buf))]);
          const p2 = checkConservation(a, rs);
          if (p2.length) throw new Error(`after resampling and ${k + 1} steps: ${p2.join('; ')}`);
        }
        played++;
      }
    }
    expect(withHidden).toBeGreaterThan(50);
    expect(redrawn).toBe(withHidden);
    expect(handsRedrawn).toBeGreaterThan(0.75 * withHands);
    expect(played).toBeGreaterThan(10);
  });

  it("redraws other seats' bids within their gold and keeps the player's own", () => {
    const auctions = statesFor(players).filter((s) => s.phase === Phase.AuctionBid || s.phase === Phase.DecreeBid);
    expect(auctions.length).toBeGreaterThan(0);
    let moved = 0;
    for (const [n, s] of auctions.entries()) {
      const player = s.decider;
      for (let k = 0; k < 4; k++) {
        const a = resampleHidden(rs, s, `bid-${n}-${k}`, player);
        expect(a.bids[player]).toBe(s.bids[player]);
        expect(a.gold[player]).toBe(s.gold[player]);
        for (let p = 0; p < players; p++) {
          expect(a.gold[p] + Math.max(a.bids[p], 0)).toBe(s.gold[p] + Math.max(s.bids[p], 0));
          expect(a.bids[p] <= rs.data.grids.maxBid).toBe(true);
          if (a.bids[p] !== s.bids[p]) moved++;
        }
      }
    }
    if (players > 2) expect(moved).toBeGreaterThan(0);
  });

  it('hides decree options from all but the drawer', () => {
    const choosing = statesFor(players).filter((s) => s.phase === Phase.DecreeChoose);
    let changed = 0;
    for (const [n, s] of choosing.entries()) {
      const drawer = s.decreeDrawer;
      // the drawer sees the options' faces; their hidden costs may be redrawn (D151)
      const faces = (x: MerlinState) => x.decreeOptions.map((d) => decreeFace[decreeDefs[d]]);
      expect(faces(resampleHidden(rs, s, n, drawer))).toEqual(faces(s));
      const other = (drawer + 1) % players;
      for (let k = 0; k < 3; k++) {
        const a = resampleHidden(rs, s, `${n}/${k}`, other);
        expect(a.decreeOptions.length).toBe(s.decreeOptions.length);
        if (JSON.stringify(a.decreeOptions) !== JSON.stringify(s.decreeOptions)) changed++;
      }
    }
    if (choosing.length > 0) expect(changed).toBeGreaterThan(0);
  });
});

describe('docs/OBSERVATION.md', () => {
  it('equals observationMarkdown(loadRuleset("full"))', () => {
    const path = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'docs', 'OBSERVATION.md');
    expect(readFileSync(path, 'utf8')).toBe(observationMarkdown(loadRuleset('full')));
  });
});
