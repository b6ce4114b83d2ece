/**
 * `random`: uniformly random among the legal actions. Its randomness comes from its own seeded stream
 * (seedrandom alea via lib/rng), never from the game's RNG, so the same seeds replay the same game.
 */
import { nextInt, seedRng, type RngState } from '../lib/rng.ts';
import type { Agent, AgentContext } from './types.ts';

export class RandomAgent implements Agent {
  readonly spec = 'random';
  private readonly rng: RngState;
  constructor(seed: string | number) {
    this.rng = seedRng(seed);
  }
  act(_observation: Float32Array | null, _mask: Uint8Array | null, ctx: AgentContext): number {
    return ctx.legal[nextInt(this.rng, ctx.numLegal)];
  }
}
