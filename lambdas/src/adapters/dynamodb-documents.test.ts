import { describe, expect, it } from 'vitest';
import { DOCUMENT_STATS_SHARDS, documentStatsPartition, documentStatsShard } from '../data-model';
import { type DocumentRecord, HUB_SCOPE, organisationScope } from '../core/ports/documents';
import { counterUpdates, documentCounterItems } from './dynamodb-document-items';
import { DynamoDocumentStore } from './dynamodb-documents';
import { documentRecordOf, nextRevision } from '../core/testing/document-records';

/**
 * The documents adapter's counters against a small table in memory that answers the commands the
 * adapter sends as DynamoDB does (conditions on `pk` and `revision`, ADD, cancelled transactions
 * written not at all): the transactions leave exactly the counter items a bulk load writes
 * (documentCounterItems), a transaction crossed on a counter is tried again and never taken for
 * a replayed key, and reads merge the shards.
 */

type Item = Record<string, unknown>;
interface Command {
  constructor: { name: string };
  input: Record<string, unknown>;
}

const keyOf = (key: Item) => `${String(key.pk)}\u0000${String(key.sk)}`;

const cancelled = (codes: string[]) =>
  Object.assign(new Error('Transaction cancelled'), {
    name: 'TransactionCanceledException',
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

class MemoryTable {
  readonly items = new Map<string, Item>();
  readonly sent: string[] = [];
  /** Errors the next TransactWriteItems calls throw, in order, before writing anything. */
  readonly failTransactions: Error[] = [];

  /** Whether an item's condition holds (the conditions the adapter writes). */
  private holds(
    condition: string | undefined,
    existing: Item | undefined,
    values: Record<string, unknown> = {},
  ) {
    if (condition === undefined) return true;
    if (condition === 'attribute_not_exists(pk)') return existing === undefined;
    if (condition === 'revision = :revision') return existing?.revision === values[':revision'];
    if (condition === 'seq = :seq') return existing?.seq === values[':seq'];
    if (condition === 'attribute_not_exists(pk) OR seq = :seq') {
      return existing === undefined || existing.seq === values[':seq'];
    }
    throw new Error(`No such condition here: ${condition}`);
  }

  private update(input: Record<string, unknown>) {
    const key = input.Key as Item;
    const names = input.ExpressionAttributeNames as Record<string, string>;
    const values = input.ExpressionAttributeValues as Record<string, number>;
    const item = { ...(this.items.get(keyOf(key)) ?? key) };
    const adds = String(input.UpdateExpression).replace(/^ADD /, '').split(', ');
    for (const add of adds) {
      const [name = '', value = ''] = add.split(' ');
      const attribute = names[name] ?? name;
      item[attribute] =
        (typeof item[attribute] === 'number' ? item[attribute] : 0) + (values[value] ?? 0);
    }
    this.items.set(keyOf(key), item);
  }

  readonly client = {
    send: (command: Command): Promise<unknown> => {
      const name = command.constructor.name;
      const input = command.input;
      this.sent.push(name);
      if (name === 'GetCommand') {
        return Promise.resolve({ Item: this.items.get(keyOf(input.Key as Item)) });
      }
      if (name === 'PutCommand') {
        const item = input.Item as Item;
        if (
          !this.holds(
            input.ConditionExpression as string | undefined,
            this.items.get(keyOf(item)),
            input.ExpressionAttributeValues as Record<string, unknown>,
          )
        ) {
          return Promise.reject(
            Object.assign(new Error('failed'), { name: 'ConditionalCheckFailedException' }),
          );
        }
        this.items.set(keyOf(item), item);
        return Promise.resolve({});
      }
      if (name === 'TransactWriteCommand') {
        const failure = this.failTransactions.shift();
        if (failure !== undefined) return Promise.reject(failure);
        const operations = input.TransactItems as {
          Put?: Record<string, unknown>;
          Update?: Record<string, unknown>;
        }[];
        const codes = operations.map((o) => {
          const put = o.Put;
          if (put === undefined) return 'None';
          const item = put.Item as Item;
          return this.holds(
            put.ConditionExpression as string | undefined,
            this.items.get(keyOf(item)),
            put.ExpressionAttributeValues as Record<string, unknown>,
          )
            ? 'None'
            : 'ConditionalCheckFailed';
        });
        if (codes.includes('ConditionalCheckFailed')) return Promise.reject(cancelled(codes));
        for (const o of operations) {
          if (o.Put !== undefined) {
            const item = o.Put.Item as Item;
            this.items.set(keyOf(item), item);
          } else if (o.Update !== undefined) this.update(o.Update);
        }
        return Promise.resolve({});
      }
      if (name === 'QueryCommand') {
        const values = input.ExpressionAttributeValues as Record<string, string>;
        const items = [...this.items.values()].filter(
          (i) =>
            i.pk === values[':pk'] &&
            String(i.sk) >= (values[':from'] ?? '') &&
            String(i.sk) <= (values[':to'] ?? '\uffff'),
        );
        return Promise.resolve({ Items: items });
      }
      if (name === 'BatchGetCommand') {
        const requests = input.RequestItems as Record<string, { Keys: Item[] }>;
        const [table, { Keys }] = Object.entries(requests)[0] as [string, { Keys: Item[] }];
        return Promise.resolve({
          Responses: { [table]: Keys.flatMap((k) => this.items.get(keyOf(k)) ?? []) },
        });
      }
      return Promise.reject(new Error(`No such command here: ${name}`));
    },
  };

  /**
   * The counter items, without zeros (a count back at 0 stays 0 where ADDs left it, and an item
   * of nothing but zeros stays).
   */
  counters(): Item[] {
    return [...this.items.values()]
      .filter((i) => String(i.pk).startsWith('DOCSTATS#'))
      .map((i) => Object.fromEntries(Object.entries(i).filter(([, v]) => v !== 0)))
      .filter((i) => Object.keys(i).length > 2)
      .sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : 1));
  }
}

