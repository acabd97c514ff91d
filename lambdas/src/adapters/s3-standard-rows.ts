import { createHash } from 'node:crypto';
import * as z from 'zod';
import type { MappingRow } from '@ccsc/contract/standard-rows';
import { mappingRowSchema } from '@ccsc/contract/standards';
import type { ObjectStore } from '../core/ports/object-store';
import type { StandardRowsStore } from '../core/ports/standard-rows';

const rowsSchema = z.lazy(() => z.array(mappingRowSchema));

/**
 * The rows as the document stored for them, and its key, `standards/<standardId>/rows/<sha256>.json`
 * (the SHA-256 of the document): the same rows always give the same key and the same bytes.
 */
export const standardRowsDocument = (
  standardId: string,
  rows: readonly MappingRow[],
): { key: string; body: string } => {
  const body = JSON.stringify(rows);
  const hash = createHash('sha256').update(body).digest('hex');
  return { key: `standards/${standardId}/rows/${hash}.json`, body };
};

/** The key the rows are stored at (what a version record names as its `rowsKey`). */
export const standardRowsKey = (standardId: string, rows: readonly MappingRow[]): string =>
  standardRowsDocument(standardId, rows).key;

/** The rows as JSON in the object store, at `standards/<standardId>/rows/<sha256>.json`. */
export class ObjectStandardRows implements StandardRowsStore {
  constructor(private readonly objects: Pick<ObjectStore, 'put' | 'get'>) {}

  async put(standardId: string, rows: readonly MappingRow[]): Promise<string> {
    const { key, body } = standardRowsDocument(standardId, rows);
    await this.objects.put(key, body, 'application/json');
    return key;
  }

  async get(key: string): Promise<MappingRow[]> {
    const bytes = await this.objects.get(key);
    if (bytes === null) throw new Error(`The rows ${key} are missing from the artifacts bucket.`);
    return rowsSchema.parse(JSON.parse(Buffer.from(bytes).toString('utf8')));
  }
}
