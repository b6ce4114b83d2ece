/**
 * `npm run lint:deps`: the layer rules of DESIGN.md ("Layers: data flows down, never up") and the bound on
 * import cycles ("no import cycle spans more than two files"), over the project's TypeScript imports.
 *
 * Runs dependency-cruiser once (`depcruise --output-type json`, rules in .dependency-cruiser.cjs), prints
 * every rule violation, then the strongly connected components of the import graph larger than two files
 * (dependency-cruiser's own `circular` rule cannot bound a cycle's size). Type-only imports count: a chapter
 * that needs another's types cannot be read alone either. Exit status 1 when anything is reported.
 *
 *   npx tsx tools/lint-deps.ts [--json]     (--json: one object {violations, cycles} on stdout)
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** What dependency-cruiser cruises: every TypeScript root of the project that exists (bridge/python is excluded in the config). */
export const CRUISE_ROOTS = [
  'index.ts',
  'lib',
  'env',
  'games',
  'policy',
  'agents',
  'training',
  'bridge',
  'designer',
  'browser',
  'cli',
  'bin',
  'tools',
  'vitest.config.ts',
].filter((p) => existsSync(join(root, p)));

/** The largest import cycle allowed, in files (a pair of files may import each other). */
export const MAX_CYCLE = 2;

/** The part of `depcruise --output-type json` read here. */
export interface CruiseResult {
  modules: { source: string; dependencies: { resolved: string; coreModule: boolean; couldNotResolve: boolean }[] }[];
  summary: {
    /** `via`: the path of a reachability violation (an import chain from `from` to `to`). */
    violations: { from: string; to: string; rule: { name: string; severity: string }; via?: { name: string }[] }[];
    totalCruised: number;
    totalDependenciesCruised: number;
  };
}

/**
 * The strongly connected components of a directed graph with more than `max` nodes, each sorted, largest
 * first (Tarjan's algorithm, iterative, so deep graphs do not overflow the stack).
 * @param graph node -> the nodes it imports (edges to nodes absent from the map are ignored)
 */
export function largeComponents(graph: ReadonlyMap<string, readonly string[]>, max = MAX_CYCLE): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const out: string[][] = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    // Each frame: a node and the position of the next edge to follow.
    const frames: [string, number][] = [[start, 0]];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1];
      const [v, i] = frame;
      const edges = (graph.get(v) ?? []).filter((w) => graph.has(w));
      if (i < edges.length) {
        frame[1]++;
        const w = edges[i];
        if (!index.has(w)) {
          index.set(w, next);
          low.set(w, next++);
          stack.push(w);
          onStack.add(w);
          frames.push([w, 0]);
        } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
        continue;
      }
      frames.pop();
      if (frames.length > 0) {
        const parent = frames[frames.length - 1][0];
        low.set(parent, Math.min(low.get(parent)!, low.get(v)!));
      }
      if (low.get(v) === index.get(v)) {
        const scc: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          scc.push(w);
        } while (w !== v);
        if (scc.length > max) out.push(scc.sort());
      }
    }
  }
  return out.sort((a, b) => b.length - a.length || a[0].localeCompare(b[0]));
}

/** The project's import graph (project files only: no packages, no Node built-ins) from a cruise result. */
export function importGraph(r: CruiseResult): Map<string, string[]> {
  const local = (f: string) => !f.startsWith('node_modules/');
  const g = new Map<string, string[]>();
  for (const m of r.modules)
    if (local(m.source))
      g.set(
        m.source,
        m.dependencies.filter((d) => !d.coreModule && !d.couldNotResolve && local(d.resolved)).map((d) => d.resolved),
      );
  return g;
}

/** Run dependency-cruiser over CRUISE_ROOTS with .dependency-cruiser.cjs and parse its JSON. */
export function cruise(): Promise<CruiseResult> {
  const bin = join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
  const args = [bin, '--config', '.dependency-cruiser.cjs', '--output-type', 'json', ...CRUISE_ROOTS];
  return new Promise((resolve, reject) =>
    // depcruise exits with the number of error-level violations: its JSON is on stdout either way.
    execFile(process.execPath, args, { cwd: root, encoding: 'utf8', maxBuffer: 256 << 20 }, (err, stdout, stderr) => {
      try {
        resolve(JSON.parse(stdout) as CruiseResult);
      } catch {
        reject(new Error(`dependency-cruiser failed${err ? ` (${err.message})` : ''}:\n${stderr}`));
      }
    }),
  );
}

async function main(): Promise<void> {
  const r = await cruise();
  const violations = r.summary.violations.map((v) => ({
    rule: v.rule.name,
    severity: v.rule.severity,
    from: v.from,
    to: v.to,
    via: (v.via ?? []).map((x) => x.name),
  }));
  const cycles = largeComponents(importGraph(r));
  if (process.argv.includes('--json')) {
    process.stdout.write(JSON.stringify({ violations, cycles }) + '\n');
  } else {
    const lines = [`lint:deps: ${r.summary.totalCruised} modules, ${r.summary.totalDependenciesCruised} imports`];
    lines.push(`layer rules (.dependency-cruiser.cjs): ${violations.length === 0 ? 'none broken' : `${violations.length} violation(s)`}`);
    for (const v of violations)
      lines.push(`  ${v.severity} ${v.rule}: ${v.from} -> ${v.via.length > 1 ? `${v.via.slice(0, -1).join(' -> ')} -> ` : ''}${v.to}`);
    lines.push(`import cycles larger than ${MAX_CYCLE} files: ${cycles.length === 0 ? 'none' : cycles.length}`);
    for (const c of cycles) lines.push(`  ${c.length} files: ${c.join(', ')}`);
    process.stdout.write(lines.join('\n') + '\n');
  }
  process.exitCode = violations.some((v) => v.severity === 'error') || cycles.length > 0 ? 1 : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
