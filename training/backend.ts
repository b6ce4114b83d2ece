/**
 * Choosing the tfjs backend for training (DESIGN "training/"): @tensorflow/tfjs-node when it loads, else
 * @tensorflow/tfjs-backend-wasm, else the pure-JS cpu backend. tfjs-node is an optionalDependency whose own
 * install downloads a native TensorFlow from a host many machines cannot reach; `npm run setup:tfjs-node`
 * (tools/setup-tfjs-node.sh, docs/TRAINING.md "Backends") stages TensorFlow from PyPI instead and builds its
 * addon from source. Why a backend was skipped is kept (`lastSelection`) and shown by `backendLabel`, so
 * `merlin train` prints which backend it uses and why not the faster one.
 *
 * Inference for play (agents/ppo.ts) needs no tfjs at all; only training does. The `@tensorflow/tfjs`
 * package is used rather than tfjs-core alone because its Node bundle registers the ops' gradients
 * (tfjs-core's Node bundle does not) and the cpu backend.
 */
import { tf } from './tfjs.ts';
import { ArgumentError } from '../lib/errors.ts';

import { BACKEND_ORDER, type BackendName } from './backend-names.ts';

export { BACKEND_ORDER, type BackendName };

/** Loads and activates one backend, or throws an Error whose message says why it does not load here. */
export type BackendLoader = () => Promise<void>;

/** A backend that did not load during a selection, and why (one line). */
export interface SkippedBackend {
  backend: BackendName;
  reason: string;
}

/** The outcome of `selectBackend`. */
export interface BackendSelection {
  backend: BackendName;
  /** The backends tried before it, in order, with the reason each did not load. */
  skipped: SkippedBackend[];
}

/** The command that stages tfjs-node where its install could not download TensorFlow. */
export const SETUP_TFJS_NODE = 'npm run setup:tfjs-node';

/** The first line of an error's message, for a one-line reason. */
function firstLine(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).split('\n')[0];
}

/** Throws unless tf.setBackend(name) succeeds. */
async function activate(name: BackendName): Promise<void> {
  if (!(await tf.setBackend(name))) throw new Error(`tf.setBackend('${name}') failed`);
}

async function loadNode(): Promise<void> {
  // A package that may be absent: the specifier is a variable so that TypeScript does not require it.
  const name = '@tensorflow/tfjs-node';
  // TensorFlow logs INFO lines (oneDNN, CPU features) to stderr when it loads; keep warnings and errors.
  process.env.TF_CPP_MIN_LOG_LEVEL ??= '1';
  try {
    await import(name);
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND')
      throw new Error(
        `@tensorflow/tfjs-node is not installed (its install could not download TensorFlow; \`${SETUP_TFJS_NODE}\` stages it)`,
        { cause: e },
      );
    throw new Error(`@tensorflow/tfjs-node does not load: ${firstLine(e)} (\`${SETUP_TFJS_NODE}\` rebuilds it)`, { cause: e });
  }
  await activate('tensorflow');
}

async function loadWasm(): Promise<void> {
  try {
    await import('@tensorflow/tfjs-backend-wasm');
  } catch (e) {
    throw new Error(`@tensorflow/tfjs-backend-wasm does not load: ${firstLine(e)}`, { cause: e });
  }
  await activate('wasm');
}

/** The loaders `initBackend` uses. */
export const BACKEND_LOADERS: Readonly<Record<BackendName, BackendLoader>> = {
  tensorflow: loadNode,
  wasm: loadWasm,
  cpu: () => activate('cpu'),
};

/**
 * Try `order`'s backends in turn and keep the first whose loader succeeds.
 * @returns the backend chosen and the ones skipped before it, each with its loader's reason
 * @throws ArgumentError when none loads (the message gives each one's reason)
 */
export async function selectBackend(
  order: readonly BackendName[],
  loaders: Readonly<Record<BackendName, BackendLoader>>,
): Promise<BackendSelection> {
  const skipped: SkippedBackend[] = [];
  for (const backend of order) {
    try {
      await loaders[backend]();
      return { backend, skipped };
    } catch (e) {
      skipped.push({ backend, reason: firstLine(e) });
    }
  }
  const what = order.length === 1 ? `tfjs backend "${order[0]}" does not load on this machine` : 'no tfjs backend loads on this machine';
  throw new ArgumentError(`${what}: ${skipped.map((s) => `${s.backend}: ${s.reason}`).join('; ')} (backends: ${BACKEND_ORDER.join(', ')})`);
}

let last: BackendSelection | null = null;

/** The last selection `initBackend` made (null before the first). */
export function lastSelection(): BackendSelection | null {
  return last;
}

/**
 * Select and initialise the backend: `prefer` (when given) or the first of BACKEND_ORDER that loads.
 * Idempotent: later calls return the backend already chosen unless `prefer` names another one.
 * @returns the backend in use ('tensorflow' is tfjs-node)
 * @throws ArgumentError when `prefer` names a backend that does not load here (with the reason), or none loads
 */
export async function initBackend(prefer?: BackendName): Promise<BackendName> {
  if (last !== null && (prefer === undefined || prefer === last.backend) && tf.getBackend() === last.backend) return last.backend;
  const sel = await selectBackend(prefer ? [prefer] : BACKEND_ORDER, BACKEND_LOADERS);
  await tf.ready();
  last = sel;
  return sel.backend;
}

/**
 * A one-line description of the backend in use, for progress output; when the last selection skipped faster
 * backends to reach it, why (e.g. "tfjs wasm; tensorflow skipped: @tensorflow/tfjs-node is not installed ...").
 */
export function backendLabel(name: BackendName, selection: BackendSelection | null = last): string {
  const label = name === 'tensorflow' ? 'tfjs-node (native TensorFlow)' : name === 'wasm' ? 'tfjs wasm' : 'tfjs cpu (pure JS)';
  const skipped = selection?.backend === name ? selection.skipped : [];
  return [label, ...skipped.map((s) => `${s.backend} skipped: ${s.reason}`)].join('; ');
}
