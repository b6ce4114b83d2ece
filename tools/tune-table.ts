/**
 * A `merlin tune` report (its JSON) as a table file of tools/doc-figures.ts: one row per point of the Pareto front,
 * with its distance from the base, its changes, each objective's figure with its 95% interval under scripted play
 * and, for a point confirmed under learned play, the learned figure beside it. docs/DESIGNER.md shows the table.
 *
 *   npx tsx tools/tune-table.ts REPORT.json OUT.json [--command "the tune command that made the report"]
 *
 * @throws ArgumentError for a file that is not a tune report
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { ArgumentError } from '../lib/errors.ts';
import { diffValue, type RulesetChange } from '../designer/ruleset-diff.ts';
import { figureText, type TuneReport } from '../designer/tune-report.ts';
import { provenance } from './doc-figures.ts';

/** The changes of a point, grouped by parameter (a vote menu's six entries are one change). */
function changes(diff: readonly RulesetChange[]): string {
  if (diff.length === 0) return 'none (the base ruleset)';
  const byParam = new Map<string, string[]>();
  for (const d of diff) {
    const param = d.path.replace(/^rules\./, '').replace(/\.\d+$/, '');
    byParam.set(param, [...(byParam.get(param) ?? []), `${diffValue(d.old, 40)} -> ${diffValue(d.new, 40)}`]);
  }
  return [...byParam].map(([p, xs]) => `${p}: ${xs.length > 1 ? `[${xs.join(', ')}]` : xs[0]}`).join('; ');
}

function main(): void {
  const [from, out, ...rest] = process.argv.slice(2);
  if (!from || !out) throw new ArgumentError('usage: tools/tune-table.ts REPORT.json OUT.json [--command TEXT]');
  const at = rest.indexOf('--command');
  const r = JSON.parse(readFileSync(from, 'utf8')) as TuneReport;
  if (!Array.isArray(r?.front) || !Array.isArray(r?.trials) || !r.space?.objectives)
    throw new ArgumentError(`${from} is not a merlin tune report (no front, trials and space)`);
  const measured = r.trials.filter((t) => t.duplicate_of === null || t.duplicate_of === undefined).length;
  const names = r.space.objectives.map((o) => o.name).filter((n) => n !== 'distance');
  const rows = r.front.map((p) => ({
    trial: p.number,
    distance: p.distance?.distance,
    changes: changes(p.diff),
    ...Object.fromEntries(names.map((n, i) => [n, p.figures?.[i] ? figureText(p.figures[i]) : '-'])),
    learned: p.confirmation ? names.map((n, i) => `${n} ${figureText(p.confirmation!.figures[i])}`).join('; ') : '-',
  }));
  const table = {
    title: `The Pareto front of the study ${r.space.name ?? ''}: each point's changes and figures (scripted play, 95% intervals), and the learned confirmation of the best points`,
    command: at >= 0 ? rest[at + 1] : r.command,
    measured: r.date.slice(0, 10),
    machine: `${provenance().machine} (counts, not speeds)`,
    notes: `${measured} trials measured (Optuna proposed ${r.trials.length - measured} more whose parameters were measured already, not played again); every front point measured on ${r.front[0]?.games ?? 0} games.`,
    columns: [
      { header: 'trial', cell: '{trial}' },
      { header: 'distance', cell: '{distance:n2}' },
      { header: 'changes', cell: '{changes}' },
      ...names.map((n) => ({ header: n, cell: `{${n}}` })),
      { header: 'learned (self-play of a policy trained on it)', cell: '{learned}' },
    ],
    rows,
  };
  writeFileSync(out, JSON.stringify(table, null, 2) + '\n');
  console.log(`wrote ${out} (${rows.length} front points)`);
}

main();
