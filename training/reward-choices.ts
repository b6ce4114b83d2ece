/**
 * The learner's rewards that `merlin train --reward` offers (docs/TRAINING.md "Rewards"), kept apart from
 * train.ts, which loads tfjs, so that the command line can offer them without loading it.
 *
 * Every choice pays the winner +1 and each other seat -1/(n-1) when the game ends by its own rules, and 0 to
 * every seat for a game truncated at the turn limit (a draw: `truncation: 'zero'`; `--truncation rank` pays the
 * net-worth leader as the winner instead, the earlier default; `--truncation loss` pays every seat a loss). They differ in the shaped term added at each step.
 */
import type { RewardOptions } from '../env/core/game.ts';

export const REWARD_CHOICES = {
  /**
   * The default: each step's change in the learner's lead (its net worth minus the other seats' mean) / 400,
   * paid back at the episode's end (potential-based), so an episode is worth exactly its terminal reward.
   */
  'lead-potential': {
    terminal: 'winLoss',
    truncation: 'zero',
    shaped: true,
    shapedScale: 400,
    shapedRelative: true,
    shapedPotential: true,
  },
  /** Each step's change in the learner's net worth / 400, kept (not paid back). */
  'net-worth': { terminal: 'winLoss', truncation: 'zero', shaped: true, shapedScale: 400 },
  /** Each step's change in the learner's lead over the other seats' mean net worth / 400, kept. */
  'net-worth-lead': { terminal: 'winLoss', truncation: 'zero', shaped: true, shapedScale: 400, shapedRelative: true },
  /** No shaped term: the terminal reward alone (sparse). */
  'win-loss': { terminal: 'winLoss', truncation: 'zero', shaped: false },
} as const satisfies Record<string, RewardOptions>;
export type RewardChoice = keyof typeof REWARD_CHOICES;
export const DEFAULT_REWARD: RewardChoice = 'lead-potential';

/**
 * What a game truncated at the turn limit pays: `draw` (every seat 0, the default), `rank` (the leader wins) or
 * `loss` (every seat loses, -1/(n-1)).
 */
export const TRUNCATION_CHOICES = { draw: 'zero', rank: 'rank', loss: 'loss' } as const satisfies Record<
  string,
  RewardOptions['truncation']
>;
export type TruncationChoice = keyof typeof TRUNCATION_CHOICES;

/** The RewardOptions of `reward` with truncation paid as `truncation`. */
export function rewardOptions(reward: RewardChoice = DEFAULT_REWARD, truncation: TruncationChoice = 'draw'): RewardOptions {
  return { ...REWARD_CHOICES[reward], truncation: TRUNCATION_CHOICES[truncation] };
}
