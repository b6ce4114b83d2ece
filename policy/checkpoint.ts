/**
 * The checkpoint format and its reader (docs/TRAINING.md "Checkpoints"), without tfjs so that any frontend
 * (eval, the single-agent env, the bridge) can play a trained policy; training/checkpoint.ts writes it.
 *
 *   DIR/model.json    tfjs ModelArtifacts JSON: `modelTopology` (the MLP's shape) and `weightsManifest`
 *                     (one group, paths ["weights.bin"], every weight float32, in policy/network.ts
 *                     `paramSpecs` order)
 *   DIR/weights.bin   the weights, little-endian float32, concatenated in manifest order (tfjs's layout)
 *   DIR/manifest.json what the weights were trained for and how (`CheckpointManifest`)
 *   DIR/resume/       optional: optimizer, RNG, league and env states for `merlin train --resume DIR`
 *
 * Files are validated with zod; a malformed file or one made for another observation spec or action
 * catalogue is refused with a CheckpointError naming both hashes.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { MerlinError } from '../lib/errors.ts';
import { parseJson } from '../lib/json.ts';
import { paramSpecs, type NetShape } from './network.ts';

/** Thrown for a missing or malformed checkpoint, or one made for another spec. */
export class CheckpointError extends MerlinError {
  constructor(message: string) {
    super('INVALID_CHECKPOINT', message);
  }
}

export const FORMAT = 'merlin-gym-ppo-mlp';
export const FORMAT_VERSION = 1;

export const ModelJson = z
  .object({
    format: z.literal(FORMAT),
    formatVersion: z.literal(FORMAT_VERSION),
    modelTopology: z
      .object({
        kind: z.literal('mlp'),
        activation: z.literal('relu'),
        obsSize: z.number().int().positive(),
        hidden: z.array(z.number().int().positive()).min(1),
        numActions: z.number().int().positive(),
      })
      .strict(),
    weightsManifest: z
      .array(
        z.object({
          paths: z.array(z.string()).length(1),
          weights: z.array(z.object({ name: z.string(), shape: z.array(z.number().int().nonnegative()), dtype: z.literal('float32') })),
        }),
      )
      .length(1),
  })
  .strict();
export type ModelJson = z.infer<typeof ModelJson>;

/** Per-variant evaluation results stored in the manifest. */
export const EvalRecord = z.object({
  variant: z.string(),
  opponents: z.string(),
  games: z.number().int(),
  wins: z.number().int(),
  winRate: z.number(),
  ci95: z.tuple([z.number(), z.number()]),
  marketShare: z.number().optional(),
  combatShare: z.number().optional(),
});
export type EvalRecord = z.infer<typeof EvalRecord>;

export const CheckpointManifest = z
  .object({
    format: z.literal(FORMAT),
    formatVersion: z.literal(FORMAT_VERSION),
    game: z.string(),
    /** Hashes the checkpoint is valid for (env/core/game.ts TensorSpec.hash, Game.actionsHash, Game.rulesHash). */
    observationSpecHash: z.string(),
    actionsHash: z.string(),
    rulesHash: z.string(),
    /** Rules hashes of every variant trained on (the first is `rulesHash`); absent in older manifests. */
    rulesHashes: z.array(z.string()).optional(),
    /** The main variant (ruleset name) and every variant trained on. */
    variant: z.string(),
    variants: z.array(z.string()),
    players: z.number().int(),
    trainingSteps: z.number().int().nonnegative(),
    updates: z.number().int().nonnegative(),
    episodes: z.number().int().nonnegative(),
    wallSeconds: z.number().nonnegative(),
    backend: z.string(),
    createdAt: z.string(),
    seed: z.string(),
    config: z.record(z.string(), z.unknown()),
    evaluation: z.array(EvalRecord),
  })
  .strict();
export type CheckpointManifest = z.infer<typeof CheckpointManifest>;

/** What a checkpoint must match to be played in a game. */
export interface SpecHashes {
  /** The game's registry name (`Game.name`); a checkpoint made for another game is refused. */
  game?: string;
  observationSpecHash: string;
  actionsHash: string;
  rulesHash: string;
}

/** The spec hashes of a game (`Game` of env/core/game.ts, or anything with the same fields) to check a checkpoint against. */
export function specHashesOf(game: {
  name: string;
  observationSpec: { hash: string };
  actionsHash: string;
  rulesHash: string;
}): SpecHashes {
  return { game: game.name, observationSpecHash: game.observationSpec.hash, actionsHash: game.actionsHash, rulesHash: game.rulesHash };
}

/**
 * Why a checkpoint with `manifest` cannot play or continue under `expect` (another game, observation spec or
 * action catalogue, naming both hashes), or null when it can. The rules hash may differ (see `loadCheckpoint`).
 */
export function manifestMismatch(manifest: CheckpointManifest, expect: SpecHashes): string | null {
  if (expect.game !== undefined && manifest.game !== expect.game) return `was trained for the game ${manifest.game}, not ${expect.game}`;
  if (manifest.observationSpecHash !== expect.observationSpecHash)
    return `was trained for observation spec ${manifest.observationSpecHash.slice(0, 16)}, but this game's is ${expect.observationSpecHash.slice(0, 16)}`;
  if (manifest.actionsHash !== expect.actionsHash)
    return `was trained for action catalogue ${manifest.actionsHash.slice(0, 16)}, but this game's is ${expect.actionsHash.slice(0, 16)}`;
  return null;
}

