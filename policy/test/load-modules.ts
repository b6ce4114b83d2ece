/**
 * Child-process helper for policy/test/policy.test.ts: imports each module named on the command line,
 * optionally plays `--play SPEC` for up to 300 steps of a 4-player `full` game (every seat the same agent),
 * and prints one JSON object: the moves played and every loaded file under node_modules/@tensorflow.
 *
 * Run as `node --import tsx policy/test/load-modules.ts [--play SPEC] MODULE...` (paths from the repo root).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const args = process.argv.slice(2);
const playAt = args.indexOf('--play');
const spec = playAt >= 0 ? args.splice(playAt, 2)[1] : null;
for (const m of args) await import(pathToFileURL(join(root, m)).href);

const moves: number[] = [];
if (spec) {
  const { gameEntry } = await import('../../games/registry.ts');
  const { loadRuleset } = await import('../../games/merlin/rules/index.ts');
  const { merlinGame } = await import('../../games/merlin/env/game.ts');
  const rs = loadRuleset('full');
  const game = merlinGame(rs);
  const agent = gameEntry('merlin').agent(spec, 'load-modules', game);
  const s = game.newState(4, 'load-modules');
  const legal = new Int32Array(game.numActions);
  while (moves.length < 300 && !game.isTerminal(s) && !game.isTruncated(s)) {
    const seat = game.currentPlayer(s);
    const numLegal = game.legalActions(s, legal);
    const a = agent.act(null, null, { seat, legal, numLegal, state: s });
    game.applyAction(s, a);
    moves.push(a);
  }
}
const tensorflow = Object.keys(createRequire(import.meta.url).cache).filter((f) => f.includes(`node_modules/@tensorflow/`));
process.stdout.write(JSON.stringify({ moves, tensorflow }) + '\n');
