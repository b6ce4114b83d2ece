#!/usr/bin/env node
// Entry point of the `merlin` command: registers the TypeScript loader (tsx) and runs cli/main.ts.
import { register } from 'tsx/esm/api';

register();
await import('../cli/main.ts');
