import * as z from 'zod';
import { EVENT_KINDS } from '@ccsc/contract/events';
import { ConflictError, NotFoundError } from '../core/errors';
import {
  type WebhookDelivery,
  type WebhookEndpoint,
  webhookEndpointRecordSchema,
  type WebhookStore,
} from '../core/ports/webhooks';
import {
  WEBHOOK_DUE_PK,
  WEBHOOK_PK,
  webhookDeliveryKey,
  webhookDueKey,
  webhookKey,
  webhookSlotKey,
} from '../data-model';
import { isCancelled, isConditionFailure } from './clients/dynamodb';
import { DynamoTable } from './dynamodb-table';
import { queryAll, queryUpTo } from './dynamodb-query';

const deliverySchema: z.ZodType<WebhookDelivery> = z.lazy(() =>
  z.object({
    deliveryId: z.string(),
    endpointId: z.string(),
    organisationId: z.string(),
    systemId: z.string(),
    eventId: z.string(),
    eventType: z.enum(EVENT_KINDS),
    body: z.string(),
    createdAt: z.string(),
    state: z.enum(['pending', 'succeeded', 'failed']),
    attempts: z.array(
      z.object({
        at: z.string(),
        status: z.number().int().nullable(),
        durationMs: z.number(),
        error: z.string().nullable(),
        trigger: z.enum(['schedule', 'redeliver']),
      }),
    ),
    nextAttemptAt: z.string().nullable(),
  }),
);

/** A delivery as stored: with `attemptCount`, the condition of the next attempt's write. */
const deliveryItem = (delivery: WebhookDelivery) => ({
  ...webhookDeliveryKey(delivery.endpointId, delivery.deliveryId),
  ...delivery,
  attemptCount: delivery.attempts.length,
});

const CHANGED = 'The endpoint was changed meanwhile. Reload it and try again.';

/**
 * Webhooks in the main table (data-model.ts): endpoints under `WEBHOOK`, each endpoint's
 * deliveries under `WEBHOOKMSG#<endpointId>` (with `attemptCount`, the condition of the next
 * attempt's write), and the due ones under `WEBHOOKDUE` by time — an attempt's record, the old
 * due mark's deletion and the new one's put in one transaction, so a delivery is never due twice
 * nor lost.
 */
/** How long a slot's record stays after its time, for the TTL to clear (never read then). */
const SLOT_KEPT_S = 24 * 3600;

/** How many deliveries are written at once. */
const CREATE_LANES = 16;

/**
 * Whether a delivery's transaction was refused because the delivery exists: its Put's condition
 * failed. A cancellation whose reasons say otherwise (a conflict, throttling) is not that; one
 * without reasons (the offline stand-in gives none) is taken as that, as a condition failure is.
 */
