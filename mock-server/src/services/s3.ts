import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { crc32 } from 'node:zlib';
import S3rver, { type S3rverContext, type S3rverMiddleware, type S3rverStore } from 's3rver';
import { DUMMY_ACCOUNT } from 's3rver/lib/models/account.js';
import S3Error from 's3rver/lib/models/error.js';
import type S3Object from 's3rver/lib/models/object.js';
import { LOCAL_CREDENTIALS } from './aws-local';
import { closeServer, listen, type Stoppable, urlHost } from './net';
import { AtomicFilesystemStore } from './s3-store';

/**
 * ListObjectsV2 continuation tokens. s3rver 3.7.1 makes them with single DES (createCipheriv
 * 'des', a fixed key, a random IV; `<region>/<bucket>/<last key>` inside), which OpenSSL 3 only
 * offers in its legacy provider: on Node 17+ every truncated listing and every continued one throws
 * "error:0308010C:digital envelope routines::unsupported". Instead of loading the legacy provider
 * for the whole process, these tokens replace s3rver's: AES-256-GCM (default provider,
 * authenticated, so a tampered token is refused), same opaque base64 shape, a fixed key so a token
 * outlives a restart as S3's do.
 */
const TOKEN_KEY = createHash('sha256').update('ccsc offline s3 continuation token').digest();
const IV_BYTES = 12;
const TAG_BYTES = 16;

