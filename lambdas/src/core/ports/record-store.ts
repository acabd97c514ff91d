/** A record of the key-value store; `pk`/`sk` form its key. */
export interface StoredRecord {
  pk: string;
  sk: string;
  [attribute: string]: unknown;
}

export interface RecordPage {
  items: StoredRecord[];
  nextCursor: string | null;
}

export interface QueryOptions {
  skPrefix?: string;
  limit?: number;
  cursor?: string;
  /** Newest (highest sk) first. */
  descending?: boolean;
}

/** The record store port (DynamoDB). Callers parse what they read with their own schema. */
export interface RecordStore {
  get(pk: string, sk: string): Promise<StoredRecord | null>;
  /** Writes a record; with `onlyIfNew` a record with the same key makes it throw ConflictError. */
  put(record: StoredRecord, options?: { onlyIfNew?: boolean }): Promise<void>;
  query(pk: string, options?: QueryOptions): Promise<RecordPage>;
}
