/**
 * The golden playthroughs (games/playthroughs.ts): every registered game and variant plays the seeded game its
 * checked-in text says, step by step (observations, legal actions, chance outcomes, returns and a hash of the
 * whole game). A failure names the first line that differs and the command that regenerates the file.
 */
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allGoldens, regenerateCommand } from '../playthroughs.ts';
import { root } from '../../cli/test/run.ts';

describe('golden playthroughs', () => {
  for (const g of allGoldens())
    it(`${g.game} (${g.variant}) plays as games/${g.game}/playthroughs/${g.variant}.txt says`, () => {
      const name = relative(root, g.file);
      const redo = `if the change of behaviour is intended, regenerate it with \`${regenerateCommand(g.game)}\` and review the diff`;
      if (!existsSync(g.file)) expect.fail(`${name} is missing: ${redo}`);
      const want = readFileSync(g.file, 'utf8').split('\n');
      const got = g.text().split('\n');
      const i = want.findIndex((line, k) => line !== got[k]);
      const at = i >= 0 ? i : want.length < got.length ? want.length : -1;
      if (at >= 0)
        expect.fail(
          `${name} differs from what ${g.game} (${g.variant}) does now, first at line ${at + 1}:\n` +
            `  file: ${want[at] ?? '(end of file)'}\n  now:  ${got[at] ?? '(end)'}\n${redo}`,
        );
    }, 60_000);
});
