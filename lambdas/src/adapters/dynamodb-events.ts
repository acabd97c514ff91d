import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import { eventKindSchema, eventSubjectSchema } from '@ccsc/contract/events';
import {
  EVENT_FANOUT_PK,
  EVENT_SEQUENCE_DIGITS,
  eventFanOutKey,
  eventPk,
  eventSequenceKey,
  eventSk,
  eventWriteKey,
} from '../data-model';
import { EVENT_GAP_SETTLE_MS, type EventLog, type StoredEvent } from '../core/ports/events';
import { isCancelled } from './clients/dynamodb';
import { DynamoTable, newItemPut } from './dynamodb-table';

const storedSchema = z.object({
  eventId: z.string(),
  sequence: z.number().int(),
  at: z.string(),
  kind: eventKindSchema,
  organisationId: z.string(),
  subject: eventSubjectSchema,
  counterpart: z.object({ organisationId: z.string(), name: z.string() }).nullable(),
  reason: z.string().nullable(),
});

const toEvent = (item: Record<string, unknown>): StoredEvent | null => {
  const parsed = storedSchema.safeParse(item);
  return parsed.success ? parsed.data : null;
};

/**
 * The event log in the main table (data-model.ts "Events"): an event takes its organisation's
 * next sequence (`#SEQ`, ADD 1), then is put in one transaction with its write key (only if that
 * key is new) and its fan-out marker. A key found written before (a step run again) costs no
 * sequence; one that races another run's leaves a gap, which the feed passes once it is old.
 */
export class DynamoEventLog extends DynamoTable implements EventLog {
  async appendOnce(items: Parameters<EventLog['appendOnce']>[0], at: Date): Promise<void> {
    const { client, sdk } = await this.db();
    const when = at.toISOString();
    for (const { key, draft } of items) {
      if ((await this.getItem(eventWriteKey(draft.organisationId, key))) !== undefined) continue;
      const out = await client.send(
        new sdk.UpdateCommand({
          TableName: this.tableName,
          Key: eventSequenceKey(draft.organisationId),
          UpdateExpression: 'ADD #n :one',
          ExpressionAttributeNames: { '#n': 'sequence' },
          ExpressionAttributeValues: { ':one': 1 },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      const sequence = z.object({ sequence: z.number().int() }).parse(out.Attributes).sequence;
      const event: StoredEvent = { ...draft, eventId: randomUUID(), sequence, at: when };
      try {
        await client.send(
          new sdk.TransactWriteCommand({
            TransactItems: [
              newItemPut(this.tableName, { ...eventWriteKey(draft.organisationId, key), at: when }),
              newItemPut(this.tableName, {
                pk: eventPk(draft.organisationId),
                sk: eventSk(sequence),
                ...event,
              }),
              newItemPut(this.tableName, { ...eventFanOutKey(when, event.eventId), ...event }),
            ],
          }),
        );
      } catch (err) {
        // Another run of the same step wrote this key meanwhile: its event stands.
        if (!isCancelled(err)) throw err;
        if ((await this.getItem(eventWriteKey(draft.organisationId, key))) === undefined) throw err;
      }
    }
  }

  async page(
    organisationId: string,
    since: number,
    limit: number,
    now: Date,
  ): Promise<StoredEvent[]> {
    const { client, sdk } = await this.db();
    // One Query: the events after the cursor, in order; `~KEY#` items sort after every event.
    const out = await client.send(
      new sdk.QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': eventPk(organisationId),
          ':from': eventSk(since + 1),
          ':to': '9'.repeat(EVENT_SEQUENCE_DIGITS),
        },
        Limit: limit,
        ConsistentRead: true,
      }),
    );
    const events: StoredEvent[] = [];
    let last = since;
    for (const item of out.Items ?? []) {
      const event = toEvent(item);
      if (event === null) continue;
      const young = now.getTime() - Date.parse(event.at) < EVENT_GAP_SETTLE_MS;
      if (event.sequence !== last + 1 && young) break;
      events.push(event);
      last = event.sequence;
    }
    return events;
  }

  async pendingFanOut(limit: number): Promise<StoredEvent[]> {
    const { client, sdk } = await this.db();
    const out = await client.send(
      new sdk.QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': EVENT_FANOUT_PK },
        Limit: limit,
        ConsistentRead: true,
      }),
    );
    return (out.Items ?? []).map(toEvent).filter((e): e is StoredEvent => e !== null);
  }

  async fannedOut(event: Pick<StoredEvent, 'eventId' | 'at'>): Promise<void> {
    const { client, sdk } = await this.db();
    await client.send(
      new sdk.DeleteCommand({
        TableName: this.tableName,
        Key: eventFanOutKey(event.at, event.eventId),
      }),
    );
  }
}
