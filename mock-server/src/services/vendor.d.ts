// The few parts of dynalite and s3rver the stack uses; neither ships type declarations.

declare module 'dynalite' {
  import type { Server } from 'node:http';

  export interface DynaliteOptions {
    /** LevelDB directory; in-memory when absent. */
    path?: string;
    createTableMs?: number;
    deleteTableMs?: number;
    updateTableMs?: number;
    maxItemSizeKb?: number;
    verbose?: boolean;
    debug?: boolean;
  }

  /** An http.Server whose close() also closes the LevelDB store. */
  export default function dynalite(options?: DynaliteOptions): Server;
}

declare module 's3rver' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  import type { AddressInfo } from 'node:net';

  export interface S3rverOptions {
    address?: string;
    port?: number;
    directory?: string;
    silent?: boolean;
    serviceEndpoint?: string;
    vhostBuckets?: boolean;
    allowMismatchedSignatures?: boolean;
    resetOnClose?: boolean;
  }

  export interface ListedObject {
    key: string;
  }

  export interface ListObjectsResult {
    objects: ListedObject[];
    commonPrefixes: string[];
    isTruncated: boolean;
  }

  export interface S3rverStore {
    listObjects(bucket: string, options: Record<string, unknown>): Promise<ListObjectsResult>;
    /** `object` is an S3Object (s3rver/lib/models/object.js); its content streams in. */
    putObject(object: {
      content: Buffer | NodeJS.ReadableStream | AsyncIterable<Buffer> | null;
    }): Promise<unknown>;
  }

  /** The part of Koa's context the stack's middleware touches. */
  export interface S3rverContext {
    method: string;
    path: string;
    query: Record<string, string | string[] | undefined>;
    body: unknown;
    store: S3rverStore;
    app: { store: S3rverStore };
    /** Koa's: a request header's value, '' when absent. */
    get(field: string): string;
  }

  export type S3rverMiddleware = ((
    ctx: S3rverContext,
    next: () => Promise<void>,
  ) => Promise<void> | void) & { router?: unknown };

  /** A Koa application. */
  export default class S3rver {
    constructor(options?: S3rverOptions);
    /** The store the controllers use (`ctx.app.store`), and `ctx.store` through Koa's context. */
    store: S3rverStore;
    context: { store: S3rverStore };
    /** Koa's middleware stack, in order; composed when the server starts listening. */
    middleware: S3rverMiddleware[];
    /** Koa's request listener. */
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
    /**
     * Koa's EventEmitter: 'event' carries an S3 event notification (`{ Records: [...] }`) for
     * every object created (ObjectCreated:Put/Post/Copy) or deleted.
     */
    on(event: 'event', listener: (notification: unknown) => void): this;
  }
}

declare module 's3rver/lib/models/account.js' {
  export const DUMMY_ACCOUNT: {
    createKeyPair(accessKeyId: string, secretAccessKey: string): void;
  };
}

declare module 's3rver/lib/models/error.js' {
  export default class S3Error extends Error {
    constructor(code: string, message: string, detail?: Record<string, unknown>);
  }
}

declare module 's3rver/lib/models/object.js' {
  import type { Readable } from 'node:stream';

  /** An object as the controllers hand it to the store. */
  export default class S3Object {
    /** Keeps the allowed headers of `metadata` (content-type defaulted) and x-amz-meta-*. */
    constructor(
      bucket: string,
      key: string,
      content: Buffer | Readable | AsyncIterable<Buffer> | null,
      metadata: Record<string, unknown>,
    );
    bucket: string;
    key: string;
    content: Buffer | Readable | AsyncIterable<Buffer> | null;
    metadata: Record<string, string>;
    /** The headers stored with an object, beside x-amz-meta-*. */
    static ALLOWED_METADATA: string[];
  }
}

declare module 's3rver/lib/stores/filesystem.js' {
  import type { Readable } from 'node:stream';
  import type { ListObjectsResult } from 's3rver';
  import type S3Object from 's3rver/lib/models/object.js';

  export interface StoredObject {
    size: number;
    md5: string;
  }

  /** s3rver's store: one file per object body, beside it `.md5` and `metadata.json`. */
  export default class FilesystemStore {
    constructor(rootDirectory: string);
    /** `<root>/<bucket>/<key dirs>/<key name>._S3rver_<resource>`. */
    getResourcePath(bucket: string, key: string | undefined, resource: string): string;
    getMetadata(bucket: string, key: string): Promise<Record<string, unknown>>;
    putMetadata(
      bucket: string,
      key: string,
      metadata: Record<string, unknown>,
      md5?: string,
    ): Promise<void>;
    listObjects(bucket: string, options: Record<string, unknown>): Promise<ListObjectsResult>;
    putObject(object: S3Object): Promise<StoredObject>;
    copyObject(
      srcBucket: string,
      srcKey: string,
      destBucket: string,
      destKey: string,
      replacementMetadata?: Record<string, unknown>,
    ): Promise<Record<string, unknown>>;
    initiateUpload(
      bucket: string,
      key: string,
      uploadId: string,
      metadata: Record<string, unknown>,
    ): Promise<void>;
    putPart(
      bucket: string,
      uploadId: string,
      partNumber: number | string,
      content: Readable,
    ): Promise<StoredObject>;
    putObjectMultipart(
      bucket: string,
      uploadId: string,
      parts: { number: number; etag: string }[],
    ): Promise<StoredObject>;
    putSubresource(
      bucket: string,
      key: string | undefined,
      resource: { type: string; toXML(space?: number): string },
    ): Promise<void>;
  }
}
