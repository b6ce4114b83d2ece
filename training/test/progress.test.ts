/** The progress line's measured win rates and the league's estimate, named apart (training/progress.ts). */
import { describe, expect, it } from 'vitest';
import { fitFields } from '../../cli/progress.ts';
import {
  leagueEstimateText,
  measuredText,
  recentResults,
  tallyByMember,
  trainingProgressSteps,
  type Tally,
  type UpdateFigures,
} from '../progress.ts';

/** A training update's figures at the end of a short run. */
const FIGURES: UpdateFigures = {
  budgetFraction: 1,
  update: 3,
  phase: 'ppo',
  stepsPerSec: 3127,
  episodes: 12345,
  winRate: 0.21,
  results: { random: { episodes: 1, wins: 1 }, heuristic: { episodes: 3, wins: 1 } },
  shown: ['random', 'heuristic'],
  league: 'league estimate random 0.40, heuristic 0.15',
  loss: 0.004,
  entropy: 0.932,
};

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

  it('the last line of a run quotes a rate from one game on, with its count and interval', () => {
    expect(measuredText({ random: { episodes: 1, wins: 1 } }, ['random', 'heuristic'], { minGames: 1 })).toBe(
      'vs random 1.00 [0.21, 1.00] (1 game), heuristic - (0 games)',
    );
    const steps = trainingProgressSteps({ ...FIGURES, final: true });
    expect(fitFields(steps, Infinity)).toContain('vs random 1.00 [0.21, 1.00] (1 game), heuristic 0.33 [0.06, 0.79] (3 games) in the last');
    expect(fitFields(trainingProgressSteps(FIGURES), Infinity)).toContain('vs random - (1 game), heuristic - (3 games) in the last');
  });

  it('80 columns show the budget, steps/s, the update and the measured win rates; wider, more fields; narrower, fewer', () => {
    const figures = { ...FIGURES, update: 1234, results: { random: { episodes: 153, wins: 62 }, heuristic: { episodes: 148, wins: 21 } } };
    const steps = trainingProgressSteps(figures);
    const at80 = fitFields(steps, 79);
    expect(at80).toBe('100% | 3,127 steps/s | update 1234 | vs random 0.41 (153), heuristic 0.14 (148)');
    const full = fitFields(steps, Infinity);
    expect(full).toBe(
      'train 100% | 3,127 steps/s | update 1234 (ppo) | vs random 0.41 [0.33, 0.48] (153 games), heuristic 0.14 [0.09, 0.21] ' +
        '(148 games) in the last 20 updates | 12,345 episodes | win 0.21 this update | league estimate random 0.40, heuristic 0.15 | ' +
        'loss 0.004 | entropy 0.932',
    );
    for (const width of [20, 40, 60, 79, 120, 160, 200, 400])
      expect(fitFields(steps, width).length, `width ${width}`).toBeLessThanOrEqual(width);
    expect(fitFields(steps, 40)).toBe('100% | 3,127 steps/s | update 1234');
    expect(fitFields(steps, 160)).toMatch(
      /^train 100% \| 3,127 steps\/s \| update 1234 \(ppo\) \| vs random 0\.41 \[0\.33, 0\.48\] \(153\), .* \| 12,345 episodes/,
    );
  });
});
