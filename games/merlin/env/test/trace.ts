/**
 * Prints a SHA-256 over every observation and action mask of a random AEC game (used by env.test.ts to
 * compare two processes). Usage: node --import tsx trace.ts SEED PLAYERS VARIANT
 */
import { createHash } from 'node:crypto';
import { AECEnv } from '../../../../env/core/aec.ts';
import { nextInt, seedRng } from '../../../../lib/rng.ts';
import { merlinGame } from '../game.ts';

export function traceHash(seed: string, players: number, variant: string, maxSteps = 3000): string {
  const env = new AECEnv(merlinGame(variant), { players });
  env.reset({ seed });
  const rng = seedRng(`trace/${seed}`);
  const h = createHash('sha256');
  for (let step = 0; env.agents.length && step < maxSteps; step++) {
    const { observation, actionMask, termination, truncation } = env.last();
    h.update(new Uint8Array(observation.buffer));
    h.update(actionMask);
    if (termination || truncation) {
      env.step(null);
      continue;
    }
    const legal: number[] = [];
    for (let i = 0; i < actionMask.length; i++) if (actionMask[i]) legal.push(i);
    env.step(legal[nextInt(rng, legal.length)]);
  }
  return h.digest('hex');
}

if (process.argv[1] && process.argv[1].endsWith('trace.ts')) {
  const [seed = '1', players = '4', variant = 'full'] = process.argv.slice(2);
  process.stdout.write(traceHash(seed, Number(players), variant) + '\n');
}
