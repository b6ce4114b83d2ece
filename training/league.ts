/**
 * The self-play league (docs/TRAINING.md "League"): the opponents the learner trains against.
 *
 * Members: `random` and `heuristic` (the baselines, always present), `self` (the learner's current
 * weights: plain self-play) and up to `maxSnapshots` frozen past versions of the learner, added every
 * `snapshotEvery` updates (the oldest dropped first).
 *
 * Sampling is prioritised fictitious self-play (PFSP, as in AlphaStar): the opponents of a new
 * episode are one member, drawn with probability proportional to `(1 - w + eps)^power`, where `w` is the
 * learner's recent win rate in games that member sat in (an exponential moving average, starting at the
 * fair share 1/players), so members that beat the learner are drawn more often. `self` is drawn with a
 * fixed probability `selfShare` instead, so that plain self-play always has its share. Likewise the baselines
 * named in `fixedShares` (e.g. `{ heuristic: 0.2 }`): each is drawn with its fixed probability and left out of
 * PFSP, so a baseline the learner beats at half its games still sits in a set share of them.
 *
 * Exploiters (optional, training/train.ts `exploiter`): a second network trained only against the current
 * learner (AlphaStar's main exploiter). Frozen copies of it join the league as `exploiter@<update>` members,
 * so PFSP sends the learner back to whatever weakness an exploiter found until the learner beats it.
 */
import { ArgumentError } from '../lib/errors.ts';
import { nextFloat, type RngState } from '../lib/rng.ts';

export type MemberKind = 'random' | 'heuristic' | 'self' | 'snapshot' | 'exploiter' | 'agent';

/** Member kinds that play with frozen parameters of their own (`LeagueMember.params`). */
export const FROZEN_KINDS: readonly MemberKind[] = ['snapshot', 'exploiter'];

export interface LeagueMember {
  /** Stable name: "random", "heuristic", "self", "snapshot@<update>", "exploiter@<update>". */
  name: string;
  kind: MemberKind;
  /** EMA of the learner's wins (1) / losses (0) in episodes this member sat in. */
  learnerWinRate: number;
  /** Episodes this member sat in. */
  episodes: number;
  /** Frozen parameters (snapshots and exploiters). */
  params?: Float32Array[];
  /** Agent spec (kind `agent`: a fixed field member resolved by agents/registry.ts, e.g. `single:invest`). */
  spec?: string;
}

export interface LeagueOptions {
  players: number;
  maxSnapshots: number;
  snapshotEvery: number;
  selfShare: number;
  /**
   * Fixed probabilities per episode of the baseline members `random` and `heuristic`, beside `selfShare`
   * (absent: both drawn by PFSP). Their sum with `selfShare` is below 1; the remainder is PFSP's.
   */
  fixedShares?: Readonly<Partial<Record<'random' | 'heuristic', number>>>;
  power: number;
  /** EMA step for win rates. */
  alpha: number;
}

export const DEFAULT_LEAGUE: Omit<LeagueOptions, 'players'> = {
  maxSnapshots: 6,
  snapshotEvery: 10,
  selfShare: 0.3,
  power: 2,
  alpha: 0.02,
};

/**
 * Throws ArgumentError unless the league's fixed shares (LeagueOptions.fixedShares) name baselines, lie in
 * [0, 1), leave PFSP a share with `selfShare` (sum below 1) and come without a fixed field (`opponents`).
 */
export function checkFixedShares(o: Omit<LeagueOptions, 'players'>, fixedField: boolean): void {
  const shares = o.fixedShares;
  if (!shares) return;
  if (fixedField) throw new ArgumentError('fixed league shares need the self-play league, not a fixed field of opponents');
  let sum = o.selfShare;
  for (const [name, share] of Object.entries(shares)) {
    if (name !== 'random' && name !== 'heuristic')
      throw new ArgumentError(`a fixed league share names random or heuristic, got ${JSON.stringify(name)}`);
    if (typeof share !== 'number' || !(share >= 0 && share < 1))
      throw new ArgumentError(`the fixed league share of ${name} must be in [0, 1), got ${share}`);
    sum += share;
  }
  if (!(sum < 1))
    throw new ArgumentError(
      `the fixed league shares and self's ${o.selfShare} add up to ${+sum.toFixed(6)}: they must leave PFSP a share (below 1)`,
    );
}

