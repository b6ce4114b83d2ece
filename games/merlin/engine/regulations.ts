/**
 * Regulations and the regulation vote (0.1.14a "Kings": "all players take a vote to make, change, or delete a
 * regulation ... a sheet lists the regulations"); docs/RULES.md D152-D156.
 *
 * The catalogue is the ruleset's `decrees.regulations` (rules/schema.ts `Regulation`): each regulation governs
 * one action (REGULATED_ACTIONS), never a named player, by banning it or adding a fee paid to the Central Bank
 * or the R.O.W. At most one regulation per action is in force (`state.regulation[action]`).
 *
 * A Royal Decree whose face has `{ op: "regulation" }` opens the vote once it is enacted: its enactor proposes one
 * catalogue regulation (Phase.RegulationPropose); the motion is to make it (nothing in force on its action), to
 * change to it (another regulation on the same action is in force: it replaces that one) or to delete it (it is
 * in force). Every player still in the game votes in turn order from the proposer, openly
 * (Phase.RegulationVote); the motion carries with more votes for than against, a tie keeps the status quo.
 */
import type { Ruleset } from '../rules/index.ts';
import { REGULATED_ACTIONS } from '../rules/schema.ts';
import { Phase, type MerlinState } from './state.ts';
import { backToMain } from './kernel/phase.ts';
import { Kind } from './actions.ts';
import type { KindRules } from './registry.ts';

/** Index of each regulated action in `state.regulation` (rules/schema.ts REGULATED_ACTIONS order). */
export const RegAction = { BuyCard: 0, FundLab: 1, CastSpell: 2, SellSpell: 3, WriteFuture: 4, BrewMead: 5 } as const;

const ACTION_INDEX: Record<string, number> = Object.fromEntries(REGULATED_ACTIONS.map((a, i) => [a, i]));

/** Index into REGULATED_ACTIONS of the action catalogue regulation `r` governs. */
export function regulationAction(rs: Ruleset, r: number): number {
  return ACTION_INDEX[rs.data.decrees.regulations[r].action];
}

/**
 * Why the regulation in force on `action` stops `seat` from taking it, or null: a ban always does; a fee does when
 * `seat` cannot pay `price` (what the action costs without the regulation) plus the fee.
 */
export function regulationBars(s: MerlinState, rs: Ruleset, action: number, seat: number, price: number): string | null {
  const r = s.regulation[action];
  if (r < 0) return null;
  const g = rs.data.decrees.regulations[r];
  if (g.rule === 'ban') return `forbidden by the regulation in force (${g.name})`;
  return s.gold[seat] < price + g.gold ? `cannot pay the regulation fee of ${g.gold} gold on top (${g.name})` : null;
}

/** `seat` pays the fee of the regulation in force on `action`, if any (legality checked it can: `regulationBars`). */
export function payRegulationFee(s: MerlinState, rs: Ruleset, action: number, seat: number): void {
  const r = s.regulation[action];
  if (r < 0) return;
  const g = rs.data.decrees.regulations[r];
  if (g.rule !== 'fee') return;
  s.gold[seat] -= g.gold;
  if (g.to === 'row') s.row += g.gold;
  else s.centralBank += g.gold;
}

/**
 * After a decree is settled: open the regulation vote when the enacted decree called one (`regProposer` set by the
 * `regulation` effect), else back to the active player's free actions.
 */
export function afterDecree(s: MerlinState): void {
  if (s.regProposer < 0 || s.eliminated[s.regProposer]) {
    s.regProposer = -1;
    backToMain(s);
    return;
  }
  s.phase = Phase.RegulationPropose;
  s.decider = s.regProposer;
}

/** The proposer puts catalogue regulation `r` to the vote; every player still in the game votes, proposer first. */
export function proposeRegulation(s: MerlinState, r: number): void {
  s.regMotion = r;
  s.queue.length = 0;
  const start = s.order.indexOf(s.regProposer);
  for (let i = 0; i < s.numPlayers; i++) {
    const p = s.order[(start + i) % s.numPlayers];
    if (!s.eliminated[p]) s.queue.push(p);
  }
  s.regVotes.fill(-1);
  s.phase = Phase.RegulationVote;
  s.decider = s.queue[0];
}

/** Whether the motion on catalogue regulation `r` would delete it (it is in force) rather than make or change to it. */
export function motionRepeals(s: MerlinState, rs: Ruleset, r: number): boolean {
  return s.regulation[regulationAction(rs, r)] === r;
}

/**
 * Record the decider's vote (`yes`: for the motion). When every vote is in, a motion with more votes for than
 * against carries (a tie fails: the status quo stands) and the game returns to the active player's free actions.
 * Returns true when the motion was decided.
 */
export function castRegulationVote(s: MerlinState, rs: Ruleset, yes: boolean): boolean {
  const seat = s.queue.shift()!;
  s.regVotes[seat] = yes ? 1 : 0;
  if (s.queue.length > 0) {
    s.decider = s.queue[0];
    return false;
  }
  let balance = 0;
  for (let p = 0; p < s.numPlayers; p++) if (s.regVotes[p] >= 0) balance += s.regVotes[p] === 1 ? 1 : -1;
  if (balance > 0) {
    const r = s.regMotion;
    const a = regulationAction(rs, r);
    s.regulation[a] = s.regulation[a] === r ? -1 : r;
  }
  s.regMotion = -1;
  s.regProposer = -1;
  s.regVotes.fill(-1);
  backToMain(s);
  return true;
}

/** Proposing a regulation and voting on it (0.1.14a "Kings"; docs/RULES.md D152-D156). */
export const REGULATION_RULES: KindRules = {
  [Kind.ProposeRegulation]: {
    phases: [Phase.RegulationPropose],
    apply: (s, _rs, _seat, a) => proposeRegulation(s, a),
    describe: (rs, a, _b, s) => {
      const name = rs.data.decrees.regulations[a]?.name ?? `regulation ${a}`;
      if (!s || !rs.data.decrees.regulations[a]) return `propose the regulation "${name}" (make, change to or delete it)`;
      const verb = motionRepeals(s, rs, a) ? 'delete' : s.regulation[regulationAction(rs, a)] >= 0 ? 'change to' : 'make';
      return `propose to ${verb} the regulation "${name}"`;
    },
  },
  [Kind.VoteRegulationFor]: {
    phases: [Phase.RegulationVote],
    apply: (s, rs) => void castRegulationVote(s, rs, true),
    describe: () => 'vote for the regulation motion',
  },
  [Kind.VoteRegulationAgainst]: {
    phases: [Phase.RegulationVote],
    apply: (s, rs) => void castRegulationVote(s, rs, false),
    describe: () => 'vote against the regulation motion',
  },
};
