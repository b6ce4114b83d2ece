/**
 * Writing checkpoints (format and reader: policy/checkpoint.ts) and the resume data of a training run.
 *
 * The weights go through a tfjs `IOHandler` (`fileHandler`) that writes model.json + weights.bin with
 * plain `node:fs`, so saving works on every backend (tfjs-node's `file://` handler is not needed). The
 * resume folder holds, besides the learner: the Adam optimizer's weights (tfjs `getWeights` order), every
 * league snapshot still referenced, the collector's RNG and game states and the trainer's counters.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type * as TF from '@tensorflow/tfjs';
import { tf } from './tfjs.ts';
import { CheckpointError, decodeWeights, ModelJson, modelJson, shapeOf, type CheckpointManifest } from '../policy/checkpoint.ts';
import { paramSpecs, type NetShape } from '../policy/network.ts';

/** Write JSON atomically (temp file + rename), so an interrupted save never leaves half a file. */
export function writeJsonAtomic(path: string, value: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.tmp`;
  writeFileSync(tmp, JSON.stringify(value, null, 2) + '\n');
  renameSync(tmp, path);
}

function writeAtomic(path: string, data: Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.tmp`;
  writeFileSync(tmp, data);
  renameSync(tmp, path);
}

/**
 * A tfjs IOHandler over a directory: `save` writes DIR/model.json (topology + weights manifest) and
 * DIR/weights.bin; `load` reads them back as ModelArtifacts.
 */
export function fileHandler(dir: string): Required<Pick<TF.io.IOHandler, 'save' | 'load'>> {
  return {
    async save(artifacts: TF.io.ModelArtifacts): Promise<TF.io.SaveResult> {
      if (!artifacts.weightData || !artifacts.weightSpecs) throw new CheckpointError('nothing to save: the artifacts carry no weights');
      const data = tf.io.concatenateArrayBuffers(Array.isArray(artifacts.weightData) ? artifacts.weightData : [artifacts.weightData]);
      writeAtomic(join(dir, 'weights.bin'), new Uint8Array(data));
      const json = {
        ...(artifacts.modelTopology as object),
        weightsManifest: [{ paths: ['weights.bin'], weights: artifacts.weightSpecs }],
      };
      writeJsonAtomic(join(dir, 'model.json'), json);
      return { modelArtifactsInfo: tf.io.getModelArtifactsInfoForJSON(artifacts) };
    },
    async load(): Promise<TF.io.ModelArtifacts> {
      const raw = JSON.parse(readFileSync(join(dir, 'model.json'), 'utf8')) as ModelJson;
      const model = ModelJson.parse(raw);
      const bin = readFileSync(join(dir, 'weights.bin'));
      const { weightsManifest, ...topology } = model;
      return {
        modelTopology: topology,
        weightSpecs: weightsManifest[0].weights,
        weightData: bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength),
      };
    },
  };
}

/** Save network parameters as model.json + weights.bin in `dir` through `fileHandler`. */
export async function saveWeights(dir: string, shape: NetShape, params: Float32Array[]): Promise<void> {
  const specs = paramSpecs(shape);
  const named = specs.map((s, i) => ({ name: s.name, tensor: tf.tensor(params[i], s.shape, 'float32') }));
  const { data, specs: weightSpecs } = await tf.io.encodeWeights(named);
  for (const n of named) n.tensor.dispose();
  const { weightsManifest: _unused, ...topology } = modelJson(shape);
  await fileHandler(dir).save({ modelTopology: topology, weightSpecs, weightData: data });
}

/** Read parameters saved by `saveWeights` (through `fileHandler`), checking they fit `shape` when given. */
export async function readWeights(dir: string, shape?: NetShape): Promise<{ shape: NetShape; params: Float32Array[] }> {
  let artifacts: TF.io.ModelArtifacts;
  try {
    artifacts = await fileHandler(dir).load();
  } catch (e) {
    throw new CheckpointError(`cannot read weights in ${dir}: ${(e as Error).message}`);
  }
  const model = ModelJson.parse({
    ...(artifacts.modelTopology as object),
    weightsManifest: [{ paths: ['weights.bin'], weights: artifacts.weightSpecs }],
  });
  const got = shapeOf(model);
  if (shape && JSON.stringify(got) !== JSON.stringify(shape))
    throw new CheckpointError(`weights in ${dir} have shape ${JSON.stringify(got)}, expected ${JSON.stringify(shape)}`);
  const data = artifacts.weightData as ArrayBuffer;
  return { shape: got, params: decodeWeights(model, new Uint8Array(data), dir) };
}

/** Write a complete playable checkpoint: weights and manifest. */
export async function saveCheckpoint(dir: string, shape: NetShape, params: Float32Array[], manifest: CheckpointManifest): Promise<void> {
  await saveWeights(dir, shape, params);
  writeJsonAtomic(join(dir, 'manifest.json'), manifest);
}

/** The Adam optimizer's state as float32 arrays with names (tfjs getWeights order; PpoLearner.optimizerState). */
export async function saveOptimizer(dir: string, optimizer: Pick<TF.Optimizer, 'getWeights'>): Promise<void> {
  const weights = await optimizer.getWeights();
  const { data, specs } = await tf.io.encodeWeights(weights);
  writeAtomic(join(dir, 'optimizer.bin'), new Uint8Array(data as ArrayBuffer));
  writeJsonAtomic(join(dir, 'optimizer.json'), specs);
}

/** Restore `saveOptimizer` output into `optimizer`. */
export async function loadOptimizer(dir: string, optimizer: Pick<TF.Optimizer, 'setWeights'>): Promise<void> {
  const specs = JSON.parse(readFileSync(join(dir, 'optimizer.json'), 'utf8')) as TF.io.WeightsManifestEntry[];
  const bin = readFileSync(join(dir, 'optimizer.bin'));
  const map = tf.io.decodeWeights(bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength), specs);
  await optimizer.setWeights(specs.map((s) => ({ name: s.name, tensor: map[s.name] })));
}

/** Remove a directory tree (for replacing a stale resume folder). */
export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
