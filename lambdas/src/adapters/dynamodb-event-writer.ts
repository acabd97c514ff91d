import { randomUUID } from 'node:crypto';
import { eventFanOutKey, eventPk, eventSequenceKey, eventSk, eventWriteKey } from '../data-model';
import type { EventLog, StoredEvent } from '../core/ports/events';
import { isCancelled } from './clients/dynamodb';
import { DynamoTable, newItemPut } from './dynamodb-table';

/**
 * The writing half of the event log (data-model.ts "Events"), all a journaled write's events
 * step needs: without the feed's reader and its schemas, so a document function carries a few
 * hundred bytes for it. An event takes its organisation's next sequence (`#SEQ`, ADD 1), then
 * is put in one transaction with its write key (only if that key is new) and its fan-out marker.
 * A key found written before (a step run again) costs no sequence; one that races another run's
 * leaves a gap, which the feed passes once it is old.
 */
export class DynamoEventWriter extends DynamoTable implements Pick<EventLog, 'appendOnce'> {
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
      const sequence: unknown = out.Attributes?.sequence;
      if (typeof sequence !== 'number') throw new Error('events: the sequence was not a number');
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
}
