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

/**
 * The host people and partner systems are shown for a service bound to `host`: `localhost` for
 * the IPv4 loopback or a wildcard, so the console, its token endpoint and the issuer in every
 * token name one host offline (issue 36); any other host as it is.
 */
export const publicHost = (host: string): string =>
  host === '127.0.0.1' || host === '0.0.0.0' || host === '::' || host === ''
    ? 'localhost'
    : urlHost(host);

/**
 * A service's URL as partner systems are shown it: its host through `publicHost`, so a console
 * given a stand-in's loopback address (`COGNITO_ENDPOINT=http://127.0.0.1:9229`, no public URL)
 * names it as the stand-in names itself.
 */
export const publicUrlOf = (url: string): string => {
  const parsed = new URL(url);
  const host = parsed.hostname.replace(/^\[(.*)\]$/u, '$1');
  const named = publicHost(host);
  if (named === urlHost(host)) return url;
  parsed.hostname = named;
  return parsed.toString().replace(/\/$/u, url.endsWith('/') ? '/' : '');
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
