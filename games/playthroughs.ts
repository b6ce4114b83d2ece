/**
 * The golden playthroughs of every registered game and variant (env/core/playthrough.ts): where each lives
 * (games/NAME/playthroughs/VARIANT.txt), how it is made (the variant's fewest players, seed `playthrough`, the
 * registry's seat view) and the command that regenerates it. `npm test` compares them
 * (games/test/playthroughs.test.ts); `npx tsx tools/playthroughs.ts` writes them.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { playthrough } from '../env/core/playthrough.ts';
import { GAMES, type GameEntry } from './registry.ts';

const here = dirname(fileURLToPath(import.meta.url));

/** The command that regenerates the playthroughs of `game` (all games without one). */
export const regenerateCommand = (game?: string): string => `npx tsx tools/playthroughs.ts${game ? ` --game ${game}` : ''}`;

/** One golden playthrough: its game, variant, file (absolute) and the text the game makes now. */
export interface Golden {
  game: string;
  variant: string;
  file: string;
  text(): string;
}

/** The goldens of `entry`'s variants. */
export function goldensOf(entry: GameEntry): Golden[] {
  return entry.variants.map((variant) => ({
    game: entry.name,
    variant,
    file: join(here, entry.name, 'playthroughs', `${variant}.txt`),
    text: () => {
      const game = entry.game(variant);
      const header = [
        `# ${entry.name} (${variant}): a golden playthrough, compared by npm test (games/test/playthroughs.test.ts).`,
        `# After an intended change of behaviour, regenerate it with \`${regenerateCommand(entry.name)}\` and review the diff.`,
        '',
      ];
      return (
        header.join('\n') +
        '\n' +
        playthrough(game, { players: game.minPlayers, seed: 'playthrough', view: (s, seat) => entry.seatView(game, s, seat) })
      );
    },
  }));
}

/** Every registered game's goldens. */
export const allGoldens = (): Golden[] => Object.values(GAMES).flatMap(goldensOf);
