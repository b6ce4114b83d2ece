/**
 * Assemble lib/simd.wat (the SIMD kernels) into lib/simd-wasm.ts, the module's bytes as base64, so that the
 * kernels load without a build step or a file read (also in a browser bundle). wabt (a devDependency) is
 * only needed here; lib/test checks that the committed bytes are this file's output.
 *
 *   npx tsx tools/gen-simd.ts           write lib/simd-wasm.ts
 *   npx tsx tools/gen-simd.ts --check   exit 1 when lib/simd-wasm.ts is out of date
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import wabtInit from 'wabt';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const WAT_PATH = join(root, 'lib', 'simd.wat');
export const OUT_PATH = join(root, 'lib', 'simd-wasm.ts');

/** The text of lib/simd-wasm.ts for the current lib/simd.wat. */
export async function generatedSimdModule(): Promise<string> {
  const wabt = await wabtInit();
  const mod = wabt.parseWat('simd.wat', readFileSync(WAT_PATH, 'utf8'), { simd: true, bulk_memory: true });
  try {
    mod.validate();
    const bytes = mod.toBinary({}).buffer;
    const b64 = Buffer.from(bytes).toString('base64');
    const lines = b64.match(/.{1,100}/g) ?? [];
    return (
      '// Generated from lib/simd.wat by `npx tsx tools/gen-simd.ts`; do not edit.\n' +
      `/** The WebAssembly module of lib/simd.wat (${bytes.length} bytes), base64. */\n` +
      'export const SIMD_WASM_BASE64 =\n' +
      lines.map((l, i) => `  '${l}'${i === lines.length - 1 ? ';' : ' +'}`).join('\n') +
      '\n'
    );
  } finally {
    mod.destroy();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const text = await generatedSimdModule();
  if (process.argv.includes('--check')) {
    const same = readFileSync(OUT_PATH, 'utf8') === text;
    console.log(same ? 'lib/simd-wasm.ts is up to date' : 'lib/simd-wasm.ts is out of date: run npx tsx tools/gen-simd.ts');
    process.exit(same ? 0 : 1);
  }
  writeFileSync(OUT_PATH, text);
  console.log(`wrote ${OUT_PATH}`);
}
