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
  }

  /** The part of Koa's context the stack's middleware touches. */
  export interface S3rverContext {
    method: string;
    path: string;
    query: Record<string, string | string[] | undefined>;
    body: unknown;
    store: S3rverStore;
    app: { store: S3rverStore };
  }

  export type S3rverMiddleware = ((
    ctx: S3rverContext,
    next: () => Promise<void>,
  ) => Promise<void> | void) & { router?: unknown };

  /** A Koa application. */
  export default class S3rver {
    constructor(options?: S3rverOptions);
    /** Koa's middleware stack, in order; composed when the server starts listening. */
    middleware: S3rverMiddleware[];
    /** Koa's request listener. */
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
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
