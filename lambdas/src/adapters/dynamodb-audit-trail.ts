import { PRODUCT_METRICS, productMetricsOf } from '../core/metrics';
import type { AuditEntry, AuditReader, AuditTrail } from '../core/ports/audit-trail';
import { countProductMetric } from '../telemetry';
import {
  AUDIT_CHAIN_PK,
  AUDIT_INDEX_SORT_KEY,
  type AuditChainTable,
  type AuditIndexKey,
  type ChainedRecord,
  type ChainVerdict,
  HashChainedAuditReader,
  HashChainedAuditTrail,
  type HashChainOptions,
  type IndexBounds,
  sortKeyOf,
  storedItemOf,
  storedItemsOf,
  verifyChain,
} from './audit-chain';
import { type DynamoSource, isCancelled, isConditionFailure } from './clients/dynamodb';
import { DynamoTable, newItemPut } from './dynamodb-table';
import { countAll, queryUpTo } from './dynamodb-query';

/**
 * The chain in the AUDIT table of data-model.ts: pk `AUDIT#chain`, sk the zero-padded sequence
 * number. Its only writes are PutItem with `attribute_not_exists(pk)` (several at once in a
 * TransactWriteItems of such puts) (every function is denied
 * UpdateItem and DeleteItem on this table); reads of the chain are strongly consistent queries,
 * so the head an append sees is the latest committed one. Each item carries its views' index
 * attributes (audit-chain.ts `storedItemOf`); the views are read from those sparse indexes,
 * which are eventually consistent (a record appended a moment ago may be missing for a while).
 */
export class DynamoAuditChainTable extends DynamoTable implements AuditChainTable {
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

  /** The record's item alone (a PutItem), or with its items in other trails (a transaction). */
  async putIfAbsent(record: ChainedRecord): Promise<boolean> {
    if ((record.alsoFor ?? []).length === 0) return this.putIfNew(storedItemOf(record));
    return this.putAllIfAbsent([record]);
  }

  /**
   * One TransactWriteItems of conditional puts (IAM checks each as PutItem): every item of every
   * record (storedItemsOf), all or none.
   */
  async putAllIfAbsent(records: readonly ChainedRecord[]): Promise<boolean> {
    const { client, sdk } = await this.db();
    try {
      await client.send(
        new sdk.TransactWriteCommand({
          TransactItems: records
            .flatMap((record) => storedItemsOf(record))
            .map((item) => newItemPut(this.tableName, item)),
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
    return queryUpTo(
      await this.db(),
      {
        TableName: this.tableName,
        KeyConditionExpression: beforeSeq === null ? 'pk = :pk' : 'pk = :pk AND sk < :before',
        ExpressionAttributeValues: {
          ':pk': AUDIT_CHAIN_PK,
          ...(beforeSeq === null ? {} : { ':before': sortKeyOf(beforeSeq) }),
        },
        ScanIndexForward: false,
        ConsistentRead: true,
      },
      limit,
    );
  }

  /** Highest `gAt` first; `Limit` bounds what each request reads. No ConsistentRead on a GSI. */
  async queryIndex(
    key: AuditIndexKey,
    bounds: IndexBounds,
    limit: number,
  ): Promise<Record<string, unknown>[]> {
    return queryUpTo(
      await this.db(),
      {
        TableName: this.tableName,
        IndexName: key.index,
        ...indexCondition(key, bounds),
        ScanIndexForward: false,
      },
      limit,
    );
  }

  /** `Select: COUNT`, page after page (each reads up to 1 MB of the index) until the end. */
  async countIndex(key: AuditIndexKey, bounds: IndexBounds): Promise<number> {
    return countAll(await this.db(), {
      TableName: this.tableName,
      IndexName: key.index,
      ...indexCondition(key, bounds),
    });
  }
}

/** The key condition of one index partition within inclusive `gAt` bounds. */
const indexCondition = (key: AuditIndexKey, { lo, hi }: IndexBounds) => {
  const range =
    lo !== null && hi !== null
      ? ' AND #at BETWEEN :lo AND :hi'
      : lo !== null
        ? ' AND #at >= :lo'
        : hi !== null
          ? ' AND #at <= :hi'
          : '';
  return {
    KeyConditionExpression: `#p = :p${range}`,
    ExpressionAttributeNames: {
      '#p': key.attribute,
      ...(range === '' ? {} : { '#at': AUDIT_INDEX_SORT_KEY }),
    },
    ExpressionAttributeValues: {
      ':p': key.value,
      ...(lo === null ? {} : { ':lo': lo }),
      ...(hi === null ? {} : { ':hi': hi }),
    },
  };
};

/**
 * The product metrics of the audit trail (core/metrics.ts), counted where every record is
 * appended: an appended record that is a business event (AUDIT_ACTION_METRICS: a sign-in, a
 * lockout, a credential issued, a document sent or received) counts its metric once the append
 * has succeeded; the records of an append that failed count as AuditAppendFailures, and the error
 * goes on to the caller as before. Published when the invocation ends (telemetry.ts).
 */
export class MeteredAuditTrail implements AuditTrail {
  constructor(private readonly trail: AuditTrail) {}

  append(entry: AuditEntry): Promise<void> {
    return this.appendAll([entry]);
  }

  async appendAll(entries: readonly AuditEntry[]): Promise<void> {
    try {
      await this.trail.appendAll(entries);
    } catch (err) {
      if (entries.length > 0) {
        countProductMetric(PRODUCT_METRICS.names.auditAppendFailures, entries.length);
      }
      throw err;
    }
    for (const [metric, count] of productMetricsOf(entries)) countProductMetric(metric, count);
  }
}

export const dynamoAuditTrail = (
  client: DynamoSource,
  tableName: string,
  options: HashChainOptions = {},
): AuditTrail =>
  new MeteredAuditTrail(
    new HashChainedAuditTrail(new DynamoAuditChainTable(client, tableName), {
      combineKey: tableName,
      ...options,
    }),
  );

/** Reads the audit table's chain back (newest first) and verifies it; never writes. */
export const dynamoAuditReader = (client: DynamoSource, tableName: string): AuditReader =>
  new HashChainedAuditReader(new DynamoAuditChainTable(client, tableName));

/** Walks the audit table's chain from record 1 and reports the first broken link, if any. */
export const verifyAuditChain = (client: DynamoSource, tableName: string): Promise<ChainVerdict> =>
  verifyChain(new DynamoAuditChainTable(client, tableName));
