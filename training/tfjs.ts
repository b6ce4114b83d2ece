/**
 * @tensorflow/tfjs for the training modules, an optional dependency (lib/optional.ts): loaded here, once, so that
 * `merlin-gym/training` (or `merlin train`) without it fails with a MissingDependencyError naming the command that
 * installs it, instead of Node's ERR_MODULE_NOT_FOUND, and the rest of merlin-gym never loads it. Its Node build is
 * CommonJS, so this is the same instance tfjs-node and tfjs-backend-wasm register their backends with.
 *
 * Values come from here (`tf.matMul`); types from the package itself (`import type * as TF from '@tensorflow/tfjs'`).
 */
import type * as TF from '@tensorflow/tfjs';
import { requireOptional } from '../lib/optional.ts';

/** @tensorflow/tfjs. @throws MissingDependencyError (at import) when it is not installed */
export const tf: typeof TF = requireOptional<typeof TF>('@tensorflow/tfjs', 'merlin-gym/training', 'training');