export class League {
  readonly members: LeagueMember[];
  readonly o: LeagueOptions;

  /**
   * @param members the initial members; default `random`, `heuristic` and `self`
   */
  constructor(o: LeagueOptions, members?: LeagueMember[]) {
    this.o = o;
    const fair = 1 / o.players;
    this.members = members ?? [
      { name: 'random', kind: 'random', learnerWinRate: fair, episodes: 0 },
      { name: 'heuristic', kind: 'heuristic', learnerWinRate: fair, episodes: 0 },
      { name: 'self', kind: 'self', learnerWinRate: fair, episodes: 0 },
    ];
  }

  /** PFSP weights of the non-self members (see module docs). */
  private weight(m: LeagueMember): number {
    return Math.pow(1 - m.learnerWinRate + 0.05, this.o.power);
  }

  /** The member's fixed share of episodes (`fixedShares`; 0: not fixed). */
  private fixedShare(m: LeagueMember): number {
    return m.kind === 'random' || m.kind === 'heuristic' ? (this.o.fixedShares?.[m.kind] ?? 0) : 0;
  }

  /** Whether PFSP draws this member (every member but `self` and those with a fixed share). */
  private byPfsp(m: LeagueMember): boolean {
    return m.kind !== 'self' && this.fixedShare(m) === 0;
  }

  /** Draw the member that takes the opponent seats of a new episode. */
  sample(rng: RngState): LeagueMember {
    const self = this.members.find((m) => m.kind === 'self');
    // One draw for the fixed shares (self's, then the baselines'); none when nothing has a fixed share.
    if (self || this.o.fixedShares) {
      let f = nextFloat(rng);
      if (self) {
        if (f < this.o.selfShare) return self;
        f -= this.o.selfShare;
      }
      for (const m of this.members) {
        const share = this.fixedShare(m);
        if (share === 0) continue;
        if (f < share) return m;
        f -= share;
      }
    }
    let total = 0;
    for (const m of this.members) if (this.byPfsp(m)) total += this.weight(m);
    let u = nextFloat(rng) * total;
    let last = this.members[0];
    for (const m of this.members) {
      if (!this.byPfsp(m)) continue;
      last = m;
      u -= this.weight(m);
      if (u <= 0) return m;
    }
    return last;
  }

  /** Record an episode's outcome for every member that sat in it (each counted once). */
  record(members: Iterable<LeagueMember>, learnerWon: boolean): void {
    for (const m of new Set(members)) {
      m.episodes++;
      m.learnerWinRate += this.o.alpha * ((learnerWon ? 1 : 0) - m.learnerWinRate);
    }
  }

  /**
   * A fixed field instead of the self-play league: one `agent` member per spec (no `self`, and callers
   * add no snapshots). Used by `merlin train --opponents` and the designer's exploiter search.
   */
  static field(o: LeagueOptions, specs: string[]): League {
    return new League(
      o,
      specs.map((spec) => ({ name: spec, kind: 'agent' as const, spec, learnerWinRate: 1 / o.players, episodes: 0 })),
    );
  }

  /** Add a frozen copy of the learner; drops the oldest snapshot past `maxSnapshots`. Returns dropped member names. */
  addSnapshot(update: number, params: Float32Array[]): string[] {
    return this.addFrozen('snapshot', update, params, this.o.maxSnapshots);
  }

  /**
   * Add a frozen copy of an exploiter (made at learner update `update`); drops the oldest exploiter past
   * `max`. Returns dropped member names.
   */
  addExploiter(update: number, params: Float32Array[], max: number): string[] {
    return this.addFrozen('exploiter', update, params, max);
  }

  private addFrozen(kind: 'snapshot' | 'exploiter', update: number, params: Float32Array[], max: number): string[] {
    const fair = 1 / this.o.players;
    // A new member starts at the fair share (a snapshot is as strong as the learner right now; an exploiter's
    // strength against it is learnt by PFSP from the games it sits in).
    this.members.push({ name: `${kind}@${update}`, kind, learnerWinRate: fair, episodes: 0, params });
    const dropped: string[] = [];
    while (this.members.filter((m) => m.kind === kind).length > max) {
      const i = this.members.findIndex((m) => m.kind === kind);
      dropped.push(this.members[i].name);
      this.members.splice(i, 1);
    }
    return dropped;
  }
}