const storeOf = (table: MemoryTable) =>
  // The fake stands in for the DocumentClient: the adapter only calls `send`.
  new DynamoDocumentStore(table.client as never, 'documents');

/** This file's documents: the sponsor's system sends to the site's, the study has a CRO. */
const aDocument = (overrides: Partial<DocumentRecord> = {}): DocumentRecord =>
  documentRecordOf({
    direction: 'sponsor-to-site',
    siteOrganisationId: 'org-site',
    croOrganisationId: 'org-cro',
    senderSystemId: 'sys-sponsor',
    senderOrganisationId: 'org-sponsor',
    receiverSystemId: 'sys-site',
    receiverOrganisationId: 'org-site',
    ...overrides,
  });
const next = nextRevision;

describe('the documents adapter’s counters', () => {
  it('adds every number of a row in one Update of the document’s shard', () => {
    const record = aDocument();
    const shard = documentStatsShard(record.documentId);
    const updates = counterUpdates('documents', record.documentId, [
      { scope: HUB_SCOPE, day: '2025-03-10', counter: 'sent_sponsor-to-site', by: 1 },
      { scope: HUB_SCOPE, day: '2025-03-10', counter: 't03', by: 1 },
      { scope: HUB_SCOPE, day: null, counter: 'held_checksum-mismatch', by: -1 },
    ]);
    expect(updates).toEqual([
      {
        Update: {
          TableName: 'documents',
          Key: { pk: `DOCSTATS#ALL#${String(shard)}`, sk: '2025-03-10' },
          UpdateExpression: 'ADD #c0 :c0, #c1 :c1',
          ExpressionAttributeNames: { '#c0': 'sent_sponsor-to-site', '#c1': 't03' },
          ExpressionAttributeValues: { ':c0': 1, ':c1': 1 },
        },
      },
      {
        Update: {
          TableName: 'documents',
          Key: { pk: `DOCSTATS#ALL#${String(shard)}`, sk: 'HELD' },
          UpdateExpression: 'ADD #c0 :c0',
          ExpressionAttributeNames: { '#c0': 'held_checksum-mismatch' },
          ExpressionAttributeValues: { ':c0': -1 },
        },
      },
    ]);
  });

  it('leaves, through its transactions, exactly the counter items a bulk load writes', async () => {
    const table = new MemoryTable();
    const store = storeOf(table);
    const finals: DocumentRecord[] = [];
    for (let i = 0; i < 12; i += 1) {
      const sent = aDocument({ sentAt: `2025-03-${String(10 + (i % 3))}T08:00:00.000Z` });
      expect((await store.create(sent)).created).toBe(true);
      const file = next(sent, { state: 'held', holdReason: 'checksum-mismatch' });
      expect(await store.update(file, sent)).toBe(true);
      if (i % 4 === 0) {
        finals.push(file);
        continue;
      }
      const mapping = next(file, { state: 'held', holdReason: 'receiver-no-standard' });
      expect(await store.update(mapping, file)).toBe(true);
      if (i % 4 === 1) {
        finals.push(mapping);
        continue;
      }
      const at = new Date(Date.parse(sent.sentAt) + i * 60_000).toISOString();
      const delivered = await store.deliver(
        next(mapping, { state: 'delivered', holdReason: null, deliveredAt: at, updatedAt: at }),
        mapping,
      );
      expect(delivered).not.toBeNull();
      const done = delivered as DocumentRecord;
      if (i % 4 === 2) {
        finals.push(done);
        continue;
      }
      const acknowledged = next(done, { state: 'acknowledged', acknowledgedAt: at });
      expect(await store.update(acknowledged, done)).toBe(true);
      finals.push(acknowledged);
    }
    const bulk = documentCounterItems(finals)
      .map((i) => Object.fromEntries(Object.entries(i).filter(([, v]) => v !== 0)))
      .sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : 1));
    expect(table.counters()).toEqual(bulk);
    // A download (no counter moves) is a plain conditional put, no transaction.
    const last = finals.at(-1) as DocumentRecord;
    table.sent.length = 0;
    expect(await store.update(next(last, { downloadCount: 1 }), last)).toBe(true);
    expect(table.sent).toEqual(['PutCommand']);
  });

  it('tries a creation crossed on a counter again, and never takes it for a replayed key', async () => {
    const table = new MemoryTable();
    const store = storeOf(table);
    table.failTransactions.push(
      cancelled(['None', 'None', 'TransactionConflict', 'None', 'None']),
      Object.assign(new Error('conflict'), { name: 'TransactionConflictException' }),
    );
    const record = aDocument();
    const made = await store.create(record);
    expect(made).toEqual({ record, created: true });
    expect(table.sent.filter((n) => n === 'TransactWriteCommand')).toHaveLength(3);
    expect(await store.heldCounts(HUB_SCOPE)).toMatchObject({ 'checksum-mismatch': 0 });
    const [day] = await store.dayCounts(
      organisationScope('cro', 'org-cro'),
      '2025-03-10',
      '2025-03-10',
    );
    expect(day?.sent['sponsor-to-site']).toBe(1);
    // The same key again: its document, nothing counted twice.
    const again = await store.create({ ...aDocument(), idempotencyKey: record.idempotencyKey });
    expect(again).toEqual({ record, created: false });
    const [still] = await store.dayCounts(HUB_SCOPE, '2025-03-10', '2025-03-10');
    expect(still?.sent['sponsor-to-site']).toBe(1);
  });

  it('tries a change crossed on a counter again; a change on a revision that moved on is refused', async () => {
    const table = new MemoryTable();
    const store = storeOf(table);
    const sent = aDocument();
    await store.create(sent);
    const file = next(sent, { state: 'held', holdReason: 'size-mismatch' });
    table.failTransactions.push(cancelled(['None', 'TransactionConflict']));
    expect(await store.update(file, sent)).toBe(true);
    expect((await store.heldCounts(HUB_SCOPE))['size-mismatch']).toBe(1);
    // Someone else's change came first: nothing written, nothing counted.
    expect(
      await store.update(next(sent, { state: 'held', holdReason: 'metadata-missing' }), sent),
    ).toBe(false);
    expect(await store.heldCounts(HUB_SCOPE)).toMatchObject({
      'size-mismatch': 1,
      'metadata-missing': 0,
    });
  });

  it('reads a scope’s days and held counts over all its shards', async () => {
    const table = new MemoryTable();
    const store = storeOf(table);
    // Documents until every shard holds some.
    const shards = new Set<number>();
    let made = 0;
    while (shards.size < DOCUMENT_STATS_SHARDS) {
      const record = aDocument({
        state: 'held',
        holdReason: 'sender-no-standard',
        sentAt: `2025-03-0${String(1 + (made % 2))}T12:00:00.000Z`,
      });
      shards.add(documentStatsShard(record.documentId));
      await store.create(record);
      made += 1;
    }
    const partitions = new Set(
      [...table.items.values()]
        .map((i) => String(i.pk))
        .filter((pk) => pk.startsWith('DOCSTATS#ALL#')),
    );
    expect(partitions).toEqual(
      new Set(
        Array.from({ length: DOCUMENT_STATS_SHARDS }, (_, s) => documentStatsPartition('ALL', s)),
      ),
    );
    expect((await store.heldCounts(HUB_SCOPE))['sender-no-standard']).toBe(made);
    const days = await store.dayCounts(HUB_SCOPE, '2025-03-01', '2025-03-31');
    expect(days.map((d) => d.day)).toEqual(['2025-03-01', '2025-03-02']);
    expect(days.reduce((n, d) => n + d.sent['sponsor-to-site'], 0)).toBe(made);
    expect(await store.dayCounts(HUB_SCOPE, '2025-03-02', '2025-03-01')).toEqual([]);
  });
});
