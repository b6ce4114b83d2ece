/**
 * tools/lint-deps.ts: the strongly connected components larger than two files, and the import graph it
 * reads from dependency-cruiser's JSON (project files only).
 */
import { describe, expect, it } from 'vitest';
import { importGraph, largeComponents, type CruiseResult } from '../lint-deps.ts';

const graph = (edges: Record<string, string[]>) => new Map(Object.entries(edges));

describe('largeComponents', () => {
  it('reports cycles of three or more files, sorted, largest first, and allows pairs and self-imports', () => {
    const g = graph({
      a: ['b'],
      b: ['c'],
      c: ['a', 'd'], // a 3-cycle a -> b -> c -> a
      d: ['e'],
      e: ['d'], // a pair: allowed
      f: ['f'], // a self-import: allowed
      g: ['h', 'x'],
      h: ['i'],
      i: ['j'],
      j: ['g', 'a'], // a 4-cycle, also pointing into the 3-cycle and at a missing node
    });
    expect(largeComponents(g)).toEqual([
      ['g', 'h', 'i', 'j'],
      ['a', 'b', 'c'],
    ]);
    expect(largeComponents(g, 3)).toEqual([['g', 'h', 'i', 'j']]);
    expect(largeComponents(g, 1)).toEqual([
      ['g', 'h', 'i', 'j'],
      ['a', 'b', 'c'],
      ['d', 'e'],
    ]);
  });

  it('finds two cycles joined by a shared file as one component, and an acyclic graph as none', () => {
    expect(largeComponents(graph({ a: ['b'], b: ['a', 'c'], c: ['d'], d: ['b'] }))).toEqual([['a', 'b', 'c', 'd']]);
    expect(largeComponents(graph({ a: ['b', 'c'], b: ['c'], c: [] }))).toEqual([]);
  });

  it('handles a 20,000-file cycle without overflowing the stack', () => {
    const n = 20_000;
    const g = new Map(Array.from({ length: n }, (_, i) => [`m${i}`, [`m${(i + 1) % n}`]] as [string, string[]]));
    const [scc] = largeComponents(g);
    expect(scc.length).toBe(n);
  });
});

describe('importGraph', () => {
  it('keeps project files and drops packages, Node built-ins and unresolved imports', () => {
    const dep = (resolved: string, o: { coreModule?: boolean; couldNotResolve?: boolean } = {}) => ({
      resolved,
      coreModule: false,
      couldNotResolve: false,
      ...o,
    });
    const r: CruiseResult = {
      modules: [
        {
          source: 'a.ts',
          dependencies: [
            dep('b.ts'),
            dep('node:fs', { coreModule: true }),
            dep('node_modules/zod/index.js'),
            dep('nope', { couldNotResolve: true }),
          ],
        },
        { source: 'b.ts', dependencies: [dep('a.ts')] },
        { source: 'node_modules/zod/index.js', dependencies: [] },
      ],
      summary: { violations: [], totalCruised: 3, totalDependenciesCruised: 5 },
    };
    expect([...importGraph(r)]).toEqual([
      ['a.ts', ['b.ts']],
      ['b.ts', ['a.ts']],
    ]);
  });
});
