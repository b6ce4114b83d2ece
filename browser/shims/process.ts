/**
 * The `process` global in the browser bundle (esbuild's `inject`): the working directory is the bundle's root, the
 * environment is empty, and what the code writes to stderr (a checkpoint's rules warning) goes to the console.
 */
export const process = {
  cwd: (): string => '/',
  env: {} as Record<string, string | undefined>,
  stderr: { write: (text: string): boolean => (console.warn(text.trimEnd()), true) },
};
