/**
 * The training-curve chart written next to a checkpoint (DIR/training-curve.svg): vega-lite specs
 * compiled with `vega-lite` and rendered to SVG by `vega`'s headless View (no browser, no canvas).
 * Panels: learner win rate per update and the league's win-rate estimates against random and heuristic;
 * policy loss, value loss and entropy; env steps per second.
 */
import type * as vl from 'vega-lite';
import { chartLibraries } from '../lib/optional.ts';
import type { UpdateRecord } from './train.ts';

type Row = { update: number; series: string; value: number };

function panel(title: string, rows: Row[], yTitle: string): vl.TopLevelSpec['vconcat' & keyof vl.TopLevelSpec] {
  return {
    title,
    width: 560,
    height: 150,
    data: { values: rows },
    mark: { type: 'line', interpolate: 'monotone' },
    encoding: {
      x: { field: 'update', type: 'quantitative', title: 'PPO update' },
      y: { field: 'value', type: 'quantitative', title: yTitle },
      color: { field: 'series', type: 'nominal', title: null, legend: { orient: 'bottom', columns: 2, labelLimit: 400 } },
    },
  } as never;
}

/** Moving average over `k` points (the raw per-update win rate is noisy). */
function smooth(xs: number[], k: number): number[] {
  return xs.map((_, i) => {
    const a = xs.slice(Math.max(0, i - k + 1), i + 1);
    return a.reduce((s, x) => s + x, 0) / a.length;
  });
}

/** An SVG document charting `records` (metrics.jsonl lines). */
export async function trainingCurveSvg(records: UpdateRecord[], title: string): Promise<string> {
  const win: Row[] = [];
  const sm = smooth(
    records.map((r) => r.winRate),
    10,
  );
  records.forEach((r, i) => {
    win.push({ update: r.update, series: 'win rate (10-update mean)', value: sm[i] });
    for (const name of ['random', 'heuristic'])
      if (r.winRateVs[name] !== undefined)
        win.push({ update: r.update, series: `win rate vs ${name} (league EMA)`, value: r.winRateVs[name] });
  });
  const loss: Row[] = records.flatMap((r) => [
    { update: r.update, series: 'policy loss', value: r.policyLoss },
    { update: r.update, series: 'value loss', value: r.valueLoss },
    { update: r.update, series: 'entropy', value: r.entropy },
  ]);
  const speed: Row[] = records.map((r) => ({ update: r.update, series: 'env steps/s', value: r.stepsPerSec }));
  const spec: vl.TopLevelSpec = {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title,
    vconcat: [panel('Learner win rate', win, 'win rate'), panel('PPO losses', loss, 'value'), panel('Throughput', speed, 'env steps/s')],
  } as vl.TopLevelSpec;
  const { vega, vl: lite } = await chartLibraries();
  const compiled = lite.compile(spec).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none' });
  const svg = await view.toSVG();
  view.finalize();
  return svg;
}
