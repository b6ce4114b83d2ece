/**
 * The entity groups of Merlin's observation (env/observation.ts; the entity-list view, env/core/entities.ts):
 * which segments describe one seat, field slot, unit place, hand entry, reading or finance place.
 */
import { type Block } from './block.ts';

/** Declares the observation's entity groups on `ctx.L`, after all its segments (the observation only). */
export function entityGroups(ctx: Block): void {
  const { d, L, M, F, H, R } = ctx;

  const LV = d.combat.stackMax;
  const KC = d.finance.maxContracts;
  const KL = d.finance.maxLoans;
  const KP = d.finance.insurance.maxPolicies;
  const KB = d.finance.mint.maxBonds;
  const KS = d.finance.mint.maxShares;

  const named = (pick: (n: string) => boolean) => L.segments.filter((x) => pick(x.name)).map((x) => x.name);
  const seatAxis = { name: 'seat', size: M };
  const slotAxis = { name: 'slot', size: F };
  const place = (size: number) => ({ name: 'place', size });
  L.group({
    name: 'seat',
    axes: [seatAxis],
    positional: ['seat'],
    segments: named((n) => n.startsWith('seat.') || n === 'offer.auctionBidders' || n === 'regulation.votes'),
    meaning: 'A seat (relative: 0 the observer, then turn order): its seat.* values, its auction bidding and regulation vote.',
  });
  L.group({
    name: 'slot',
    axes: [seatAxis, slotAxis],
    positional: ['seat', 'slot'],
    segments: named((n) => n.startsWith('field.') || n === 'combat.hits'),
    meaning: "A field slot of a seat's field: its field.* values and the hits its card has taken.",
  });
  L.group({
    name: 'unit',
    axes: [seatAxis, slotAxis, { name: 'level', size: LV }],
    positional: ['seat', 'slot', 'level'],
    segments: ['combat.units', 'combat.units2', 'combat.commandedUnit'],
    meaning:
      'A unit place on the board of units (a field square and a stack level): the unit there, and whether it is the one being commanded.',
  });
  L.group({
    name: 'hand',
    axes: [{ name: 'entry', size: H }],
    positional: ['entry'],
    segments: named((n) => n.startsWith('hand.')),
    meaning: "An entry of the observer's own hand (the index the actions that play a card use).",
  });
  L.group({
    name: 'reading',
    axes: [place(R)],
    positional: [],
    segments: named((n) => n.startsWith('reading.') && n !== 'readingCount'),
    meaning: 'A face-up Future Reading, oldest first.',
  });
  for (const [name, K, prefix, what] of [
    ['futures', KC, 'futures', 'A futures contract place'],
    ['loan', KL, 'loans', 'A loan place'],
    ['policy', KP, 'policies', 'An insurance policy place'],
    ['bond', KB, 'bonds', 'A Private Mint bond place'],
    ['share', KS, 'shares', 'A Private Mint share place'],
  ] as const)
    L.group({
      name,
      axes: [place(K)],
      positional: ['place'],
      segments: named((n) => n === prefix || n.startsWith(`${prefix}.`)),
      meaning: `${what} (the place the actions that resell or settle it use).`,
    });
}
