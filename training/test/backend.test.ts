/**
 * Backend selection (training/backend.ts): the first backend whose loader succeeds is chosen, the ones
 * skipped before it keep their reasons (shown by backendLabel), a forced backend that does not load is a
 * typed error naming why, and on this machine initBackend reports the backend tfjs actually runs on:
 * tfjs-node when it loads, else wasm with the reason tfjs-node was skipped.
 */
import { describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import { ArgumentError } from '../../lib/errors.ts';
import {
  BACKEND_ORDER,
  backendLabel,
  initBackend,
  lastSelection,
  selectBackend,
  SETUP_TFJS_NODE,
  type BackendLoader,
  type BackendName,
} from '../backend.ts';

/** Fake loaders: the named backends throw `reason`, the others succeed; `tried` records the calls. */
function fakes(failing: Partial<Record<BackendName, string>>) {
  const tried: BackendName[] = [];
  const loader =
    (b: BackendName): BackendLoader =>
    async () => {
      tried.push(b);
      if (failing[b] !== undefined) throw new Error(`${failing[b]}\nsecond line`);
    };
  return { tried, loaders: { tensorflow: loader('tensorflow'), wasm: loader('wasm'), cpu: loader('cpu') } };
}

describe('selectBackend', () => {
  it('takes tfjs-node first when it loads, and tries nothing after it', async () => {
    const f = fakes({});
    expect(await selectBackend(BACKEND_ORDER, f.loaders)).toEqual({ backend: 'tensorflow', skipped: [] });
    expect(f.tried).toEqual(['tensorflow']);
  });

  it('falls back to wasm when tfjs-node does not load, keeping the first line of the reason', async () => {
    const f = fakes({ tensorflow: 'not installed' });
    const sel = await selectBackend(BACKEND_ORDER, f.loaders);
    expect(sel).toEqual({ backend: 'wasm', skipped: [{ backend: 'tensorflow', reason: 'not installed' }] });
    expect(f.tried).toEqual(['tensorflow', 'wasm']);
    expect(backendLabel('wasm', sel)).toBe('tfjs wasm; tensorflow skipped: not installed');
  });

  it('falls back to cpu when neither native nor wasm loads', async () => {
    const sel = await selectBackend(BACKEND_ORDER, fakes({ tensorflow: 'a', wasm: 'b' }).loaders);
    expect(sel.backend).toBe('cpu');
    expect(sel.skipped.map((s) => s.backend)).toEqual(['tensorflow', 'wasm']);
    expect(backendLabel('cpu', sel)).toBe('tfjs cpu (pure JS); tensorflow skipped: a; wasm skipped: b');
  });

  it('a forced backend that does not load is an ArgumentError with its reason', async () => {
    const f = fakes({ tensorflow: 'libtensorflow missing' });
    const err = await selectBackend(['tensorflow'], f.loaders).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ArgumentError);
    expect((err as Error).message).toBe(
      'tfjs backend "tensorflow" does not load on this machine: tensorflow: libtensorflow missing (backends: tensorflow, wasm, cpu)',
    );
    expect(f.tried).toEqual(['tensorflow']);
  });

  it('no backend at all is an ArgumentError listing every reason', async () => {
    const err = await selectBackend(BACKEND_ORDER, fakes({ tensorflow: 'a', wasm: 'b', cpu: 'c' }).loaders).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ArgumentError);
    expect((err as Error).message).toMatch(/^no tfjs backend loads on this machine: tensorflow: a; wasm: b; cpu: c/);
  });
});

describe('initBackend on this machine', () => {
  it('reports the backend tfjs runs on: tfjs-node when it loads, else wasm with the reason and the setup command', async () => {
    const name = '@tensorflow/tfjs-node';
    process.env.TF_CPP_MIN_LOG_LEVEL ??= '1'; // as training/backend.ts does: no INFO lines from TensorFlow
    const nodeLoads = await import(name).then(
      () => true,
      () => false,
    );
    const backend = await initBackend();
    expect(backend).toBe(tf.getBackend());
    const sel = lastSelection();
    if (nodeLoads) {
      expect(sel).toEqual({ backend: 'tensorflow', skipped: [] });
      expect(backendLabel(backend)).toBe('tfjs-node (native TensorFlow)');
    } else {
      expect(backend).toBe('wasm');
      expect(sel?.skipped).toHaveLength(1);
      expect(sel?.skipped[0].backend).toBe('tensorflow');
      expect(backendLabel(backend)).toContain(SETUP_TFJS_NODE);
    }
  });

  it('switches to a forced backend and back, as `merlin bench --training` does to compare them', async () => {
    expect(await initBackend('cpu')).toBe('cpu');
    expect(tf.getBackend()).toBe('cpu');
    expect(lastSelection()).toEqual({ backend: 'cpu', skipped: [] });
    expect(tf.matMul(tf.ones([2, 3]), tf.ones([3, 2])).dataSync()[0]).toBe(3);
    const wasm = await initBackend('wasm');
    expect(wasm).toBe('wasm');
    expect(tf.getBackend()).toBe('wasm');
    expect(tf.matMul(tf.ones([2, 3]), tf.ones([3, 2])).dataSync()[0]).toBe(3);
  });
});
