/**
 * Moving gold and commodities between the conserved places (DESIGN "Rules of the road"): a player's
 * pocket, their Chauffeur vaults, property investments, lab funds, the Central Bank, the R.O.W., the
 * auction pot and the commodity supply. Every transfer here is exact; nothing is created or destroyed.
 */
import type { Ruleset } from '../rules/index.ts';
import { SlotKind, type MerlinState } from './state.ts';
import { rankOf } from './cards.ts';

/**
 * `a.splice(i, 1)` without the array of removed elements that splice allocates: the engine removes from its
 * parallel lists (readings, potions, modifiers, hands) many times a game, and each splice was garbage.
 */
export function removeAt(a: number[], i: number): void {
  const n = a.length;
  if (i < 0) i = i + n > 0 ? i + n : 0; // as splice: counted from the end, at least the first
  if (i >= n) return;
  for (let k = i + 1; k < n; k++) a[k - 1] = a[k];
  a.pop();
}

/**
 * The first free place of a table of contracts (futures, loans, insurance policies, bonds, shares): the first
 * index whose owner column (`owners[k]`: the short, lender, seller or issuer) is -1; -1 when every place is taken.
 */
export function freePlace(owners: number[]): number {
  for (let k = 0; k < owners.length; k++) if (owners[k] < 0) return k;
  return -1;
}

/**
 * Add a table of two-party contracts to every seat's net worth: for each place whose creditor (`creditor[k]`:
 * the long, lender or holder) is a seat, + amount[k] × scale gold to it and the same − to its debtor
 * (`debtor[k]`: the short, borrower or issuer). Places with no creditor (free, or not yet sold) count nothing.
 */
export function addClaims(worth: Float64Array, creditor: number[], debtor: number[], amount: number[], scale = 1): void {
  for (let k = 0; k < creditor.length; k++) {
    const c = creditor[k];
    if (c < 0) continue;
    const v = amount[k] * scale;
    worth[c] += v;
    worth[debtor[k]] -= v;
  }
}

/** Central Bank pays up to `amount` gold to `seat`'s pocket; returns what it paid (the bank is finite). */
export function bankPays(s: MerlinState, seat: number, amount: number): number {
  const paid = amount < s.centralBank ? amount : s.centralBank;
  s.centralBank -= paid;
  s.gold[seat] += paid;
  return paid;
}

/**
 * Take up to `amount` gold from `seat`, pocket first, then Chauffeur vaults in slot order. Returns what
 * was taken; the caller sends it where it belongs. Used for mandatory payments (taxes, maintenance, debts).
 */
export function takeGold(s: MerlinState, rs: Ruleset, seat: number, amount: number): number {
  const fromPocket = amount < s.gold[seat] ? amount : s.gold[seat];
  s.gold[seat] -= fromPocket;
  return fromPocket + (amount > fromPocket ? takeFromVaults(s, rs, seat, amount - fromPocket) : 0);
}

/** Take up to `amount` gold from `seat`'s Chauffeur vaults in slot order; returns what was taken (the caller places it). */
export function takeFromVaults(s: MerlinState, rs: Ruleset, seat: number, amount: number): number {
  let need = amount;
  const F = rs.data.table.fieldSlots;
  for (let k = seat * F, e = k + F; k < e && need > 0; k++) {
    if (s.slotKind[k] !== SlotKind.Chauffeur) continue;
    const t = need < s.slotVault[k] ? need : s.slotVault[k];
    s.slotVault[k] -= t;
    need -= t;
  }
  return amount - need;
}

/** The number of the Land on slot key `k` (0 when none). */
export function landNumberAt(s: MerlinState, k: number): number {
  const top = s.slotTop[k];
  return top < 0 ? 0 : rankOf(top);
}

/** Supply gives up to `amount` units of commodity `c` to `seat`; returns the units given (the supply is finite). */
export function supplyGives(s: MerlinState, seat: number, c: number, amount: number): number {
  const n = amount < s.supply[c] ? amount : s.supply[c];
  s.supply[c] -= n;
  s.held[seat * 3 + c] += n;
  return n;
}
