/** `node:url` in the browser bundle: the two conversions between file URLs and paths the modules make. */
export function fileURLToPath(url: string | URL): string {
  return decodeURIComponent(new URL(String(url)).pathname);
}

export function pathToFileURL(path: string): URL {
  return new URL(`file://${encodeURI(path)}`);
}
