import {
  distributionListsOf,
  type DistributionPage,
  type DistributionRecord,
  type DistributionStore,
} from '../core/ports/distributions';
import { batchGetAll, isConditionFailure } from './clients/dynamodb';
import { DynamoTable } from './dynamodb-table';

/**
 * Distributions in the documents table (issue 35 part D): the record under `DIST#<id>`, its
 * place in each list under `DISTLIST#<list>` (sk `<createdAt>#<id>`), and, while not closed,
 * under `DISTOPEN` for the reminder pass. The list entries are written in batches of 25 (a
 * distribution to 500 sites is in up to 502 lists), after the record: an entry names a record.
 */
const recordKey = (id: string) => ({ pk: `DIST#${id}`, sk: 'DIST' });
const sortKeyOf = (r: Pick<DistributionRecord, 'createdAt' | 'distributionId'>) =>
  `${r.createdAt}#${r.distributionId}`;
const OPEN_PK = 'DISTOPEN';
const BATCH = 25;

const idOf = (sk: unknown): string => (typeof sk === 'string' ? sk.slice(sk.indexOf('#') + 1) : '');
const KEY_ATTRIBUTES: ReadonlySet<string> = new Set(['pk', 'sk']);
/** An item's fields without its keys: the record it was written from (this adapter's own). */
const recordOf = (item: Record<string, unknown>): DistributionRecord =>
  Object.fromEntries(
    Object.entries(item).filter(([name]) => !KEY_ATTRIBUTES.has(name)),
  ) as unknown as DistributionRecord;

export class DynamoDistributionStore extends DynamoTable implements DistributionStore {
  async get(distributionId: string): Promise<DistributionRecord | null> {
    const item = await this.getItem(recordKey(distributionId));
    return item === undefined ? null : recordOf(item);
  }

  async getMany(ids: readonly string[]): Promise<DistributionRecord[]> {
    const items = await batchGetAll(
      await this.db(),
      this.tableName,
      ids.map(recordKey),
      'distributions',
    );
    const byId = new Map(items.map((i) => [recordOf(i).distributionId, recordOf(i)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  async create(record: DistributionRecord): Promise<void> {
    if (!(await this.putIfNew({ ...record, ...recordKey(record.distributionId) }))) {
      throw new Error(`distribution ${record.distributionId} exists`);
    }
    const sk = sortKeyOf(record);
    const entries = [
      ...distributionListsOf(record).map((list) => ({ pk: `DISTLIST#${list}`, sk })),
      ...(record.closed ? [] : [{ pk: OPEN_PK, sk }]),
    ];
    await this.batchPut(entries.map((e) => ({ ...e, distributionId: record.distributionId })));
  }

  async update(next: DistributionRecord, expectedRevision: number): Promise<boolean> {
    const { client, sdk } = await this.db();
    try {
      await client.send(
        new sdk.PutCommand({
          TableName: this.tableName,
          Item: { ...next, ...recordKey(next.distributionId) },
          ConditionExpression: 'revision = :revision',
          ExpressionAttributeValues: { ':revision': expectedRevision },
        }),
      );
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
    if (next.closed) {
      // Idempotent: closed again (or the entry gone already) changes nothing.
      await client.send(
        new sdk.DeleteCommand({
          TableName: this.tableName,
          Key: { pk: OPEN_PK, sk: sortKeyOf(next) },
        }),
      );
    }
    return true;
  }

  page(list: string, limit: number, after?: string): Promise<DistributionPage> {
    return this.query(`DISTLIST#${list}`, limit, false, after);
  }

  open(limit: number, after?: string): Promise<DistributionPage> {
    return this.query(OPEN_PK, limit, true, after);
  }

  private async query(
    pk: string,
    limit: number,
    forward: boolean,
    after?: string,
  ): Promise<DistributionPage> {
    const { client, sdk } = await this.db();
    const out = await client.send(
      new sdk.QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ScanIndexForward: forward,
        Limit: limit,
        ...(after === undefined ? {} : { ExclusiveStartKey: { pk, sk: after } }),
      }),
    );
    const items = out.Items ?? [];
    const last: unknown = out.LastEvaluatedKey?.sk;
    return {
      ids: items.map((i) => idOf(i.sk)),
      next: typeof last === 'string' ? last : null,
    };
  }

  /** BatchWriteItem in batches of 25, asking again for what was left unprocessed. */
  private async batchPut(items: Record<string, unknown>[]): Promise<void> {
    const { client, sdk } = await this.db();
    for (let i = 0; i < items.length; i += BATCH) {
      let pending: Record<string, unknown>[] = items
        .slice(i, i + BATCH)
        .map((Item) => ({ PutRequest: { Item } }));
      for (let round = 0; pending.length > 0; round += 1) {
        if (round > 0) await new Promise((r) => setTimeout(r, 20 * 2 ** Math.min(round, 5)));
        const out = await client.send(
          new sdk.BatchWriteCommand({ RequestItems: { [this.tableName]: pending } }),
        );
        pending = out.UnprocessedItems?.[this.tableName] ?? [];
      }
    }
  }
}
