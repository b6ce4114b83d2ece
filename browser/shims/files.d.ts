/** The bundle's data files (tools/build-browser.ts generates the module): virtual path -> text or bytes. */
declare module 'merlin-gym:files' {
  export const FILES: Record<string, string | Uint8Array>;
}

/** path-browserify (CommonJS, no types of its own): Node's posix path module. */
declare module 'path-browserify' {
  import type { posix as nodePosix } from 'node:path';
  export const posix: typeof nodePosix;
}
