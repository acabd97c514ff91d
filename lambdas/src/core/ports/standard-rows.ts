import type { MappingRow } from '@ccsc/contract/standard-rows';

/**
 * Where a standard version's rows are kept (S3, the artifacts bucket): one JSON document per
 * distinct set of rows, named by its SHA-256 — the same rows always have the same key, a key
 * always means the same rows, and storing them again changes nothing. A version record names its
 * rows by that key, so a write cut short leaves at most an unnamed document behind, never a
 * version pointing at rows that are not there.
 */
export interface StandardRowsStore {
  /** Stores the rows (if not there already) and gives their key. */
  put(standardId: string, rows: readonly MappingRow[]): Promise<string>;
  /** The rows under the key; throws when they are missing (a version always has its rows). */
  get(key: string): Promise<MappingRow[]>;
}
