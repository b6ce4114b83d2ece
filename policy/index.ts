/**
 * policy/: a trained policy without tfjs (DESIGN "Layers"): the network's shape and parameter order, the
 * checkpoint format and its reader, and the plain-JS forward pass. training/ builds the same network in
 * tfjs and writes checkpoints in this format; agents/ppo.ts plays them.
 */
export { paramSpecs, type NetShape, type ParamSpec } from './network.ts';
export { PolicyForward } from './forward.ts';
export {
  CheckpointError,
  CheckpointManifest,
  decodeWeights,
  EvalRecord,
  FORMAT,
  FORMAT_VERSION,
  loadCheckpoint,
  manifestMismatch,
  ModelJson,
  modelJson,
  readManifest,
  shapeOf,
  specHashesOf,
  type LoadedCheckpoint,
  type SpecHashes,
} from './checkpoint.ts';
