import { randomUUID } from 'node:crypto';
import { eventFanOutKey, eventPk, eventSequenceKey, eventSk, eventWriteKey } from '../data-model';
import type { EventDraft, EventLog } from '../core/ports/events';
import { jitteredBackoff } from './backoff';
import { batchGetAll, isCancelled } from './clients/dynamodb';
import { DynamoTable, newItemPut } from './dynamodb-table';

/**
 * The event log's writing half for many events at once (issue 35: a distribution's 500 sites'
 * events in a few requests, not three each), beside dynamodb-event-writer.ts (one at a time: what
 * the document functions carry, their bundles at their budget). The keys written before are read in one BatchGetItem (a step run again
 * writes none twice); the new events are written in transactions of several (issue 35: a
 * distribution's 500 sites' events in a few requests, not three each), each event with its
 * write key (only if new) and its fan-out marker, and each organisation's `#SEQ` raised by the
 * events it takes on the condition that it is still the value read. Sequence and events are
 * written together, so no sequence is taken and lost; a writer that raced this one (the same
 * organisation's sequence — also the one-at-a-time writer's ADD —, or the same key) cancels the
 * transaction, and it is read and tried again.
 */

/** Events a transaction: each at most four items (its three puts, its organisation's #SEQ). */
const CHUNK = 25;
/** How often a transaction crossed by another writer is tried again. */
const ATTEMPTS = 12;

type Item = { key: string; draft: EventDraft };

const rowId = (key: Record<string, unknown>): string => `${String(key.pk)}\u0000${String(key.sk)}`;
const writeKeyOf = (item: Item) => eventWriteKey(item.draft.organisationId, item.key);

export class DynamoBatchEventWriter extends DynamoTable implements Pick<EventLog, 'appendOnce'> {
  async appendOnce(items: Parameters<EventLog['appendOnce']>[0], at: Date): Promise<void> {
    // The same key twice in one call is one event.
    const unique = [...new Map(items.map((i) => [rowId(writeKeyOf(i)), i])).values()];
    for (let i = 0; i < unique.length; i += CHUNK) {
      await this.writeChunk(unique.slice(i, i + CHUNK), at.toISOString());
    }
  }

  private async writeChunk(chunk: readonly Item[], when: string): Promise<void> {
    const db = await this.db();
    const { client, sdk } = db;
    for (let attempt = 1; ; attempt += 1) {
      const written = new Set(
        (await batchGetAll(db, this.tableName, chunk.map(writeKeyOf), 'event keys')).map(rowId),
      );
      const fresh = chunk.filter((i) => !written.has(rowId(writeKeyOf(i))));
      if (fresh.length === 0) return;
      const organisations = [...new Set(fresh.map((i) => i.draft.organisationId))];
      const read = new Map<string, number>();
      for (const item of await batchGetAll(
        db,
        this.tableName,
        organisations.map(eventSequenceKey),
        'event sequences',
      )) {
        if (typeof item.sequence === 'number') read.set(rowId(item), item.sequence);
      }
      const before = new Map(
        organisations.map((o) => [o, read.get(rowId(eventSequenceKey(o)))] as const),
      );
      const next = new Map(organisations.map((o) => [o, before.get(o) ?? 0]));
      const puts = fresh.flatMap(({ key, draft }) => {
        const sequence = (next.get(draft.organisationId) ?? 0) + 1;
        next.set(draft.organisationId, sequence);
        const event = { ...draft, eventId: randomUUID(), sequence, at: when };
        return [
          newItemPut(this.tableName, { ...eventWriteKey(draft.organisationId, key), at: when }),
          newItemPut(this.tableName, {
            pk: eventPk(draft.organisationId),
            sk: eventSk(sequence),
            ...event,
          }),
          newItemPut(this.tableName, { ...eventFanOutKey(when, event.eventId), ...event }),
        ];
      });
      const sequences = organisations.map((o) => {
        const was = before.get(o);
        return {
          Update: {
            TableName: this.tableName,
            Key: eventSequenceKey(o),
            UpdateExpression: 'SET #n = :next',
            ConditionExpression: was === undefined ? 'attribute_not_exists(#n)' : '#n = :was',
            ExpressionAttributeNames: { '#n': 'sequence' },
            ExpressionAttributeValues: {
              ':next': next.get(o) ?? 0,
              ...(was === undefined ? {} : { ':was': was }),
            },
          },
        };
      });
      try {
        await client.send(new sdk.TransactWriteCommand({ TransactItems: [...puts, ...sequences] }));
        return;
      } catch (err) {
        // Another writer took a sequence of one of these organisations, or wrote one of these
        // keys, meanwhile: nothing of this transaction was written; read again, try again.
        if (!isCancelled(err) || attempt >= ATTEMPTS) throw err;
        await jitteredBackoff(attempt, 200);
      }
    }
  }
}