export const encodeContinuationToken = (bucket: string, startAfter: string): string => {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', TOKEN_KEY, iv);
  const sealed = Buffer.concat([cipher.update(`${bucket}/${startAfter}`, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
};

/** The key to continue after, or undefined when the token is not one of ours for this bucket. */
export const decodeContinuationToken = (token: string, bucket: string): string | undefined => {
  const raw = Buffer.from(token, 'base64');
  if (raw.length <= IV_BYTES + TAG_BYTES) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', TOKEN_KEY, raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const plain = Buffer.concat([
      decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
    const prefix = `${bucket}/`;
    return plain.startsWith(prefix) ? plain.slice(prefix.length) : undefined;
  } catch {
    return undefined;
  }
};

const BUCKET_PATH = /^\/([^/]+)\/?$/;

interface ListBucketResult {
  ContinuationToken?: string;
  NextContinuationToken?: string;
  StartAfter?: string;
  IsTruncated?: boolean;
}

const listBucketResult = (body: unknown): ListBucketResult | undefined => {
  if (typeof body !== 'object' || body === null || !('ListBucketResult' in body)) return undefined;
  const result = body.ListBucketResult;
  return typeof result === 'object' && result !== null ? result : undefined;
};

/**
 * Koa middleware placed right before s3rver's router, so s3rver's DES code never runs:
 * - an incoming continuation-token is decoded here and handed to s3rver as start-after, which it
 *   handles without crypto;
 * - s3rver's store is wrapped for this request so the controller never sees a truncated result
 *   (the only case where it would mint a DES token); the truncation and the last key are noted
 *   and the response is completed with IsTruncated and our NextContinuationToken.
 * Everything else in the listing (prefix, delimiter, max-keys, owner) stays s3rver's.
 */
export const listObjectsV2Pagination: S3rverMiddleware = async (ctx, next) => {
  const bucket = BUCKET_PATH.exec(ctx.path)?.[1];
  if (ctx.method !== 'GET' || ctx.query['list-type'] !== '2' || bucket === undefined) {
    await next();
    return;
  }
  const token = ctx.query['continuation-token'];
  if (typeof token === 'string' && token !== '') {
    const startAfter = decodeContinuationToken(token, bucket);
    if (startAfter === undefined) {
      throw new S3Error('InvalidArgument', 'The continuation token provided is incorrect', {
        ArgumentName: 'continuation-token',
      });
    }
    const query: S3rverContext['query'] = { ...ctx.query, 'start-after': startAfter };
    delete query['continuation-token'];
    ctx.query = query;
  }

  const store = ctx.app.store;
  let truncatedAfter: string | undefined;
  const wrapped: S3rverStore = Object.create(store, {
    listObjects: {
      value: async (name: string, options: Record<string, unknown>) => {
        const result = await store.listObjects(name, options);
        if (!result.isTruncated) return result;
        truncatedAfter = result.objects.at(-1)?.key;
        return { ...result, isTruncated: false };
      },
    },
  }) as S3rverStore;
  ctx.store = wrapped;

  await next();

  const result = listBucketResult(ctx.body);
  if (!result) return;
  if (typeof token === 'string' && token !== '') {
    result.ContinuationToken = token;
    result.StartAfter = undefined;
  }
  if (truncatedAfter !== undefined) {
    result.IsTruncated = true;
    result.NextContinuationToken = encodeContinuationToken(bucket, truncatedAfter);
  }
};

/** The additional checksums S3 verifies on PutObject that this stand-in verifies too. */
const CHECKSUMS = {
  crc32: { name: 'CRC32', digest: () => crc32Digest() },
  sha1: { name: 'SHA1', digest: () => hashDigest('sha1') },
  sha256: { name: 'SHA256', digest: () => hashDigest('sha256') },
} as const;

interface Digest {
  update(chunk: Buffer): void;
  /** base64, as the x-amz-checksum-* values are written */
  value(): string;
}

const crc32Digest = (): Digest => {
  let crc = 0;
  return {
    update: (chunk) => {
      crc = crc32(chunk, crc);
    },
    value: () => {
      const bytes = Buffer.alloc(4);
      bytes.writeUInt32BE(crc >>> 0);
      return bytes.toString('base64');
    },
  };
};

const hashDigest = (algorithm: string): Digest => {
  const hash = createHash(algorithm);
  return { update: (chunk) => hash.update(chunk), value: () => hash.digest('base64') };
};

const OBJECT_PATH = /^\/[^/]+\/.+/;

/**
 * PutObject's additional checksum, as S3 checks it: an `x-amz-checksum-crc32` (or -sha1,
 * -sha256) header, or query parameter of a presigned URL, must be the checksum of the body that
 * arrives, else 400 BadDigest and nothing is stored. s3rver ignores them; a presigned PUT URL
 * that carries the checksum of an empty body (AWS SDK v3's default since 3.729 when nothing
 * says WHEN_REQUIRED) would then work offline and fail on S3. The body is checked as it streams
 * into the store, which renames it into place only after the last byte (s3-store.ts), so a
 * mismatch leaves the previous object as it was.
 */
export const putObjectChecksum: S3rverMiddleware = async (ctx, next) => {
  if (ctx.method !== 'PUT' || !OBJECT_PATH.test(ctx.path) || ctx.query.uploadId !== undefined) {
    await next();
    return;
  }
  const stated = (Object.keys(CHECKSUMS) as (keyof typeof CHECKSUMS)[]).flatMap((kind) => {
    const name = `x-amz-checksum-${kind}`;
    const value = ctx.get(name) || ctx.query[name];
    return typeof value === 'string' && value !== '' ? [{ kind, value }] : [];
  });
  const first = stated[0];
  if (first === undefined) {
    await next();
    return;
  }
  const expected = first;
  const store = ctx.app.store;
  ctx.store = Object.create(store, {
    putObject: {
      value: (object: S3Object) => {
        const source = object.content;
        if (source === null) return store.putObject(object);
        const body = (Buffer.isBuffer(source) ? [source] : source) as
          Iterable<Buffer> | AsyncIterable<Buffer>;
        const checksum = CHECKSUMS[expected.kind];
        const digest = checksum.digest();
        async function* checked() {
          for await (const chunk of body) {
            digest.update(chunk);
            yield chunk;
          }
          if (digest.value() !== expected.value) {
            throw new S3Error(
              'BadDigest',
              `The ${checksum.name} you specified did not match the calculated checksum.`,
            );
          }
        }
        // The same S3Object (its class kept), its content checked on the way through.
        const copy = Object.create(Object.getPrototypeOf(object) as object) as S3Object;
        return store.putObject(Object.assign(copy, object, { content: checked() }));
      },
    },
  }) as S3rverStore;
  await next();
};

export interface S3Options {
  directory: string;
  host: string;
  port: number;
  debug: boolean;
}

export interface RunningS3 extends Stoppable {
  url: string;
  port: number;
  /** Called for every object created (PUT, POST, copy, multipart completion), as S3's events. */
  onObjectCreated(listener: ObjectCreatedListener): void;
}

export type ObjectCreatedListener = (bucket: string, key: string) => void;

const field = (value: unknown, name: string): unknown => {
  if (typeof value !== 'object' || value === null) return undefined;
  const found: unknown = Reflect.get(value, name);
  return found;
};

/**
 * Bucket and key of an s3rver event notification that says an object was created. s3rver gives
 * the key as stored (S3's notifications URL-encode it; s3rver does not).
 */
export const createdObjectOf = (
  notification: unknown,
): { bucket: string; key: string } | undefined => {
  const records = field(notification, 'Records');
  const record: unknown = Array.isArray(records) ? records[0] : undefined;
  const name = field(record, 'eventName');
  const s3 = field(record, 's3');
  const bucket = field(field(s3, 'bucket'), 'name');
  const key = field(field(s3, 'object'), 'key');
  if (typeof name !== 'string' || !name.startsWith('ObjectCreated:')) return undefined;
  return typeof bucket === 'string' && typeof key === 'string' ? { bucket, key } : undefined;
};

/**
 * s3rver with its files under `directory`, written atomically by a store of ours (s3-store.ts). It
 * knows one access key (S3RVER) and refuses others with InvalidAccessKeyId, so the placeholder key
 * the rest of the stack uses is added to its dummy account. SigV4 signatures are not checked by
 * s3rver.
 */
export const startS3 = async (options: S3Options): Promise<RunningS3> => {
  DUMMY_ACCOUNT.createKeyPair(LOCAL_CREDENTIALS.accessKeyId, LOCAL_CREDENTIALS.secretAccessKey);
  const server = new S3rver({
    address: options.host,
    port: options.port,
    directory: options.directory,
    silent: !options.debug,
    // Every client here uses path-style URLs (S3_FORCE_PATH_STYLE). Left on, s3rver takes any
    // host name but localhost and an IP for a bucket's virtual host: under docker-compose.yml a
    // call to http://s3:4569/<bucket> would go to a bucket named "s3".
    vhostBuckets: false,
  });
  // The controllers reach the store as ctx.app.store and, through Koa's context, ctx.store.
  server.store = server.context.store = new AtomicFilesystemStore(options.directory);
  const routerAt = server.middleware.findIndex((m) => m.router !== undefined);
  if (routerAt === -1) throw new Error('s3rver changed: its router middleware was not found');
  server.middleware.splice(routerAt, 0, listObjectsV2Pagination, putObjectChecksum);
  // Not s3rver's run()/listen(): those leave a failed bind (EADDRINUSE) as an unhandled 'error'
  // event that ends the process, instead of a rejection the stack can report.
  const http = createServer(server.callback());
  const port = await listen(http, options.port, options.host);
  const listeners: ObjectCreatedListener[] = [];
  server.on('event', (notification) => {
    const created = createdObjectOf(notification);
    if (created) for (const listener of listeners) listener(created.bucket, created.key);
  });
  return {
    url: `http://${urlHost(options.host)}:${String(port)}`,
    port,
    onObjectCreated: (listener) => {
      listeners.push(listener);
    },
    stop: () => closeServer(http),
  };
};
