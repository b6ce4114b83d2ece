/**
 * The `merlin-gym/bridge` entry point: the WebSocket server for Python and other frontends
 * (docs/PROTOCOL.md) and the protocol's message schemas and binary layout.
 *
 *   import { startServer } from 'merlin-gym/bridge';
 *   const server = await startServer({ host: '127.0.0.1', port: 8765 });
 */
export { startServer, type RunningServer, type ServerOptions } from './server.ts';
export * from './protocol.ts';
