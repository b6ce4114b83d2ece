/**
 * `merlin bench --training` (cli/bench.ts): the same training run on tfjs-node and wasm side by side, with
 * the ratio when both ran, one collector beside the default `--collectors`, and a backend that does not load reported with its reason instead of figures.
 * A tiny configuration keeps it to a few seconds; the figures themselves are not checked (machine-dependent).
 */
import { describe, expect, it } from 'vitest';
import { benchTraining, trainingBenchText, type TrainingBackendBench, type TrainingBench } from '../bench.ts';
import { SETUP_TFJS_NODE } from '../../training/backend.ts';
import { defaultCollectors } from '../../training/collector-thread.ts';

const TINY = { numEnvs: 2, horizon: 8, players: 2, hidden: [8] };

describe('merlin bench --training', () => {
  it('measures tfjs-node and wasm side by side (tfjs-node reported as not measured, with the setup command, where it does not load)', async () => {
    const name = '@tensorflow/tfjs-node';
    process.env.TF_CPP_MIN_LOG_LEVEL ??= '1'; // as training/backend.ts does: no INFO lines from TensorFlow
    const nodeLoads = await import(name).then(
      () => true,
      () => false,
    );
    const t = await benchTraining('market', 1, true, { config: TINY });
    expect(t.backends.map((b) => b.backend)).toEqual(['tensorflow', 'wasm']);
    expect(t.rollout).toBe('2 games x 8 learner decisions, 2 players');
    const wasm = t.backends[1] as TrainingBackendBench;
    expect(wasm.label).toBe('tfjs wasm');
    expect(wasm.learner_steps_per_sec).toBeGreaterThan(0);
    expect(wasm.env_steps_per_sec).toBeGreaterThanOrEqual(wasm.learner_steps_per_sec);
    expect(wasm.ms_per_update).toBeGreaterThan(0);
    const text = trainingBenchText(t);
    if (nodeLoads) {
      const tf = t.backends[0] as TrainingBackendBench;
      expect(tf.label).toBe('tfjs-node (native TensorFlow)');
      expect(tf.learner_steps_per_sec).toBeGreaterThan(0);
      expect(t.tensorflow_over_wasm).toBeCloseTo(tf.learner_steps_per_sec / wasm.learner_steps_per_sec, 1);
      expect(text).toMatch(/tfjs-node \/ wasm: [\d.]+x learner decisions\/s/);
    } else {
      expect(t.backends[0]).toEqual({ backend: 'tensorflow', unavailable: expect.stringContaining(SETUP_TFJS_NODE) });
      expect(t.tensorflow_over_wasm).toBeUndefined();
      expect(text).toContain('tensorflow not measured: ');
    }
    // One collector and the default side by side, on the last backend measured (wasm).
    const c = t.collectors!;
    expect(c.backend).toBe('wasm');
    expect(c.default_collectors).toBe(defaultCollectors());
    expect(c.one_learner_steps_per_sec).toBeGreaterThan(0);
    if (c.default_collectors > 1) {
      expect(c.default_learner_steps_per_sec).toBeGreaterThan(0);
      expect(c.ratio).toBeCloseTo(c.default_learner_steps_per_sec! / c.one_learner_steps_per_sec, 1);
      expect(text).toMatch(/collectors on wasm: 1 collector [\d,]+ learner decisions\/s, 2 \(the default\) [\d,]+: [\d.]+x$/m);
    } else expect(text).toContain('the default here is 1: nothing to compare');
    expect(text.split('\n')).toHaveLength(nodeLoads ? 5 : 4);
  });

  it('prints one line per backend and the ratio', () => {
    const t: TrainingBench = {
      updates: 3,
      rollout: 'R',
      network: 'N',
      tensorflow_over_wasm: 1.33,
      backends: [
        {
          backend: 'tensorflow',
          label: 'tfjs-node (native TensorFlow)',
          env_steps_per_sec: 2600,
          learner_steps_per_sec: 708,
          ms_per_update: 2893,
        },
        { backend: 'wasm', label: 'tfjs wasm', env_steps_per_sec: 1950, learner_steps_per_sec: 531, ms_per_update: 3857 },
      ],
    };
    expect(trainingBenchText(t)).toBe(
      [
        'training (3 timed PPO updates after 1 untimed, per backend; R; N):',
        '  tensorflow     708 learner decisions/s,   2,600 env steps/s,   2,893 ms per PPO update  (tfjs-node (native TensorFlow))',
        '  wasm           531 learner decisions/s,   1,950 env steps/s,   3,857 ms per PPO update  (tfjs wasm)',
        '  tfjs-node / wasm: 1.33x learner decisions/s',
      ].join('\n'),
    );
    const c = {
      backend: 'wasm' as const,
      default_collectors: 2,
      one_learner_steps_per_sec: 1400,
      default_learner_steps_per_sec: 2310,
      ratio: 1.65,
    };
    expect(
      trainingBenchText({ ...t, collectors: c })
        .split('\n')
        .at(-1),
    ).toBe('  collectors on wasm: 1 collector 1,400 learner decisions/s, 2 (the default) 2,310: 1.65x');
    expect(
      trainingBenchText({ ...t, collectors: { backend: 'wasm', default_collectors: 1, one_learner_steps_per_sec: 1400 } })
        .split('\n')
        .at(-1),
    ).toBe('  collectors on wasm: 1 collector 1,400 learner decisions/s (the default here is 1: nothing to compare)');
  });
});
