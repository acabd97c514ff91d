import type { Server } from 'node:http';

/** Something the stack started and must stop. */
export interface Stoppable {
  stop(): Promise<void>;
}

/** The host to put in URLs: a wildcard bind address is reached through the loopback. */
export const urlHost = (host: string): string => {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
};

/** Listens and resolves with the port really bound (port 0 picks a free one). */
export const listen = (server: Server, port: number, host: string): Promise<number> =>
  new Promise((resolve, reject) => {
    const onError = (err: Error) => {
      reject(err);
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address !== null ? address.port : port);
    });
  });

/** Stops accepting, drops idle keep-alive sockets and waits for requests in flight. */
export const closeServer = (server: Server): Promise<void> =>
  new Promise((resolve, reject) => {
    if (!server.listening) {
      resolve();
      return;
    }
    server.close((err) => {
      if (err) reject(err);
      else resolve();
    });
    server.closeIdleConnections();
  });