function readJson<T>(dir: string, file: string, schema: z.ZodType<T>): T {
  const path = join(dir, file);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    // No checkpoint there at all (a mistyped folder, or one not trained yet): say how to make one.
    const hint =
      code === 'ENOENT' && file === 'manifest.json'
        ? `${existsSync(dir) ? 'not a checkpoint folder' : 'no such folder'}; \`npx merlin train --out ${dir}\` trains one there`
        : (code ?? (e as Error).message);
    throw new CheckpointError(`checkpoint ${dir}: cannot read ${file} (${hint})`);
  }
  let raw: unknown;
  try {
    raw = parseJson(text);
  } catch (e) {
    throw new CheckpointError(`checkpoint ${path} is not valid JSON: ${(e as Error).message}`);
  }
  const r = schema.safeParse(raw);
  if (!r.success)
    throw new CheckpointError(
      `checkpoint ${path} is malformed: ${r.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`,
    );
  return r.data;
}

export function readManifest(dir: string): CheckpointManifest {
  return readJson(dir, 'manifest.json', CheckpointManifest);
}

/** The network shape of the checkpoint in `dir` (its model.json). @throws CheckpointError for a missing or malformed file */
export function readNetShape(dir: string): NetShape {
  return shapeOf(readJson(dir, 'model.json', ModelJson));
}

/** The network shape written in model.json. */
export function shapeOf(m: ModelJson): NetShape {
  return { obsSize: m.modelTopology.obsSize, hidden: m.modelTopology.hidden, numActions: m.modelTopology.numActions };
}

/** Decode a float32 weights buffer laid out per `model`'s manifest. @throws CheckpointError on a size or name mismatch */
export function decodeWeights(model: ModelJson, buf: Uint8Array, where: string): Float32Array[] {
  const specs = paramSpecs(shapeOf(model));
  const listed = model.weightsManifest[0].weights;
  if (listed.length !== specs.length || listed.some((w, i) => w.name !== specs[i].name || w.shape.join('x') !== specs[i].shape.join('x')))
    throw new CheckpointError(`checkpoint ${where}: weightsManifest does not match the MLP topology in model.json`);
  const total = specs.reduce((n, s) => n + s.shape.reduce((a, b) => a * b, 1), 0);
  if (buf.byteLength !== total * 4)
    throw new CheckpointError(`checkpoint ${where}: weights.bin has ${buf.byteLength} bytes, expected ${total * 4}`);
  // Copy into an aligned buffer, reading little-endian explicitly.
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const out: Float32Array[] = [];
  let off = 0;
  for (const s of specs) {
    const n = s.shape.reduce((a, b) => a * b, 1);
    const a = new Float32Array(n);
    for (let i = 0; i < n; i++) a[i] = view.getFloat32(off + i * 4, true);
    off += n * 4;
    out.push(a);
  }
  return out;
}

/** model.json for `shape`. */
export function modelJson(shape: NetShape): ModelJson {
  return {
    format: FORMAT,
    formatVersion: FORMAT_VERSION,
    modelTopology: { kind: 'mlp', activation: 'relu', obsSize: shape.obsSize, hidden: shape.hidden, numActions: shape.numActions },
    weightsManifest: [
      { paths: ['weights.bin'], weights: paramSpecs(shape).map((s) => ({ name: s.name, shape: s.shape, dtype: 'float32' as const })) },
    ],
  };
}

/** A loaded policy: its shape, parameters and manifest. */
export interface LoadedCheckpoint {
  dir: string;
  shape: NetShape;
  params: Float32Array[];
  manifest: CheckpointManifest;
}

/**
 * Read DIR (model.json, weights.bin, manifest.json) without tfjs.
 * @param expect when given, the game (if named), the observation spec and action catalogue hashes must match (the rules hash
 *   may differ: a policy can be played under an edited ruleset; `rulesMatch` in the result says whether it
 *   is one of the rulesets the policy was trained under)
 * @throws CheckpointError for missing or malformed files, a checkpoint of another game, or a spec mismatch (naming both hashes)
 */
export function loadCheckpoint(dir: string, expect?: SpecHashes): LoadedCheckpoint & { rulesMatch: boolean } {
  const manifest = readManifest(dir);
  const model = readJson(dir, 'model.json', ModelJson);
  const why = expect && manifestMismatch(manifest, expect);
  if (why) throw new CheckpointError(`checkpoint ${dir} ${why}`);
  let bin: Uint8Array;
  try {
    bin = readFileSync(join(dir, model.weightsManifest[0].paths[0]));
  } catch (e) {
    throw new CheckpointError(
      `checkpoint ${dir}: cannot read ${model.weightsManifest[0].paths[0]} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
    );
  }
  const params = decodeWeights(model, bin, dir);
  const trainedUnder = manifest.rulesHashes ?? [manifest.rulesHash];
  return { dir, shape: shapeOf(model), params, manifest, rulesMatch: !expect || trainedUnder.includes(expect.rulesHash) };
}
