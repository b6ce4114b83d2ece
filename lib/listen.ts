/**
 * Listening on a TCP port, for the servers a person starts (`merlin serve`, `merlin play`): a port another program
 * holds is a PortInUseError that names it and suggests `--port 0`, not Node's EADDRINUSE stack trace; a port this
 * user may not open or a host that is not this machine's is an ArgumentError saying so.
 */
import type { Server } from 'node:net';
import { ArgumentError, PortInUseError } from './errors.ts';

/**
 * `server.listen(port, host)`, resolved once it listens.
 * @param port 0 for any free port
 * @throws PortInUseError when the port is taken; ArgumentError when it may not be opened (EACCES) or `host` is not
 *   an address of this machine (EADDRNOTAVAIL); any other listen error as Node gives it
 */
export function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const fail = (e: NodeJS.ErrnoException) => {
      if (e.code === 'EADDRINUSE') reject(new PortInUseError(port, host));
      else if (e.code === 'EACCES')
        reject(
          new ArgumentError(`port ${port} on ${host} may not be opened by this user: choose one above 1023 (--port 0: any free port)`),
        );
      else if (e.code === 'EADDRNOTAVAIL')
        reject(new ArgumentError(`${host} is not an address of this machine: choose another --host (127.0.0.1 serves this machine only)`));
      else reject(e);
    };
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      resolve();
    });
  });
}
