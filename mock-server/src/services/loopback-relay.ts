import { connect, createServer, type Server, type Socket } from 'node:net';
import type { Stoppable } from './net';

/** Whether a URL's host name is the machine's own loopback: localhost, 127.0.0.0/8 or ::1. */
export const isLoopback = (hostname: string): boolean =>
  hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);

const portOf = (url: URL): number => Number(url.port || (url.protocol === 'https:' ? 443 : 80));

/**
 * The loopback port this process must relay to `target` so that `publicUrl` reaches the same
 * service from here as from the browser's machine, or undefined when there is none to relay:
 * a public URL on another host is reached as it is, and one that is the target's own loopback
 * address needs nothing.
 *
 * docker-compose.yml is the case: browsers reach the S3 stand-in at http://localhost:4569 (the
 * port published on the host), and a presigned link is signed for the host it names, so the
 * handlers must call S3 at that same address; inside the console's container, localhost is the
 * container itself, so the console listens there and relays to http://s3:4569 — what Docker's
 * published port does on the host.
 */
export const loopbackRelayPort = (publicUrl: string, target: string): number | undefined => {
  const from = new URL(publicUrl);
  const to = new URL(target);
  if (!isLoopback(from.hostname)) return undefined;
  if (isLoopback(to.hostname) && portOf(from) === portOf(to)) return undefined;
  if (from.protocol !== to.protocol) {
    throw new Error(
      `${publicUrl} is on this machine but ${target} is not reached over ${from.protocol.slice(0, -1)}: only the same protocol can be relayed.`,
    );
  }
  return portOf(from);
};

export interface LoopbackRelayOptions {
  /** The public URL, on a loopback host: its address and port are listened on. */
  publicUrl: string;
  /** Where connections are relayed to. */
  target: string;
}

export interface RunningRelay extends Stoppable {
  port: number;
}

const listenOn = (server: Server, port: number, host: string) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host, ipv6Only: host.includes(':') }, () => {
      server.off('error', reject);
      resolve();
    });
  });

/**
 * Listens on the public URL's loopback port and relays every connection, byte for byte, to the
 * target (the bytes are not looked at: the Host header and so the signature stay the client's).
 * For `localhost` both 127.0.0.1 and, where the machine has it, ::1 are listened on, since a
 * name lookup may give either.
 */
export const startLoopbackRelay = async (options: LoopbackRelayOptions): Promise<RunningRelay> => {
  const from = new URL(options.publicUrl);
  const to = new URL(options.target);
  const port = portOf(from);
  const target = { host: to.hostname.replace(/^\[(.*)\]$/, '$1'), port: portOf(to) };
  const hosts =
    from.hostname === 'localhost'
      ? { required: '127.0.0.1', optional: '::1' }
      : { required: from.hostname.replace(/^\[(.*)\]$/, '$1') };
  const sockets = new Set<Socket>();
  const relay = (client: Socket) => {
    const upstream = connect(target);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      // A reset on one side resets the other; an end is passed on by pipe(), after the bytes.
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
      socket.on('close', () => {
        sockets.delete(socket);
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  };
  const servers: Server[] = [];
  const stop = async () => {
    for (const socket of sockets) socket.destroy();
    await Promise.all(
      servers.map(
        (server) =>
          new Promise<void>((resolve) => {
            server.close(() => {
              resolve();
            });
          }),
      ),
    );
  };
  try {
    const required = createServer(relay);
    await listenOn(required, port, hosts.required);
    servers.push(required);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new Error(
      `${options.publicUrl} is this machine's own address, so it is relayed here to ${options.target}, but ${hosts.required}:${String(port)} could not be listened on (${reason}).`,
      { cause: err },
    );
  }
  if (hosts.optional !== undefined) {
    // No IPv6 loopback (a container without IPv6) or its port taken: 127.0.0.1 serves alone.
    const optional = createServer(relay);
    await listenOn(optional, port, hosts.optional).then(
      () => servers.push(optional),
      () => undefined,
    );
  }
  return { port, stop };
};
