/**
 * `ppo:PATH[:greedy|sample]`: a policy trained by `merlin train` (training/), played from its checkpoint
 * directory with the plain-JS forward pass of policy/ (this module loads no tfjs; a test checks it).
 *
 * The network (policy/network.ts) maps the seat's observation [obsSize] to one logit per action id;
 * illegal actions are masked. `greedy` (the default) plays the most probable legal action (ties: the
 * lowest id); `sample` draws from the policy with the agent's own seeded stream. Observation: the one the
 * caller passes, else computed from `context.state` with the game's encoder.
 *
 * Loading checks that the checkpoint was made for this game (its manifest's `game` is the game's name), then its observation spec and action catalogue hashes against the game's
 * (CheckpointError naming both on a mismatch). A checkpoint trained under other rules (an edited ruleset
 * with the same tensor and action layout) loads, with a warning on stderr once per directory.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Agent, AgentContext } from '../env/core/agent.ts';
import { ArgumentError } from '../lib/errors.ts';
import { nextFloat, seedRng, type RngState } from '../lib/rng.ts';
import type { Game } from '../env/core/game.ts';
import { loadCheckpoint, specHashesOf, type LoadedCheckpoint } from '../policy/checkpoint.ts';
import { PolicyForward } from '../policy/forward.ts';

const warned = new Set<string>();
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Where checkpoint `dir` is: as given (relative to the working directory), or, for the shipped
 * `checkpoints/NAME` when the working directory is elsewhere, inside the repository.
 */
export function checkpointPath(dir: string): string {
  if (!isAbsolute(dir) && !existsSync(dir) && dir.startsWith('checkpoints/')) return join(repoRoot, dir);
  return dir;
}
const loaded = new Map<string, ReturnType<typeof loadCheckpoint>>();

/** loadCheckpoint, cached per directory, expected hashes and file times (eval builds an agent per game). */
function loadCached(dir: string, expect: Parameters<typeof loadCheckpoint>[1] & object): ReturnType<typeof loadCheckpoint> {
  let stamp = '';
  try {
    for (const f of ['weights.bin', 'manifest.json', 'model.json']) stamp += `${statSync(join(dir, f)).mtimeMs}/`;
  } catch {
    // loadCheckpoint reports the missing file.
  }
  const key = `${dir}|${expect.game}|${expect.observationSpecHash}|${expect.actionsHash}|${expect.rulesHash}|${stamp}`;
  let ck = loaded.get(key);
  if (!ck) {
    ck = loadCheckpoint(dir, expect);
    loaded.set(key, ck);
  }
  return ck;
}

/**
 * The checkpoint in `dir` (see `checkpointPath`) for `game`, read once per directory and kept: what `PpoAgent`
 * and the policy-guided search (agents/puct.ts) play from. Warns on stderr, once per directory, when it was
 * trained under other rules with the same layout.
 * @throws CheckpointError for a missing, malformed or mismatched checkpoint, or one made for another game
 */
export function loadPolicyCheckpoint<S>(game: Game<S>, dir: string): LoadedCheckpoint {
  dir = checkpointPath(dir);
  const ck = loadCached(dir, specHashesOf(game));
  if (!ck.rulesMatch && !warned.has(dir)) {
    warned.add(dir);
    process.stderr.write(
      `warning: checkpoint ${dir} was trained under rules ${ck.manifest.rulesHash.slice(0, 12)}, playing under ${game.rulesHash.slice(0, 12)}\n`,
    );
  }
  return ck;
}

export class PpoAgent<S = unknown> implements Agent {
  readonly spec: string;
  readonly needsObservation = false;
  readonly checkpoint: LoadedCheckpoint;
  private readonly forward: PolicyForward;
  private readonly obs: Float32Array;
  private readonly rng: RngState;
  private readonly observe: (state: unknown, seat: number, out: Float32Array) => void;

  /**
   * @param game the game the checkpoint plays (its name, observation spec, action and rules hashes must match)
   * @param dir checkpoint directory
   * @param mode 'greedy' or 'sample'
   * @throws CheckpointError for a missing, malformed or mismatched checkpoint, or one made for another game
   */
  constructor(game: Game<S>, dir: string, mode: 'greedy' | 'sample', seed: string | number, spec = `ppo:${dir}`) {
    const ck = loadPolicyCheckpoint(game, dir);
    this.spec = spec;
    this.checkpoint = ck;
    this.mode = mode;
    this.forward = new PolicyForward(ck.shape, ck.params);
    this.obs = new Float32Array(game.observationSpec.size);
    this.rng = seedRng(`ppo/${seed}`);
    this.observe = (s, seat, out) => game.observe(s as S, seat, out);
  }
  private readonly mode: 'greedy' | 'sample';

  act(observation: Float32Array | null, _mask: Uint8Array | null, ctx: AgentContext): number {
    if (ctx.numLegal === 1) return ctx.legal[0];
    let obs = observation;
    if (!obs) {
      if (!ctx.state) throw new ArgumentError('the ppo agent needs the observation or context.state');
      this.observe(ctx.state, ctx.seat, this.obs);
      obs = this.obs;
    }
    this.forward.runLegal(obs, ctx.legal, ctx.numLegal);
    const z = this.forward.logits;
    let best = ctx.legal[0];
    let max = z[best];
    for (let i = 1; i < ctx.numLegal; i++) if (z[ctx.legal[i]] > max) max = z[(best = ctx.legal[i])];
    if (this.mode === 'greedy') return best;
    let total = 0;
    for (let i = 0; i < ctx.numLegal; i++) total += Math.exp(z[ctx.legal[i]] - max);
    let u = nextFloat(this.rng) * total;
    for (let i = 0; i < ctx.numLegal; i++) {
      u -= Math.exp(z[ctx.legal[i]] - max);
      if (u <= 0) return ctx.legal[i];
    }
    return ctx.legal[ctx.numLegal - 1];
  }

  /**
   * The policy's `k` most probable legal actions in the position of the last `act` call (pass the same
   * context), with their probabilities under the softmax over the legal actions' logits, most probable first
   * (ties: the lower id). The forward pass is the one `act` ran: this costs no second pass.
   * @returns at most min(k, numLegal) entries; probabilities in [0, 1] (all of them sum to 1 over every legal action)
   */
  topChoices(ctx: AgentContext, k: number): { action: number; probability: number }[] {
    if (ctx.numLegal === 1) return [{ action: ctx.legal[0], probability: 1 }];
    const z = this.forward.logits;
    let max = -Infinity;
    for (let i = 0; i < ctx.numLegal; i++) max = Math.max(max, z[ctx.legal[i]]);
    let total = 0;
    for (let i = 0; i < ctx.numLegal; i++) total += Math.exp(z[ctx.legal[i]] - max);
    const order = Array.from(ctx.legal.subarray(0, ctx.numLegal)).sort((a, b) => z[b] - z[a] || a - b);
    return order.slice(0, Math.max(0, k)).map((action) => ({ action, probability: Math.exp(z[action] - max) / total }));
  }
}
