import * as z from 'zod';
import { OUTBOX_PK, outboxKey } from '../data-model';
import type { Outbox, OutboxItem } from '../core/ports/outbox';
import { isConditionFailure } from './clients/dynamodb';
import { DynamoTable } from './dynamodb-table';
import { queryAll } from './dynamodb-query';

const itemSchema = z.object({
  id: z.string(),
  kind: z.string(),
  payload: z.record(z.string(), z.unknown()),
  queuedAt: z.string(),
  heldUntil: z.number(),
});

const toItem = (stored: Record<string, unknown> | undefined): OutboxItem | null => {
  const parsed = itemSchema.safeParse(stored);
  if (!parsed.success) return null;
  return {
    ...parsed.data,
    queuedAt: new Date(parsed.data.queuedAt),
    heldUntil: new Date(parsed.data.heldUntil),
  };
};

/** How long a sent message is kept (as sent) before the table's TTL removes it. */
const SENT_KEPT_SECONDS = 7 * 24 * 60 * 60;

/**
 * The mail outbox in the main table (core/outbox.ts): pk `OUTBOX`, sk the message's id. Only
 * conditional writes: a message is queued once, and taken by one sender at a time; a sent one is
 * marked (`sentAt`) and removed a week later by the table's TTL (`expiresAt`).
 */
export class DynamoOutbox extends DynamoTable implements Outbox {
  async put(item: OutboxItem): Promise<boolean> {
    return this.putIfNew({
      ...outboxKey(item.id),
      ...item,
      queuedAt: item.queuedAt.toISOString(),
      heldUntil: item.heldUntil.getTime(),
    });
  }

  async take(id: string, until: Date, now: Date): Promise<OutboxItem | null> {
    const { client, sdk } = await this.db();
    try {
      const out = await client.send(
        new sdk.UpdateCommand({
          TableName: this.tableName,
          Key: outboxKey(id),
          UpdateExpression: 'SET heldUntil = :until',
          ConditionExpression:
            'attribute_exists(pk) AND attribute_not_exists(sentAt) AND heldUntil <= :now',
          ExpressionAttributeValues: { ':until': until.getTime(), ':now': now.getTime() },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return toItem(out.Attributes);
    } catch (err) {
      if (isConditionFailure(err)) return null;
      throw err;
    }
  }

  async pending(): Promise<OutboxItem[]> {
    const items = await queryAll(await this.db(), {
      TableName: this.tableName,
      KeyConditionExpression: 'pk = :pk',
      FilterExpression: 'attribute_not_exists(sentAt)',
      ExpressionAttributeValues: { ':pk': OUTBOX_PK },
      ConsistentRead: true,
    });
    return items
      .map(toItem)
      .filter((i): i is OutboxItem => i !== null)
      .sort((a, b) => a.queuedAt.getTime() - b.queuedAt.getTime());
  }

  async sent(id: string, at: Date): Promise<void> {
    const { client, sdk } = await this.db();
    await client.send(
      new sdk.UpdateCommand({
        TableName: this.tableName,
        Key: outboxKey(id),
        UpdateExpression: 'SET sentAt = :at, expiresAt = :expires',
        ExpressionAttributeValues: {
          ':at': at.toISOString(),
          ':expires': Math.ceil(at.getTime() / 1000) + SENT_KEPT_SECONDS,
        },
      }),
    );
  }
}
