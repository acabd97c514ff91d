export interface StoredObject {
  key: string;
  size: number;
  lastModified: Date;
}

/** The object store port (S3): one bucket per instance. */
export interface ObjectStore {
  put(key: string, body: string | Uint8Array, contentType: string): Promise<void>;
  /** The object's bytes, or null when there is none. */
  get(key: string): Promise<Uint8Array | null>;
  list(
    prefix: string,
    cursor?: string,
  ): Promise<{ objects: StoredObject[]; nextCursor: string | null }>;
}
