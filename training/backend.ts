/**
 * Choosing the tfjs backend for training (DESIGN "training/"): @tensorflow/tfjs-node when it loads (an
 * optionalDependency whose install downloads a native TensorFlow binary, so it is absent on machines that
 * cannot reach that host), else @tensorflow/tfjs-backend-wasm, else the pure-JS cpu backend.
 *
 * Inference for play (agents/ppo.ts) needs no tfjs at all; only training does. The `@tensorflow/tfjs`
 * package is used rather than tfjs-core alone because its Node bundle registers the ops' gradients
 * (tfjs-core's Node bundle does not) and the cpu backend.
 */
import * as tf from '@tensorflow/tfjs';
import { ArgumentError } from '../env/core/errors.ts';

export type BackendName = 'tensorflow' | 'wasm' | 'cpu';
export const BACKEND_ORDER: readonly BackendName[] = ['tensorflow', 'wasm', 'cpu'];

let chosen: BackendName | null = null;

async function tryNode(): Promise<boolean> {
  try {
    // A package that may be absent: the specifier is a variable so that TypeScript does not require it.
    const name = '@tensorflow/tfjs-node';
    await import(name);
    return await tf.setBackend('tensorflow');
  } catch {
    return false;
  }
}

async function tryWasm(): Promise<boolean> {
  try {
    await import('@tensorflow/tfjs-backend-wasm');
    return await tf.setBackend('wasm');
  } catch {
    return false;
  }
}

/**
 * Select and initialise the backend: `prefer` (when given) or the first of BACKEND_ORDER that loads.
 * Idempotent: later calls return the backend already chosen unless `prefer` names another one.
 * @returns the backend in use ('tensorflow' is tfjs-node)
 * @throws ArgumentError when `prefer` names a backend that does not load here
 */
export async function initBackend(prefer?: BackendName): Promise<BackendName> {
  if (chosen !== null && (prefer === undefined || prefer === chosen)) return chosen;
  const attempts: Record<BackendName, () => Promise<boolean>> = {
    tensorflow: tryNode,
    wasm: tryWasm,
    cpu: () => tf.setBackend('cpu'),
  };
  const order = prefer ? [prefer] : BACKEND_ORDER;
  for (const name of order) {
    if (await attempts[name]()) {
      await tf.ready();
      chosen = name;
      return name;
    }
  }
  throw new ArgumentError(`tfjs backend "${prefer}" does not load on this machine; available order: ${BACKEND_ORDER.join(', ')}`);
}

/** A one-line description of the backend in use, for progress output. */
export function backendLabel(name: BackendName): string {
  return name === 'tensorflow' ? 'tfjs-node (native TensorFlow)' : name === 'wasm' ? 'tfjs wasm' : 'tfjs cpu (pure JS)';
}
