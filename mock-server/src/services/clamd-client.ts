import { connect, type Socket } from 'node:net';

/**
 * A small client of clamd's socket protocol (`zPING`, `zVERSION`, `zINSTREAM`), ours rather than
 * the `clamscan` package's: measured on an 80 MB stream, clamscan 2.4 grew the process by 88 MB
 * (its scanStream writes every chunk to the socket without waiting for it to drain, so a file is
 * held in memory while clamd reads it) and it logs socket errors to the console itself; this one
 * waits for the socket to drain after every chunk (`docs/malware-scan.md`, measured there too).
 */

/** Where clamd listens: its unix socket (LocalSocket), or TCP (TCPSocket/TCPAddr). */
export type ClamdAddress = { socket: string } | { host: string; port: number };

export interface ClamdClientOptions {
  address: ClamdAddress;
  /** Connect plus any silence of clamd longer than this ends the command. Default 30 s. */
  timeoutMs?: number;
  /** INSTREAM chunk size. Default 64 KiB. */
  chunkBytes?: number;
  /**
   * The most bytes sent in one INSTREAM; more is refused here before clamd's StreamMaxLength
   * would. Default 100 MiB (clamd's StreamMaxLength in the generated clamd.conf).
   */
  maxBytes?: number;
}

export type ClamdVerdict = { infected: false } | { infected: true; signature: string };

export type ClamdErrorCode = 'connect' | 'timeout' | 'size-limit' | 'engine' | 'protocol';

/** Why a command did not give an answer; `code` says what kind of failure it was. */
export class ClamdError extends Error {
  readonly code: ClamdErrorCode;
  constructor(code: ClamdErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ClamdError';
    this.code = code;
  }
}

export interface ClamdClient {
  /** Resolves when clamd answers PONG. */
  ping(): Promise<void>;
  /** clamd's version line, e.g. "ClamAV 1.4.6/0/Thu Jan  1 00:00:00 1970". */
  version(): Promise<string>;
  /** Streams the bytes to clamd (INSTREAM) and reads its verdict. */
  scan(body: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<ClamdVerdict>;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_CHUNK_BYTES = 64 * 1024;
export const DEFAULT_MAX_SCAN_BYTES = 100 * 1024 * 1024;

/** `stream: OK`, `stream: <signature> FOUND`, `<what> ERROR` (the `z` commands end with NUL). */
export const parseScanReply = (reply: string): ClamdVerdict => {
  const line = reply.replace(/\0+$/, '').trim();
  if (/^stream: OK$/.test(line)) return { infected: false };
  const found = /^stream: (.+) FOUND$/.exec(line);
  if (found?.[1] !== undefined) return { infected: true, signature: found[1] };
  if (/size limit exceeded/i.test(line)) {
    throw new ClamdError('size-limit', `clamd refused the stream: ${line}`);
  }
  if (line.endsWith('ERROR')) throw new ClamdError('engine', `clamd could not scan: ${line}`);
  throw new ClamdError('protocol', `clamd answered something unexpected: ${JSON.stringify(line)}`);
};

const describe = (address: ClamdAddress): string =>
  'socket' in address ? address.socket : `${address.host}:${String(address.port)}`;

/**
 * One connection per command (clamd's IDSESSION is not needed at this rate): open, write the
 * command, let `send` write the body, read the reply up to its NUL or the end of the connection.
 */
const command = (
  options: Required<Pick<ClamdClientOptions, 'address' | 'timeoutMs'>>,
  name: string,
  send?: (socket: Socket) => Promise<void>,
): Promise<string> =>
  new Promise((resolve, reject) => {
    const socket =
      'socket' in options.address
        ? connect({ path: options.address.socket })
        : connect({ host: options.address.host, port: options.address.port });
    const chunks: Buffer[] = [];
    let connected = false;
    let settled = false;
    const finish = (err: Error | undefined) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      if (err) reject(err);
      else resolve(Buffer.concat(chunks).toString('utf8'));
    };
    socket.setTimeout(options.timeoutMs, () => {
      finish(
        new ClamdError(
          'timeout',
          `clamd at ${describe(options.address)} did not answer ${name} within ${String(options.timeoutMs)} ms`,
        ),
      );
    });
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      // A z-command's reply ends with NUL; clamd may answer before the body is all sent (an
      // error, a size limit): the reply wins over whatever the writing side then meets.
      if (chunk.includes(0)) finish(undefined);
    });
    socket.on('end', () => {
      finish(undefined);
    });
    socket.on('error', (err) => {
      if (chunks.length > 0) {
        finish(undefined);
        return;
      }
      const code = connected ? 'protocol' : 'connect';
      finish(
        new ClamdError(code, `clamd at ${describe(options.address)}: ${err.message}`, {
          cause: err,
        }),
      );
    });
    socket.on('connect', () => {
      connected = true;
      socket.write(`z${name}\0`);
      if (send === undefined) return;
      send(socket).catch((err: unknown) => {
        finish(err instanceof Error ? err : new Error(String(err)));
      });
    });
  });

const write = (socket: Socket, bytes: Uint8Array): Promise<void> =>
  new Promise((resolve, reject) => {
    if (socket.destroyed) {
      resolve(); // the reply (or its absence) says why; see command()
      return;
    }
    const ok = socket.write(bytes, (err) => {
      if (err) reject(err);
    });
    if (ok) {
      resolve();
      return;
    }
    // Back-pressure: the next chunk is read only once clamd has taken this one.
    const onDrain = () => {
      socket.off('close', onDrain);
      resolve();
    };
    socket.once('drain', onDrain);
    socket.once('close', onDrain);
  });

const lengthOf = (n: number): Buffer => {
  const prefix = Buffer.alloc(4);
  prefix.writeUInt32BE(n);
  return prefix;
};

export const createClamdClient = (options: ClamdClientOptions): ClamdClient => {
  const base = { address: options.address, timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS };
  const chunkBytes = options.chunkBytes ?? DEFAULT_CHUNK_BYTES;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_SCAN_BYTES;
  return {
    async ping() {
      const reply = (await command(base, 'PING')).replace(/\0+$/, '').trim();
      if (reply !== 'PONG') {
        throw new ClamdError('protocol', `clamd answered PING with ${JSON.stringify(reply)}`);
      }
    },
    async version() {
      const reply = (await command(base, 'VERSION')).replace(/\0+$/, '').trim();
      if (!reply.startsWith('ClamAV ')) {
        throw new ClamdError('protocol', `clamd answered VERSION with ${JSON.stringify(reply)}`);
      }
      return reply;
    },
    async scan(body) {
      const reply = await command(base, 'INSTREAM', async (socket) => {
        let sent = 0;
        for await (const piece of body) {
          for (let at = 0; at < piece.byteLength; at += chunkBytes) {
            const chunk = piece.subarray(at, Math.min(at + chunkBytes, piece.byteLength));
            sent += chunk.byteLength;
            if (sent > maxBytes) {
              throw new ClamdError(
                'size-limit',
                `the stream is larger than the ${String(maxBytes)} bytes clamd is given at most`,
              );
            }
            await write(socket, lengthOf(chunk.byteLength));
            await write(socket, chunk);
          }
        }
        await write(socket, lengthOf(0));
      });
      return parseScanReply(reply);
    },
  };
};
