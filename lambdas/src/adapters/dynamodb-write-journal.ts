import * as z from 'zod';
import { JOURNAL_PK, journalKey, leaseKey } from '../data-model';
import { queryAll } from './dynamodb-query';
import type { JournalEntry, Leases, WriteJournal } from '../core/ports/write-journal';
import { type DynamoSource, isConditionFailure } from './clients/dynamodb';
import { DynamoTable } from './dynamodb-table';

const itemSchema = z.lazy(() =>
  z.object({
    subject: z.string(),
    id: z.string(),
    kind: z.string(),
    input: z.record(z.string(), z.unknown()),
    state: z.record(z.string(), z.unknown()),
    done: z.array(z.string()),
    startedAt: z.string(),
    owner: z.string(),
    leaseUntil: z.number(),
    attempt: z.number(),
    abandoning: z.object({ code: z.string(), message: z.string() }).optional(),
  }),
);

const toEntry = (item: Record<string, unknown> | undefined): JournalEntry | null => {
  const parsed = itemSchema.safeParse(item);
  if (!parsed.success) return null;
  return {
    ...parsed.data,
    startedAt: new Date(parsed.data.startedAt),
    leaseUntil: new Date(parsed.data.leaseUntil),
  };
};

/**
 * The write journal in the main table: pk `JOURNAL`, sk the subject, one item per write in
 * progress (so the subject's item is its lock); leases beside it under pk `LEASE`. Entries carry
 * no TTL: an interrupted write stays until it is finished or undone. Only conditional writes, so
 * two processes never both own an entry.
 */
export class DynamoWriteJournal extends DynamoTable implements WriteJournal, Leases {
  constructor(
    client: DynamoSource,
    tableName: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    super(client, tableName);
  }

  async begin(entry: JournalEntry): Promise<JournalEntry | null> {
    for (;;) {
      const begun = await this.putIfNew({
        ...journalKey(entry.subject),
        ...entry,
        startedAt: entry.startedAt.toISOString(),
        leaseUntil: entry.leaseUntil.getTime(),
      });
      if (begun) return null;
      const held = await this.getItem(journalKey(entry.subject));
      // Finished between the two calls: try again.
      if (held === undefined) continue;
      const holder = toEntry(held);
      if (holder === null) throw new Error(`write journal: unreadable entry ${entry.subject}`);
      return holder;
    }
  }

  async held(subject: string): Promise<JournalEntry | null> {
    const item = await this.getItem(journalKey(subject));
    if (item === undefined) return null;
    const entry = toEntry(item);
    if (entry === null) throw new Error(`write journal: unreadable entry ${subject}`);
    return entry;
  }

  async save(entry: JournalEntry): Promise<boolean> {
    const { client, sdk } = await this.db();
    try {
      await client.send(
        new sdk.UpdateCommand({
          TableName: this.tableName,
          Key: journalKey(entry.subject),
          UpdateExpression:
            entry.abandoning === undefined
              ? 'SET done = :done, #state = :state, leaseUntil = :lease'
              : 'SET done = :done, #state = :state, leaseUntil = :lease, abandoning = :abandoning',
          ConditionExpression: 'id = :id AND #owner = :owner',
          ExpressionAttributeNames: { '#state': 'state', '#owner': 'owner' },
          ExpressionAttributeValues: {
            ':done': entry.done,
            ':state': entry.state,
            ':lease': entry.leaseUntil.getTime(),
            ':id': entry.id,
            ':owner': entry.owner,
            ...(entry.abandoning === undefined ? {} : { ':abandoning': entry.abandoning }),
          },
        }),
      );
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  }

  async finish(entry: JournalEntry): Promise<void> {
    const { client, sdk } = await this.db();
    try {
      await client.send(
        new sdk.DeleteCommand({
          TableName: this.tableName,
          Key: journalKey(entry.subject),
          ConditionExpression: 'id = :id AND #owner = :owner',
          ExpressionAttributeNames: { '#owner': 'owner' },
          ExpressionAttributeValues: { ':id': entry.id, ':owner': entry.owner },
        }),
      );
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
  }

  async takeOver(
    entry: JournalEntry,
    owner: string,
    leaseUntil: Date,
    force: boolean,
  ): Promise<JournalEntry | null> {
    const { client, sdk } = await this.db();
    try {
      const out = await client.send(
        new sdk.UpdateCommand({
          TableName: this.tableName,
          Key: journalKey(entry.subject),
          UpdateExpression: 'SET #owner = :owner, leaseUntil = :lease, attempt = attempt + :one',
          ConditionExpression: force
            ? 'id = :id AND #owner = :previous'
            : 'id = :id AND #owner = :previous AND leaseUntil < :now',
          ExpressionAttributeNames: { '#owner': 'owner' },
          ExpressionAttributeValues: {
            ':owner': owner,
            ':lease': leaseUntil.getTime(),
            ':one': 1,
            ':id': entry.id,
            ':previous': entry.owner,
            ...(force ? {} : { ':now': this.now().getTime() }),
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return toEntry(out.Attributes);
    } catch (err) {
      if (isConditionFailure(err)) return null;
      throw err;
    }
  }

  async pending(): Promise<JournalEntry[]> {
    const items = await queryAll(await this.db(), {
      TableName: this.tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': JOURNAL_PK },
      ConsistentRead: true,
    });
    const entries = items.map(toEntry).filter((e): e is JournalEntry => e !== null);
    return entries.sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime());
  }

  async acquire(name: string, owner: string, until: Date): Promise<boolean> {
    const { client, sdk } = await this.db();
    try {
      await client.send(
        new sdk.PutCommand({
          TableName: this.tableName,
          Item: {
            ...leaseKey(name),
            owner,
            leaseUntil: until.getTime(),
            // Cleanup only: a lease is free once its time ran out, whatever TTL has done.
            expiresAt: Math.ceil(until.getTime() / 1000) + 24 * 60 * 60,
          },
          ConditionExpression: 'attribute_not_exists(pk) OR leaseUntil < :now',
          ExpressionAttributeValues: { ':now': this.now().getTime() },
        }),
      );
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  }

  async release(name: string, owner: string): Promise<void> {
    const { client, sdk } = await this.db();
    try {
      await client.send(
        new sdk.DeleteCommand({
          TableName: this.tableName,
          Key: leaseKey(name),
          ConditionExpression: '#owner = :owner',
          ExpressionAttributeNames: { '#owner': 'owner' },
          ExpressionAttributeValues: { ':owner': owner },
        }),
      );
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
  }
}
