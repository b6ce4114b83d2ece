/**
 * `merlin serve`: run the bridge until SIGINT/SIGTERM (or, with --stdin-lifeline, until stdin closes:
 * the Python client spawns the server that way, so it never outlives its parent).
 */
import { startServer, type ServerOptions } from './server.ts';
import { PROTOCOL_VERSION } from './protocol.ts';

export interface ServeArgs extends ServerOptions {
  json?: boolean;
  stdinLifeline?: boolean;
  quiet?: boolean;
}

export async function serve(a: ServeArgs): Promise<void> {
  const server = await startServer({ ...a, log: a.quiet ? undefined : (line) => process.stderr.write(`merlin serve: ${line}\n`) });
  const info = { url: server.url, host: server.host, port: server.port, protocol: PROTOCOL_VERSION, pid: process.pid };
  process.stdout.write(
    a.json ? JSON.stringify(info) + '\n' : `merlin serve: listening on ${server.url} (protocol ${PROTOCOL_VERSION}); Ctrl-C stops\n`,
  );
  await new Promise<void>((resolve) => {
    let stopping = false;
    const stop = () => {
      if (stopping) return;
      stopping = true;
      void server.close().then(resolve);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    if (a.stdinLifeline) {
      process.stdin.on('end', stop);
      process.stdin.on('close', stop);
      process.stdin.on('error', stop);
      process.stdin.resume();
    }
  });
  process.exit(0);
}
