/**
 * `node:fs` in the browser bundle: the few synchronous reads the engines, agents and checkpoint reader make, served
 * from the files built into the bundle (`merlin-gym:files`, keyed by their virtual paths under /merlin-gym/, the
 * same places relative to the modules as in the repository). Read-only; a missing file throws an error with code
 * ENOENT, as Node's would, so the callers' own typed errors (RulesetError, CheckpointError) name it.
 */
import { FILES } from 'merlin-gym:files';
import { posix } from 'path-browserify';

const key = (path: string) => posix.resolve('/', String(path));

function missing(path: string): Error {
  return Object.assign(new Error(`ENOENT: no such file in the browser bundle, open '${path}'`), { code: 'ENOENT' });
}

/** The file's text (any `encoding` argument) or, without one, its bytes. @throws an ENOENT error */
export function readFileSync(path: string, encoding?: unknown): string | Uint8Array {
  const f = FILES[key(path)];
  if (f === undefined) throw missing(path);
  if (encoding) return typeof f === 'string' ? f : new TextDecoder().decode(f);
  return typeof f === 'string' ? new TextEncoder().encode(f) : f;
}

/** True for a file of the bundle or a folder holding one. */
export function existsSync(path: string): boolean {
  const k = key(path);
  return k in FILES || Object.keys(FILES).some((f) => f.startsWith(k.endsWith('/') ? k : `${k}/`));
}

/** A file's size and a fixed modification time (the bundle's files never change). @throws an ENOENT error */
export function statSync(path: string): { size: number; mtimeMs: number; isFile: () => boolean } {
  const f = FILES[key(path)];
  if (f === undefined) throw missing(path);
  return { size: typeof f === 'string' ? f.length : f.byteLength, mtimeMs: 0, isFile: () => true };
}

/** The names of the bundle's files and folders directly in folder `path` (as Node's, unsorted). @throws an ENOENT error */
export function readdirSync(path: string): string[] {
  const k = key(path);
  const dir = k.endsWith('/') ? k : `${k}/`;
  const names = new Set<string>();
  for (const f of Object.keys(FILES)) if (f.startsWith(dir)) names.add(f.slice(dir.length).split('/')[0]);
  if (names.size === 0) throw missing(path);
  return [...names];
}