const madeBefore = (err: unknown): boolean => {
  if (isConditionFailure(err)) return true;
  if (!isCancelled(err)) return false;
  const reasons = (err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
  return reasons === undefined || reasons[0]?.Code === 'ConditionalCheckFailed';
};

export class DynamoWebhookStore extends DynamoTable implements WebhookStore {
  /** The put of a delivery's due mark, when it has a next attempt (a transaction's item). */
  private dueMark(delivery: WebhookDelivery) {
    return delivery.nextAttemptAt === null
      ? []
      : [
          {
            Put: {
              TableName: this.tableName,
              Item: {
                ...webhookDueKey(delivery.nextAttemptAt, delivery.deliveryId),
                endpointId: delivery.endpointId,
                deliveryId: delivery.deliveryId,
              },
            },
          },
        ];
  }

  async endpoint(endpointId: string): Promise<WebhookEndpoint | null> {
    const item = await this.getItem(webhookKey(endpointId));
    const parsed = webhookEndpointRecordSchema.safeParse(item);
    return parsed.success ? parsed.data : null;
  }

  async endpoints(): Promise<WebhookEndpoint[]> {
    const items = await queryAll(await this.db(), {
      TableName: this.tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': WEBHOOK_PK },
      ConsistentRead: true,
    });
    return items.flatMap((item) => {
      const parsed = webhookEndpointRecordSchema.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    });
  }

  async putEndpoint(endpoint: WebhookEndpoint, expectedRevision: number | null): Promise<void> {
    const { client, sdk } = await this.db();
    try {
      await client.send(
        new sdk.PutCommand({
          TableName: this.tableName,
          Item: { ...webhookKey(endpoint.endpointId), ...endpoint },
          ...(expectedRevision === null
            ? { ConditionExpression: 'attribute_not_exists(pk)' }
            : {
                ConditionExpression: 'revision = :revision',
                ExpressionAttributeValues: { ':revision': expectedRevision },
              }),
        }),
      );
    } catch (err) {
      if (isConditionFailure(err)) throw new ConflictError(CHANGED);
      throw err;
    }
  }

  async deleteEndpoint(endpointId: string, expectedRevision: number): Promise<void> {
    const { client, sdk } = await this.db();
    try {
      await client.send(
        new sdk.DeleteCommand({
          TableName: this.tableName,
          Key: webhookKey(endpointId),
          ConditionExpression: 'revision = :revision',
          ExpressionAttributeValues: { ':revision': expectedRevision },
        }),
      );
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
      if ((await this.endpoint(endpointId)) === null) throw new NotFoundError('No such endpoint.');
      throw new ConflictError(CHANGED);
    }
  }

  async recordHealth(
    endpointId: string,
    health: Pick<WebhookEndpoint, 'failingSince' | 'lastSuccessAt'>,
  ): Promise<void> {
    const { client, sdk } = await this.db();
    try {
      await client.send(
        new sdk.UpdateCommand({
          TableName: this.tableName,
          Key: webhookKey(endpointId),
          UpdateExpression: 'SET failingSince = :f, lastSuccessAt = :s',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':f': health.failingSince, ':s': health.lastSuccessAt },
        }),
      );
    } catch (err) {
      // Deleted meanwhile: nothing to mark.
      if (!isConditionFailure(err)) throw err;
    }
  }

  async disableFailing(endpointId: string, at: Date): Promise<boolean> {
    const { client, sdk } = await this.db();
    try {
      await client.send(
        new sdk.UpdateCommand({
          TableName: this.tableName,
          Key: webhookKey(endpointId),
          UpdateExpression:
            'SET #status = :disabled, disabledAt = :at, disabledReason = :failing, updatedAt = :at ADD revision :one',
          ConditionExpression: '#status = :active',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':disabled': 'disabled',
            ':active': 'active',
            ':failing': 'failing',
            ':at': at.toISOString(),
            ':one': 1,
          },
        }),
      );
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  }

  async createDeliveries(deliveries: readonly WebhookDelivery[]): Promise<void> {
    const { client, sdk } = await this.db();
    const create = async (delivery: WebhookDelivery) => {
      try {
        await client.send(
          new sdk.TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: this.tableName,
                  Item: deliveryItem(delivery),
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
              ...this.dueMark(delivery),
            ],
          }),
        );
      } catch (err) {
        // Made before (a fan-out run again): kept as it is. Refused for anything else (a
        // conflict, throttling), it fails the fan-out, which tries the event again: never an
        // event marked done whose delivery was not written.
        if (!madeBefore(err)) throw err;
      }
    };
    // CREATE_LANES transactions at a time: a burst of events to many endpoints is thousands.
    let next = 0;
    const lane = async () => {
      for (let i = next++; i < deliveries.length; i = next++) {
        await create(deliveries[i] as WebhookDelivery);
      }
    };
    await Promise.all(Array.from({ length: Math.min(CREATE_LANES, deliveries.length) }, lane));
  }

  async delivery(endpointId: string, deliveryId: string): Promise<WebhookDelivery | null> {
    const parsed = deliverySchema.safeParse(
      await this.getItem(webhookDeliveryKey(endpointId, deliveryId)),
    );
    return parsed.success ? parsed.data : null;
  }

  async due(
    now: Date,
    limit: number,
    skip: (deliveryId: string) => boolean = () => false,
  ): Promise<WebhookDelivery[]> {
    const marks = await queryUpTo(
      await this.db(),
      {
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :pk AND sk <= :now',
        ExpressionAttributeValues: { ':pk': WEBHOOK_DUE_PK, ':now': `${now.toISOString()}~` },
        ConsistentRead: true,
      },
      limit,
      (mark) => !skip(String(mark.deliveryId)),
    );
    const found = await Promise.all(
      marks.map(async (mark) => {
        const delivery = await this.delivery(String(mark.endpointId), String(mark.deliveryId));
        // A mark whose delivery moved on (a race lost to another worker) is left to that one.
        return delivery?.nextAttemptAt != null &&
          Date.parse(delivery.nextAttemptAt) <= now.getTime()
          ? delivery
          : null;
      }),
    );
    return found.filter((d): d is WebhookDelivery => d !== null);
  }

  async recordAttempt(
    delivery: WebhookDelivery,
    read: Pick<WebhookDelivery, 'attempts' | 'nextAttemptAt'>,
  ): Promise<boolean> {
    const { client, sdk } = await this.db();
    try {
      await client.send(
        new sdk.TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.tableName,
                Item: deliveryItem(delivery),
                // As the writer read it, due mark included: two writers at one count (a put-off
                // makes no attempt) never both move it, which would leave a mark with no delivery
                // due at it. A delivery not there (deleted meanwhile) fails the count.
                ...(read.nextAttemptAt === null
                  ? {
                      ConditionExpression: 'attemptCount = :n',
                      ExpressionAttributeValues: { ':n': read.attempts.length },
                    }
                  : {
                      ConditionExpression: 'attemptCount = :n AND nextAttemptAt = :due',
                      ExpressionAttributeValues: {
                        ':n': read.attempts.length,
                        ':due': read.nextAttemptAt,
                      },
                    }),
              },
            },
            ...(read.nextAttemptAt === null || read.nextAttemptAt === delivery.nextAttemptAt
              ? []
              : [
                  {
                    Delete: {
                      TableName: this.tableName,
                      Key: webhookDueKey(read.nextAttemptAt, delivery.deliveryId),
                    },
                  },
                ]),
            ...this.dueMark(delivery),
          ],
        }),
      );
      return true;
    } catch (err) {
      if (isCancelled(err) || isConditionFailure(err)) return false;
      throw err;
    }
  }

  async takeSlot(
    endpointId: string,
    slots: number,
    holder: string,
    now: Date,
    until: Date,
  ): Promise<{ slot: number } | { allHeldSince: string }> {
    const { client, sdk } = await this.db();
    // From a slot of its own choosing: consumers side by side do not all race for the first.
    const first = Math.floor(Math.random() * slots);
    for (let n = 0; n < slots; n += 1) {
      const slot = (first + n) % slots;
      try {
        await client.send(
          new sdk.PutCommand({
            TableName: this.tableName,
            Item: {
              ...webhookSlotKey(endpointId, slot),
              holder,
              since: now.toISOString(),
              heldUntil: until.toISOString(),
              expiresAt: Math.ceil(until.getTime() / 1000) + SLOT_KEPT_S,
            },
            ConditionExpression: 'attribute_not_exists(pk) OR heldUntil < :now',
            ExpressionAttributeValues: { ':now': now.toISOString() },
          }),
        );
        return { slot };
      } catch (err) {
        if (!isConditionFailure(err)) throw err;
      }
    }
    const held = await queryAll(await this.db(), {
      TableName: this.tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': webhookSlotKey(endpointId, 0).pk },
      ConsistentRead: true,
    });
    const since = held
      .filter((h) => String(h.heldUntil) >= now.toISOString())
      .map((h) => String(h.since))
      .sort();
    return { allHeldSince: since.at(-1) ?? now.toISOString() };
  }

  async releaseSlot(endpointId: string, slot: number, holder: string): Promise<void> {
    const { client, sdk } = await this.db();
    try {
      await client.send(
        new sdk.DeleteCommand({
          TableName: this.tableName,
          Key: webhookSlotKey(endpointId, slot),
          ConditionExpression: 'holder = :holder',
          ExpressionAttributeValues: { ':holder': holder },
        }),
      );
    } catch (err) {
      // Taken over meanwhile (held past its time): the new holder's now.
      if (!isConditionFailure(err)) throw err;
    }
  }

  async deliveries(
    endpointId: string,
    limit: number,
    cursor: string | null,
  ): Promise<{ items: WebhookDelivery[]; nextCursor: string | null }> {
    const items = await queryUpTo(
      await this.db(),
      {
        TableName: this.tableName,
        KeyConditionExpression: cursor === null ? 'pk = :pk' : 'pk = :pk AND sk < :cursor',
        ExpressionAttributeValues: {
          ':pk': webhookDeliveryKey(endpointId, '').pk,
          ...(cursor === null ? {} : { ':cursor': cursor }),
        },
        ScanIndexForward: false,
        ConsistentRead: true,
      },
      limit + 1,
    );
    const parsed = items.flatMap((item) => {
      const one = deliverySchema.safeParse(item);
      return one.success ? [one.data] : [];
    });
    const page = parsed.slice(0, limit);
    return {
      items: page,
      nextCursor: parsed.length > limit ? (page.at(-1)?.deliveryId ?? null) : null,
    };
  }
}
