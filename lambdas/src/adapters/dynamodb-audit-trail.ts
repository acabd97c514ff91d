import type { AuditReader, AuditTrail } from '../ports/audit-trail';
import {
  AUDIT_CHAIN_PK,
  type AuditChainTable,
  type ChainedRecord,
  type ChainVerdict,
  HashChainedAuditReader,
  HashChainedAuditTrail,
  type HashChainOptions,
  sortKeyOf,
  verifyChain,
} from './audit-chain';
import {
  type DynamoAccess,
  type DynamoSource,
  dynamoAccess,
  isCancelled,
  isConditionFailure,
} from './clients/dynamodb';

/**
 * The chain in the AUDIT table of data-model.ts: pk `AUDIT#chain`, sk the zero-padded sequence
 * number. Its only writes are PutItem with `attribute_not_exists(pk)` (several at once in a
 * TransactWriteItems of such puts) (every function is denied
 * UpdateItem and DeleteItem on this table); reads are strongly consistent queries, so the head
 * an append sees is the latest committed one.
 */
export class DynamoAuditChainTable implements AuditChainTable {
  private readonly db: DynamoAccess;

  constructor(
    client: DynamoSource,
    private readonly tableName: string,
  ) {
    this.db = dynamoAccess(client);
  }

  async head(): Promise<Record<string, unknown> | null> {
    const { client, sdk } = await this.db();
    const out = await client.send(
      new sdk.QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': AUDIT_CHAIN_PK },
        ScanIndexForward: false,
        Limit: 1,
        ConsistentRead: true,
      }),
    );
    return out.Items?.[0] ?? null;
  }

  async putIfAbsent(record: ChainedRecord): Promise<boolean> {
    const { client, sdk } = await this.db();
    try {
      await client.send(
        new sdk.PutCommand({
          TableName: this.tableName,
          Item: { pk: AUDIT_CHAIN_PK, sk: sortKeyOf(record.seq), ...record },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  }

  /** One TransactWriteItems of conditional puts (IAM checks each as PutItem): all or none. */
  async putAllIfAbsent(records: readonly ChainedRecord[]): Promise<boolean> {
    const { client, sdk } = await this.db();
    try {
      await client.send(
        new sdk.TransactWriteCommand({
          TransactItems: records.map((record) => ({
            Put: {
              TableName: this.tableName,
              Item: { pk: AUDIT_CHAIN_PK, sk: sortKeyOf(record.seq), ...record },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          })),
        }),
      );
      return true;
    } catch (err) {
      if (isConditionFailure(err) || isCancelled(err)) return false;
      throw err;
    }
  }

  async *scan(): AsyncIterable<Record<string, unknown>[]> {
    const { client, sdk } = await this.db();
    let start: Record<string, unknown> | undefined;
    do {
      const out = await client.send(
        new sdk.QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': AUDIT_CHAIN_PK },
          ScanIndexForward: true,
          ConsistentRead: true,
          ExclusiveStartKey: start,
        }),
      );
      yield out.Items ?? [];
      start = out.LastEvaluatedKey;
    } while (start !== undefined);
  }

  /** Queries highest sort key first; `Limit` bounds what each request reads (and costs). */
  async readBackward(beforeSeq: number | null, limit: number): Promise<Record<string, unknown>[]> {
    const { client, sdk } = await this.db();
    const items: Record<string, unknown>[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const out = await client.send(
        new sdk.QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: beforeSeq === null ? 'pk = :pk' : 'pk = :pk AND sk < :before',
          ExpressionAttributeValues: {
            ':pk': AUDIT_CHAIN_PK,
            ...(beforeSeq === null ? {} : { ':before': sortKeyOf(beforeSeq) }),
          },
          ScanIndexForward: false,
          ConsistentRead: true,
          Limit: limit - items.length,
          ExclusiveStartKey: start,
        }),
      );
      items.push(...(out.Items ?? []));
      start = out.LastEvaluatedKey;
    } while (start !== undefined && items.length < limit);
    return items;
  }
}

export const dynamoAuditTrail = (
  client: DynamoSource,
  tableName: string,
  options: HashChainOptions = {},
): AuditTrail =>
  new HashChainedAuditTrail(new DynamoAuditChainTable(client, tableName), {
    combineKey: tableName,
    ...options,
  });

/** Reads the audit table's chain back (newest first) and verifies it; never writes. */
export const dynamoAuditReader = (client: DynamoSource, tableName: string): AuditReader =>
  new HashChainedAuditReader(new DynamoAuditChainTable(client, tableName));

/** Walks the audit table's chain from record 1 and reports the first broken link, if any. */
export const verifyAuditChain = (client: DynamoSource, tableName: string): Promise<ChainVerdict> =>
  verifyChain(new DynamoAuditChainTable(client, tableName));
