/**
 * Charts for the designer's pages, drawn by vega-lite (compiled to vega, rendered to SVG in Node, no
 * browser or canvas needed) and inlined into self-contained HTML. Element ids inside each SVG are
 * prefixed per chart so that several charts can share one page.
 */
import type * as Vega from 'vega';
import type { TopLevelSpec } from 'vega-lite';
import { chartLibraries } from '../lib/optional.ts';

/** Shared look: system fonts, no network loads. */
const CONFIG = {
  font: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  view: { stroke: null },
  axis: { labelFontSize: 11, titleFontSize: 12, gridColor: '#e6e6e6' },
  legend: { labelFontSize: 11, titleFontSize: 12 },
};

let chartCount = 0;

async function viewOf(spec: Record<string, unknown>): Promise<Vega.View> {
  const { vega, vl } = await chartLibraries();
  const full = { $schema: 'https://vega.github.io/schema/vega-lite/v6.json', config: CONFIG, background: 'white', ...spec } as TopLevelSpec;
  return new vega.View(vega.parse(vl.compile(full).spec), { renderer: 'none' });
}

async function svgOf(view: Vega.View): Promise<string> {
  const svg = await view.toSVG();
  view.finalize();
  const p = `c${++chartCount}-`;
  return svg
    .replace(/\bid="([^"]+)"/g, `id="${p}$1"`)
    .replace(/url\(#([^)]+)\)/g, `url(#${p}$1)`)
    .replace(/href="#([^"]+)"/g, `href="#${p}$1"`);
}

/** A vega-lite spec (without `$schema`/`config`) rendered to an SVG string. */
export async function chartSvg(spec: Record<string, unknown>): Promise<string> {
  return svgOf(await viewOf(spec));
}

/** The chart as SVG, and the pixel x (in the SVG) of each data value `xs` on its x scale (for cursors drawn by the page). */
export async function chartWithXPositions(spec: Record<string, unknown>, xs: number[]): Promise<{ svg: string; px: number[] }> {
  const view = await viewOf(spec);
  await view.runAsync();
  const x = view.scale('x') as (v: number) => number;
  const [ox] = view.origin();
  const px = xs.map((v) => Math.round((x(v) + ox) * 10) / 10);
  return { svg: await svgOf(view), px };
}

/** Win rates with 95% intervals and an expected rate per row (ticks). Rows: { label, rate, lo, hi, expected }. */
export function rateChart(
  rows: { label: string; rate: number; lo: number; hi: number; expected: number }[],
  title: string,
  labelTitle: string,
) {
  return {
    title,
    width: 360,
    height: { step: 22 },
    data: { values: rows },
    encoding: { y: { field: 'label', type: 'nominal', title: labelTitle, sort: null } },
    layer: [
      {
        mark: { type: 'rule', strokeWidth: 2, color: '#4c78a8' },
        encoding: {
          x: { field: 'lo', type: 'quantitative', title: 'win rate (95% interval)', axis: { format: '.0%' } },
          x2: { field: 'hi' },
        },
      },
      {
        mark: { type: 'point', filled: true, size: 60, color: '#4c78a8' },
        encoding: { x: { field: 'rate', type: 'quantitative' }, tooltip: [{ field: 'rate', format: '.1%' }] },
      },
      { mark: { type: 'tick', color: '#e45756', thickness: 2 }, encoding: { x: { field: 'expected', type: 'quantitative' } } },
    ],
  };
}

/** A bar chart of counts. */
export function barChart(rows: { label: string; value: number }[], title: string, xTitle: string) {
  return {
    title,
    width: 360,
    height: { step: 22 },
    data: { values: rows },
    mark: { type: 'bar', color: '#4c78a8' },
    encoding: {
      y: { field: 'label', type: 'nominal', title: null, sort: null },
      x: { field: 'value', type: 'quantitative', title: xTitle },
    },
  };
}

/** A histogram of `values`. */
export function histogram(values: number[], title: string, xTitle: string) {
  return {
    title,
    width: 360,
    height: 180,
    data: { values: values.map((v) => ({ v })) },
    mark: { type: 'bar', color: '#4c78a8' },
    encoding: {
      x: { field: 'v', type: 'quantitative', bin: { maxbins: 40 }, title: xTitle },
      y: { aggregate: 'count', type: 'quantitative', title: 'games' },
    },
  };
}

/** A stacked area of amounts by holder over time. Rows: { t, holder, amount }; `order` fixes the stack order. */
export function stackedArea(
  rows: { t: number; holder: string; amount: number }[],
  order: string[],
  title: string,
  xTitle: string,
  yTitle: string,
) {
  return {
    title,
    width: 420,
    height: 220,
    data: { values: rows },
    mark: { type: 'area' },
    encoding: {
      x: { field: 't', type: 'quantitative', title: xTitle },
      y: { field: 'amount', type: 'quantitative', stack: 'zero', title: yTitle },
      color: { field: 'holder', type: 'nominal', sort: order, scale: { domain: order, scheme: 'tableau10' }, title: null },
      order: { field: 'rank', type: 'quantitative' },
    },
    transform: [{ calculate: `indexof(${JSON.stringify(order)}, datum.holder)`, as: 'rank' }],
  };
}

/** A heat map of shares. Rows: { row, col, share }. */
export function heatmap(rows: { row: string; col: string; share: number }[], title: string) {
  return {
    title,
    data: { values: rows },
    mark: 'rect',
    width: { step: 18 },
    height: { step: 22 },
    encoding: {
      x: { field: 'col', type: 'nominal', title: null, sort: null, axis: { labelAngle: -60 } },
      y: { field: 'row', type: 'nominal', title: null },
      color: {
        field: 'share',
        type: 'quantitative',
        title: 'share of actions',
        scale: { type: 'sqrt', scheme: 'blues' },
        legend: { format: '.0%' },
      },
      tooltip: [{ field: 'row' }, { field: 'col' }, { field: 'share', format: '.2%' }],
    },
  };
}

/** Lines of values over time, one per series. Rows: { t, series, value }. */
export function lineChart(
  rows: { t: number; series: string; value: number }[],
  title: string,
  xTitle: string,
  yTitle: string,
  width = 560,
) {
  return {
    title,
    width,
    height: 200,
    data: { values: rows },
    mark: { type: 'line', interpolate: 'step-after' },
    encoding: {
      x: { field: 't', type: 'quantitative', title: xTitle },
      y: { field: 'value', type: 'quantitative', title: yTitle },
      color: { field: 'series', type: 'nominal', title: null, scale: { scheme: 'tableau10' } },
    },
  };
}
