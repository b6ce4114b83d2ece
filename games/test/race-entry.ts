/**
 * Race to 12 (env/core/test/race.ts) as a registry entry: what a second game supplies to play through
 * every command. Used by platform.test.ts, which registers it at test time with `registerGame`.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ArgumentError } from '../../lib/errors.ts';
import type { GameReporting } from '../../env/core/play.ts';
import { raceGame, type RaceState } from '../../env/core/test/race.ts';
import { defineGame } from '../registry.ts';

const here = dirname(fileURLToPath(import.meta.url));
const KINDS = ['step 1', 'step 2', 'roll a die'];

/** Outcomes, ranking (by position) and action kinds (one kind an action) of Race to 12. */
const raceReporting: GameReporting<RaceState> = {
  outcomes: ['goal', 'truncated'],
  outcome: (s) => ({ winner: s.winner, outcome: s.winner >= 0 ? 'goal' : 'truncated', turns: s.turn }),
  ranking: (s) => s.pos.map((_, p) => p).sort((a, b) => (b === s.winner ? 1 : 0) - (a === s.winner ? 1 : 0) || s.pos[b] - s.pos[a]),
  kindNames: KINDS,
  kindOffered: KINDS.map(() => true),
  kindOf: (a) => a,
  checkInvariants: (s) => (s.pos.every((p) => p >= 0 && p <= 12) ? [] : [`a position left 0..12: ${s.pos.join(',')}`]),
};

export const raceEntry = defineGame<RaceState>({
  name: 'race',
  variants: ['standard'],
  game: (variant = 'standard') => {
    if (variant !== 'standard') throw new ArgumentError(`race has one variant, standard; got "${String(variant)}"`);
    return raceGame();
  },
  gameRef: () => ({ module: join(here, '..', '..', 'env', 'core', 'test', 'race.ts'), export: 'raceGame' }),
  reporting: () => raceReporting,
});
