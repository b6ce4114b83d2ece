/**
 * Hidden decree costs (0.1.27b "Royal Decrees"; docs/RULES.md D151) and the regulation vote (0.1.14a "Kings";
 * D152-D156): scenario tests through the public engine API.
 */
import { describe, expect, it } from 'vitest';
import { Kind } from '../engine/actions.ts';
import { Phase } from '../engine/state.ts';
import { describeAction, whyIllegal } from '../engine/engine.ts';
import { actionId } from '../engine/actions.ts';
import { RegAction } from '../engine/regulations.ts';
import { IllegalActionError } from '../../../lib/errors.ts';
import { createObservationEncoder, createStateEncoder } from '../env/observation.ts';
import { resampleHidden } from '../env/hidden.ts';
import { act, assertConserved, drawKing, game, giveSpell, instancesOf, isLegal, snap, spade, stackDeck, type Game } from './helpers.ts';
import { DECK_INDEX } from '../engine/kernel/card-defs.ts';

const D = DECK_INDEX.royalDecrees;

/** Index of regulation `id` in the ruleset's catalogue. */
const reg = (g: Game, id: string) => g.rs.data.decrees.regulations.findIndex((r) => r.id === id);

/** Seat 0 enacts the Council of the Realm and proposes regulation `id`; the seats then vote `votes` (true = for), seat 0 first. */
function council(g: Game, id: string, votes: boolean[]): void {
  drawKing(g, ['council-of-the-realm', 'cheap-bread', 'royal-amnesty']);
  act(g, Kind.SelectOption, 0);
  act(g, Kind.EnactDecree);
  act(g, Kind.ProposeRegulation, reg(g, id));
  for (const v of votes) act(g, v ? Kind.VoteRegulationFor : Kind.VoteRegulationAgainst);
}

function observeAll(g: Game): Float32Array[] {
  const enc = createObservationEncoder(g.rs);
  return [...Array(g.s.numPlayers).keys()].map((p) => {
    const out = new Float32Array(enc.spec.size);
    enc.observe(g.s, p, out);
    return out;
  });
}

describe('Hidden decree costs (0.1.27b "Royal Decrees": consequences "often detrimental, hidden"; D151)', () => {
  it('swapping the chosen decree for another design with the same face changes no observation until it is enacted', () => {
    const g = game();
    const [a] = drawKing(g, ['bountiful-coffers', 'charter-of-scholars', 'cheap-bread']);
    act(g, Kind.SelectOption, 0);
    const before = observeAll(g);
    const tensor = createStateEncoder(g.rs);
    const t0 = new Float32Array(tensor.spec.size);
    tensor.encode(g.s, t0);
    // the other face-sharing design (cost: Cost of the Living +1 instead of tax rate +1) takes its place
    const b = instancesOf(g.rs, 'royalDecrees', 'bountiful-coffers-bread')[0];
    const pile = g.s.cdeck[D];
    pile[pile.indexOf(b)] = a;
    g.s.decreeCard = b;
    observeAll(g).forEach((o, p) => expect(Array.from(o), `seat ${p}`).toEqual(Array.from(before[p])));
    const t1 = new Float32Array(tensor.spec.size);
    tensor.encode(g.s, t1);
    expect(Array.from(t1)).not.toEqual(Array.from(t0)); // the perfect-information state tensor shows the design (decree.design)
    expect(isLegal(g, Kind.EnactDecree)).toBe(true);
    act(g, Kind.EnactDecree);
    expect(g.s.taxRate).toBe(1);
    expect(g.s.costOfLiving).toBe(3);
    expect(observeAll(g)[1]).not.toEqual(before[1]);
    assertConserved(g);
  });

  it('a cost the enactor cannot cover is disregarded; the face and the Crown stand, and enacting was legal on the face alone', () => {
    const g = game();
    g.s.costOfLiving = 3;
    g.s.gold[0] = 4; // the King costs 3: 1 gold left, the hidden cost asks 2 for the R.O.W.
    g.s.centralBank += 6;
    drawKing(g, ['cheap-bread', 'charter-of-scholars', 'royal-amnesty']);
    act(g, Kind.SelectOption, 0);
    expect(g.s.gold[0]).toBe(1);
    expect(isLegal(g, Kind.EnactDecree)).toBe(true);
    act(g, Kind.EnactDecree);
    expect(g.s.crowns[0]).toBe(1);
    expect(g.s.costOfLiving).toBe(2);
    expect(g.s.gold[0]).toBe(1);
    expect(g.s.row).toBe(3); // only the King's price (D15), not the disregarded cost
    assertConserved(g);
  });

  it("resampling keeps the chosen decree's face and every observation, and redraws its hidden cost", () => {
    const g = game();
    drawKing(g, ['bountiful-coffers', 'charter-of-scholars', 'cheap-bread']);
    act(g, Kind.SelectOption, 0);
    const enc = createObservationEncoder(g.rs);
    const designs = new Set<string>();
    for (let seed = 0; seed < 30; seed++) {
      for (const p of [0, 2]) {
        const t = resampleHidden(g.rs, g.s, seed, p);
        const o0 = new Float32Array(enc.spec.size);
        const o1 = new Float32Array(enc.spec.size);
        enc.observe(g.s, p, o0);
        enc.observe(t, p, o1);
        expect(Array.from(o1)).toEqual(Array.from(o0));
        const def = g.rs.cards.royalDecrees.defs[g.rs.cards.royalDecrees.instanceDef[t.decreeCard]];
        expect(def.name).toBe('Decree of Bountiful Coffers');
        designs.add(def.id);
      }
    }
    expect([...designs].sort()).toEqual(['bountiful-coffers', 'bountiful-coffers-bread']);
  });
});

