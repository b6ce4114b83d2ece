/**
 * The bridge server's default address and limits (docs/PROTOCOL.md "Limits"), in one place for the server
 * (bridge/server.ts) and the `merlin serve` flags (cli/options.ts). Units: bytes for frames, seconds for the
 * idle timeout, counts otherwise.
 */
export const SERVER_DEFAULTS = {
  host: '127.0.0.1',
  port: 8765,
  /** Largest frame a client may send, in bytes. */
  maxFrameBytes: 1 << 20,
  /** Most envs one connection may hold. */
  maxEnvs: 1024,
  /** Most envs all connections together may hold: the memory budget (about 0.1 MiB per 6-player single-mode env, sparse frames). */
  maxTotalEnvs: 4096,
  /** Seconds without a message before a connection is closed (0: never). */
  idleTimeoutS: 300,
  /** Most simultaneous connections. */
  maxClients: 256,
  /** Most requests waiting for their answer on one connection. */
  maxPending: 1024,
  allowAgentPaths: false,
  /** Envs freed since the last full garbage collection that trigger the next one (bridge/server.ts `release`). */
  reclaimAfterEnvs: 256,
  /** Milliseconds after the last release before that collection runs. */
  reclaimDelayMs: 2000,
};
