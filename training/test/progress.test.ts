/** The progress line's measured win rates and the league's estimate, named apart (training/progress.ts). */
import { describe, expect, it } from 'vitest';
import { leagueEstimateText, measuredText, recentResults, tallyByMember, type Tally } from '../progress.ts';

describe('training progress', () => {
  it('tallies the learner’s episodes by opponent member, each member once per episode', () => {
    const t = tallyByMember([
      { opponents: ['random', 'random', 'random'], learnerWon: true },
      { opponents: ['heuristic', 'snapshot@10'], learnerWon: false },
      { opponents: ['random'], learnerWon: false },
    ]);
    expect(t).toEqual({ random: { episodes: 2, wins: 1 }, heuristic: { episodes: 1, wins: 0 }, 'snapshot@10': { episodes: 1, wins: 0 } });
  });

  it('sums only the last `window` updates, and shows "-" for a member without episodes', () => {
    const records: { resultsVs: Record<string, Tally> }[] = [
      { resultsVs: { random: { episodes: 10, wins: 10 } } },
      { resultsVs: {} },
      { resultsVs: { random: { episodes: 4, wins: 1 } } },
      { resultsVs: { random: { episodes: 4, wins: 2 } } },
    ];
    expect(recentResults(records, 2)).toEqual({ random: { episodes: 8, wins: 3 } });
    expect(recentResults(records, 10).random).toEqual({ episodes: 18, wins: 13 });
    expect(measuredText(recentResults(records, 10), ['random', 'heuristic'])).toBe(
      'vs random 0.72 [0.49, 0.88] (18 games), heuristic - (0 games)',
    );
  });

  it('quotes no rate under 10 games (a rate over 1-8 games swings 0.50 -> 1.00) and says "1 game"', () => {
    expect(measuredText({ heuristic: { episodes: 1, wins: 1 } }, ['heuristic'])).toBe('vs heuristic - (1 game)');
    expect(measuredText({ random: { episodes: 8, wins: 3 } }, ['random'])).toBe('vs random - (8 games)');
    expect(measuredText({ random: { episodes: 10, wins: 10 } }, ['random'])).toBe('vs random 1.00 [0.72, 1.00] (10 games)');
  });

  it('labels the league EMA as an estimate, never as a win rate', () => {
    expect(leagueEstimateText({ random: 0.25, heuristic: 0.3125 }, ['random', 'heuristic'])).toBe(
      'league estimate random 0.25, heuristic 0.31',
    );
    expect(leagueEstimateText({}, ['random'])).toBe('league estimate random -');
  });
});