describe('The regulation vote (0.1.14a "Kings": "all players take a vote to make, change, or delete a regulation"; D152-D156)', () => {
  it('the Council of the Realm: its enactor proposes, everyone votes in turn order, a majority makes the regulation', () => {
    const g = game();
    drawKing(g, ['council-of-the-realm', 'cheap-bread', 'royal-amnesty']);
    act(g, Kind.SelectOption, 0);
    act(g, Kind.EnactDecree);
    expect(g.s.crowns[0]).toBe(1);
    expect(g.s.phase).toBe(Phase.RegulationPropose);
    expect(g.s.decider).toBe(0);
    const n = g.rs.data.decrees.regulations.length;
    for (let r = 0; r < n; r++) expect(isLegal(g, Kind.ProposeRegulation, r)).toBe(true);
    expect(isLegal(g, Kind.EndTurn)).toBe(false);
    act(g, Kind.ProposeRegulation, reg(g, 'card-levy'));
    expect(g.s.phase).toBe(Phase.RegulationVote);
    const voters: number[] = [];
    for (const v of [true, false, true, true]) {
      voters.push(g.s.decider);
      act(g, v ? Kind.VoteRegulationFor : Kind.VoteRegulationAgainst);
    }
    expect(voters).toEqual([0, 1, 2, 3]);
    expect(g.s.phase).toBe(Phase.Main);
    expect(g.s.decider).toBe(0);
    expect(g.s.regulation[RegAction.BuyCard]).toBe(reg(g, 'card-levy'));
    assertConserved(g);
  });

  it('a tie keeps the status quo', () => {
    const g = game();
    council(g, 'card-levy', [true, false, true, false]);
    expect(g.s.regulation[RegAction.BuyCard]).toBe(-1);
    expect(g.s.phase).toBe(Phase.Main);
  });

  it('a fee regulation: buying a card costs 1 gold more, paid to the Central Bank, and is illegal without it', () => {
    const g = game();
    council(g, 'card-levy', [true, true, true, true]);
    const gold = g.s.gold[0];
    const bank = g.s.centralBank;
    const row = g.s.row;
    stackDeck(g.s, spade(3));
    act(g, Kind.BuyCard);
    expect(g.s.gold[0]).toBe(gold - g.s.costOfLiving - 1);
    expect(g.s.centralBank).toBe(bank + 1); // the fee; the price goes to the R.O.W. (D15)
    expect(g.s.row).toBe(row + g.s.costOfLiving);
    assertConserved(g);
    g.s.centralBank += g.s.gold[0] - g.s.costOfLiving;
    g.s.gold[0] = g.s.costOfLiving;
    expect(isLegal(g, Kind.BuyCard)).toBe(false);
    expect(whyIllegal(g.s, g.rs, actionId(g.rs, Kind.BuyCard))).toMatch(/regulation fee of 1 gold/);
    const before = snap(g);
    expect(() => act(g, Kind.BuyCard)).toThrow(IllegalActionError);
    expect(snap(g)).toBe(before);
  });

  it('changing a regulation replaces the one in force on the same action; proposing the one in force deletes it', () => {
    const g = game();
    council(g, 'card-levy', [true, true, true, false]);
    const heavy = actionId(g.rs, Kind.ProposeRegulation, reg(g, 'heavy-card-levy'));
    expect(describeAction(g.rs, heavy, g.s)).toBe(
      'propose to change to the regulation "Heavy Card Levy: buying a card costs 2 gold more, to the Central Bank"',
    );
    council(g, 'heavy-card-levy', [true, true, true, false]);
    expect(g.s.regulation[RegAction.BuyCard]).toBe(reg(g, 'heavy-card-levy'));
    const enc = createObservationEncoder(g.rs);
    expect(enc.spec.segments.some((x) => x.name === 'regulation.inForce')).toBe(true);
    drawKing(g, ['council-of-the-realm', 'cheap-bread', 'royal-amnesty']);
    act(g, Kind.SelectOption, 0);
    act(g, Kind.EnactDecree);
    act(g, Kind.ProposeRegulation, reg(g, 'heavy-card-levy'));
    // the motion to delete is public: the observation marks it
    const seg = enc.spec.segments.find((x) => x.name === 'regulation.motion')!;
    const o = new Float32Array(enc.spec.size);
    enc.observe(g.s, 1, o);
    const h = reg(g, 'heavy-card-levy');
    expect(o[seg.offset + h * 2]).toBe(1);
    expect(o[seg.offset + h * 2 + 1]).toBe(1);
    for (let i = 0; i < 4; i++) act(g, Kind.VoteRegulationFor);
    expect(g.s.regulation[RegAction.BuyCard]).toBe(-1);
    assertConserved(g);
  });

  it('a ban makes its action illegal (Spell Trade Ban), a fee is paid when the action is taken (Spell Licence)', () => {
    const g = game();
    council(g, 'spell-trade-ban', [true, true, true, false]);
    giveSpell(g, 0, 'market-jinx');
    const h = g.s.hands[0].length - 1;
    expect(whyIllegal(g.s, g.rs, actionId(g.rs, Kind.SellSpell, h))).toMatch(/forbidden by the regulation in force/);
    council(g, 'spell-licence', [true, true, true, false]);
    expect(g.s.regulation[RegAction.SellSpell]).toBe(reg(g, 'spell-trade-ban'));
    const gold = g.s.gold[0];
    const bank = g.s.centralBank;
    act(g, Kind.PlayCard, h);
    expect(g.s.gold[0]).toBe(gold - 1);
    expect(g.s.centralBank).toBe(bank + 1);
    assertConserved(g);
  });

  it("the refusal auction's winner proposes; a vote is shown to everyone as it is cast", () => {
    const g = game();
    drawKing(g, ['council-of-the-realm', 'cheap-bread', 'royal-amnesty']);
    act(g, Kind.SelectOption, 0);
    act(g, Kind.RefuseDecree);
    act(g, Kind.Bid, 0);
    act(g, Kind.Bid, 3);
    act(g, Kind.Bid, 0);
    expect(g.s.crowns[2]).toBe(1);
    expect(g.s.phase).toBe(Phase.RegulationPropose);
    expect(g.s.decider).toBe(2);
    act(g, Kind.ProposeRegulation, reg(g, 'futures-ban'));
    expect(g.s.decider).toBe(2);
    act(g, Kind.VoteRegulationAgainst);
    const enc = createObservationEncoder(g.rs);
    const seg = enc.spec.segments.find((x) => x.name === 'regulation.votes')!;
    const o = new Float32Array(enc.spec.size);
    enc.observe(g.s, 0, o); // seat 2 is 2 seats to seat 0's left
    expect(o[seg.offset + 2 * 2 + 1]).toBe(1);
    expect(g.s.decider).toBe(3);
    for (let i = 0; i < 3; i++) act(g, Kind.VoteRegulationFor);
    expect(g.s.regulation[RegAction.WriteFuture]).toBe(reg(g, 'futures-ban'));
    expect(g.s.phase).toBe(Phase.Main);
    expect(g.s.decider).toBe(0);
    assertConserved(g);
  });
});
