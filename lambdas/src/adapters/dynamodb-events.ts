import * as z from 'zod';
import { eventKindSchema, eventSubjectSchema } from '@ccsc/contract/events';
import {
  EVENT_FANOUT_PK,
  EVENT_SEQUENCE_DIGITS,
  eventFanOutKey,
  eventPk,
  eventSk,
} from '../data-model';
import { EVENT_GAP_SETTLE_MS, type EventLog, type StoredEvent } from '../core/ports/events';
import { DynamoEventWriter } from './dynamodb-event-writer';

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
 * The event log in the main table (data-model.ts "Events"): the writer's append, the feed's page
 * (one Query after the cursor) and the fan-out's queue.
 */
export class DynamoEventLog extends DynamoEventWriter implements EventLog {
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
