import { setTimeout as delay } from 'node:timers/promises';
import { registryImportPartKey } from '../data-model';
import type { ImportPart, ImportStaging } from '../core/ports/registry-imports';
import { type DynamoSource } from './clients/dynamodb';
import { DynamoTable } from './dynamodb-table';
import { importPartSchema } from './registry-schemas';

/** A staged part is kept a day (TTL): far longer than any import takes. */
const STAGED_SECONDS = 24 * 60 * 60;
/** An item holds 400 KB; a part near that is a programming error (parts are ~40 records). */
const MAX_PART_BYTES = 350_000;
const BATCH = 25;

/** An import's parts in the main table, `REGISTRY#IMPORT#<importId>` (data-model.ts). */
export class DynamoImportStaging extends DynamoTable implements ImportStaging {
  constructor(
    client: DynamoSource,
    tableName: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    super(client, tableName);
  }

  async stage(importId: string, parts: readonly ImportPart[]): Promise<void> {
    const expiresAt = Math.floor(this.now().getTime() / 1000) + STAGED_SECONDS;
    const requests = parts.map((part, i) => {
      if (JSON.stringify(part).length > MAX_PART_BYTES) {
        throw new Error(`registry import: part ${String(i)} is too large to stage`);
      }
      return { PutRequest: { Item: { ...registryImportPartKey(importId, i), part, expiresAt } } };
    });
    await this.batchWrite(requests);
  }

  async part(importId: string, index: number): Promise<ImportPart | null> {
    const item = await this.getItem(registryImportPartKey(importId, index));
    if (item === undefined) return null;
    const parsed = importPartSchema.safeParse(item.part);
    if (!parsed.success) {
      throw new Error(`registry import ${importId}: part ${String(index)} is not staged`);
    }
    return parsed.data;
  }

  async clear(importId: string, count: number): Promise<void> {
    await this.batchWrite(
      Array.from({ length: count }, (_, i) => ({
        DeleteRequest: { Key: registryImportPartKey(importId, i) },
      })),
    );
  }

  /** BatchWriteItem in batches of 25, asking again for what was left unprocessed. */
  private async batchWrite(requests: Record<string, unknown>[]): Promise<void> {
    const { client, sdk } = await this.db();
    for (let i = 0; i < requests.length; i += BATCH) {
      let pending = requests.slice(i, i + BATCH);
      for (let round = 0; pending.length > 0; round += 1) {
        if (round > 0) await delay(20 * 2 ** Math.min(round, 5));
        const out = await client.send(
          new sdk.BatchWriteCommand({ RequestItems: { [this.tableName]: pending } }),
        );
        pending = out.UnprocessedItems?.[this.tableName] ?? [];
      }
    }
  }
}
