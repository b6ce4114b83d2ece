#!/usr/bin/env node
// Entry point of the `merlin` command. In the repository (the TypeScript sources beside it) it registers the
// TypeScript loader (tsx, a development dependency) and runs cli/main.ts; in the installed npm package, which
// ships no sources, it runs the compiled dist/cli/main.js with plain Node.
import { existsSync } from 'node:fs';

const source = new URL('../cli/main.ts', import.meta.url);
if (existsSync(source)) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(source.href);
} else {
  await import(new URL('../dist/cli/main.js', import.meta.url).href);
}
