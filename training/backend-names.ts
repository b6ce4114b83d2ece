/**
 * The training backends' names and the order they are tried in (training/backend.ts). Kept apart from
 * backend.ts, which loads tfjs, so that the command line can offer `--backend` choices without loading it.
 */
export type BackendName = 'tensorflow' | 'wasm' | 'cpu';
export const BACKEND_ORDER: readonly BackendName[] = ['tensorflow', 'wasm', 'cpu'];
