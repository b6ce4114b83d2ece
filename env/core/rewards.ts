/** Reward bookkeeping shared by the AEC, single-agent and vector envs (see RewardOptions in game.ts). */
import type { Game, RewardOptions } from './game.ts';

/**
 * Tracks per-seat scores so that each step's reward vector is: the terminal payoff when the game has just
 * ended (per `RewardOptions`), plus, with `shaped`, each seat's score change since the previous call
 * divided by `shapedScale` (with `shapedRelative`, the change in its lead: its score minus the mean of the
 * other seats' scores); with `shapedPotential` the last step of an episode pays back what the shaping paid
 * over it, so an episode's shaped terms sum to 0.
 */
export class RewardTracker<S> {
  private readonly last: Float64Array;
  /** Shaped reward collected this episode per seat (for `shapedPotential`'s pay-back at the end). */
  private readonly collected: Float64Array;
  private readonly terminal: Float64Array;
  private readonly delta: Float64Array;
  constructor(
    private readonly game: Game<S>,
    private readonly options: RewardOptions,
    maxPlayers: number,
  ) {
    this.last = new Float64Array(maxPlayers);
    this.collected = new Float64Array(maxPlayers);
    this.terminal = new Float64Array(maxPlayers);
    this.delta = new Float64Array(maxPlayers);
  }

  /**
   * Start an episode at state `s`, or pick one up there (a resumed run) with the shaped reward each seat had
   * collected so far (`collectedShaped()` of the tracker it was saved from).
   */
  reset(s: S, collected?: readonly number[]): void {
    if (!this.options.shaped) return;
    this.collected.fill(0);
    if (collected) this.collected.set(collected.slice(0, this.collected.length));
    for (let p = 0; p < this.game.numPlayers(s); p++) this.last[p] = this.game.score(s, p);
  }

  /** The shaped reward each seat collected so far this episode (what `shapedPotential` pays back at its end), per seat. */
  collectedShaped(): number[] {
    return Array.from(this.collected);
  }

  /** The reward vector for the step that led to `s`, into `out` (length >= players). */
  step(s: S, out: Float64Array): void {
    const n = this.game.numPlayers(s);
    out.fill(0, 0, n);
    if (this.options.shaped) {
      const scale = this.options.shapedScale ?? 100;
      let sum = 0;
      for (let p = 0; p < n; p++) {
        const now = this.game.score(s, p);
        sum += this.delta[p] = now - this.last[p];
        this.last[p] = now;
      }
      if (this.options.shapedRelative && n > 1) {
        // lead_p = score_p - (total - score_p) / (n - 1), so its change is (n * d_p - sum) / (n - 1).
        for (let p = 0; p < n; p++) out[p] += (n * this.delta[p] - sum) / (n - 1) / scale;
      } else for (let p = 0; p < n; p++) out[p] += this.delta[p] / scale;
      if (this.options.shapedPotential) {
        // `out` holds only this step's shaped terms here; the last step pays back all of them.
        for (let p = 0; p < n; p++) this.collected[p] += out[p];
        if (this.game.isTerminal(s)) for (let p = 0; p < n; p++) out[p] -= this.collected[p];
      }
    }
    if (this.game.isTerminal(s)) {
      this.game.returns(s, this.terminal, this.options);
      for (let p = 0; p < n; p++) out[p] += this.terminal[p];
    }
  }
}
