import * as z from 'zod';
import { EVENT_KINDS, eventKindSchema, eventSubjectSchema } from '@ccsc/contract/events';
import { NOTIFICATION_CHANNELS, NOTIFICATION_LANGUAGES } from '@ccsc/contract/notifications';
import {
  NOTIFICATION_DIGEST_PK,
  notificationDigestKey,
  notificationPk,
  notificationPrefsKey,
  notificationSk,
  notificationStateKey,
} from '../data-model';
import { ValidationError } from '../core/errors';
import {
  BAD_NOTIFICATION_CURSOR,
  type DigestItem,
  type NotificationDelivery,
  type NotificationStore,
  type StoredNotification,
  type StoredPreferences,
} from '../core/ports/notifications';
import { isCancelled, isConditionFailure } from './clients/dynamodb';
import { queryAll } from './dynamodb-query';
import { DynamoTable, newItemPut } from './dynamodb-table';

import { deliverNotifications, eventMark, preferenceItems } from './dynamodb-notification-batch';

const notificationSchema = z.object({
  notificationId: z.string(),
  eventId: z.string(),
  kind: eventKindSchema,
  at: z.string(),
  organisationId: z.string(),
  organisationName: z.string(),
  subject: eventSubjectSchema,
  counterpart: z.object({ organisationId: z.string(), name: z.string() }).nullable(),
  reason: z.string().nullable(),
  read: z.boolean(),
});
const stateSchema = z.object({
  unread: z.number().int().optional(),
  readBefore: z.string().optional(),
});
const prefsSchema = z.object({
  channels: z.partialRecord(z.enum(EVENT_KINDS), z.enum(NOTIFICATION_CHANNELS)),
  language: z.enum(NOTIFICATION_LANGUAGES).nullable(),
});
const digestSchema = z.object({
  userName: z.string(),
  sk: z.string(),
  notification: notificationSchema.omit({ read: true }),
});

/** The first sort key of a user's notifications (`#STATE`, `#PREFS` and the `E#` marks sort before). */
const FIRST = 'N#';
const keyOf = (userName: string, notificationId: string) => ({
  pk: notificationPk(userName),
  sk: `${FIRST}${notificationId}`,
});

const badCursor = () =>
  new ValidationError(BAD_NOTIFICATION_CURSOR, [
    { path: 'cursor', message: BAD_NOTIFICATION_CURSOR },
  ]);

/**
 * Each user's notifications in the main table (data-model.ts "Events and notifications"):
 * `NOTIF#<userName>` holds them (`N#<delivered at>#<eventId>`, newest first by a backwards
 * Query), a mark per event delivered (`E#<eventId>`: once), the unread count and the read-all
 * mark (`#STATE`) and the preferences (`#PREFS`). A notification counts as read when marked or
 * at or before the read-all mark; every change of the count is conditional on the mark it saw,
 * so a delivery, a mark-read and a mark-all-read that cross stay counted right.
 */
export class DynamoNotifications extends DynamoTable implements NotificationStore {
  private async state(userName: string) {
    return stateSchema.parse((await this.getItem(notificationStateKey(userName))) ?? {});
  }

  async deliver(
    userName: string,
    event: Parameters<NotificationStore['deliver']>[1],
    options: { digest: boolean },
    now: Date,
  ): Promise<boolean> {
    const { client, sdk } = await this.db();
    for (let attempt = 0; ; attempt += 1) {
      const delivered = new Date(now.getTime() + attempt).toISOString();
      const notificationId = `${delivered}#${event.eventId}`;
      const item: StoredNotification = { ...event, notificationId, read: false };
      const key = { pk: notificationPk(userName), sk: notificationSk(delivered, event.eventId) };
      try {
        await client.send(
          new sdk.TransactWriteCommand({
            TransactItems: [
              newItemPut(this.tableName, { ...eventMark(userName, event.eventId) }),
              newItemPut(this.tableName, { ...key, ...item }),
              {
                Update: {
                  TableName: this.tableName,
                  Key: notificationStateKey(userName),
                  UpdateExpression: 'ADD unread :one',
                  ConditionExpression: 'attribute_not_exists(readBefore) OR readBefore < :sk',
                  ExpressionAttributeValues: { ':one': 1, ':sk': key.sk },
                },
              },
              ...(options.digest
                ? [
                    newItemPut(this.tableName, {
                      ...notificationDigestKey(userName, event.at, event.eventId),
                      userName,
                      notification: { ...event, notificationId },
                    }),
                  ]
                : []),
            ],
          }),
        );
        return true;
      } catch (err) {
        if (!isCancelled(err)) throw err;
        if ((await this.getItem(eventMark(userName, event.eventId))) !== undefined) return false;
        // A read-all mark from a clock ahead of ours: delivered a moment later.
        if (attempt >= 3) throw err;
      }
    }
  }

  async list(
    userName: string,
    page: { limit: number; cursor: string | null; unreadOnly: boolean },
  ): Promise<{ notifications: StoredNotification[]; nextCursor: string | null }> {
    const { client, sdk } = await this.db();
    let start: Record<string, unknown> | undefined;
    if (page.cursor !== null) {
      const sk = Buffer.from(page.cursor, 'base64url').toString('utf8');
      if (!sk.startsWith(FIRST) || sk.length > 300) throw badCursor();
      start = { pk: notificationPk(userName), sk };
    }
    const readBefore = (await this.state(userName)).readBefore ?? FIRST;
    // The unread: only those after the read-all mark (the key condition), not marked one by one.
    const out = await client.send(
      new sdk.QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: page.unreadOnly
          ? 'pk = :pk AND sk > :from'
          : 'pk = :pk AND begins_with(sk, :first)',
        ...(page.unreadOnly
          ? { FilterExpression: '#read = :no', ExpressionAttributeNames: { '#read': 'read' } }
          : {}),
        ExpressionAttributeValues: {
          ':pk': notificationPk(userName),
          ...(page.unreadOnly ? { ':from': readBefore, ':no': false } : { ':first': FIRST }),
        },
        ScanIndexForward: false,
        Limit: page.limit,
        ExclusiveStartKey: start,
        ConsistentRead: true,
      }),
    );
    const notifications = (out.Items ?? []).flatMap((raw) => {
      const parsed = notificationSchema.safeParse(raw);
      if (!parsed.success) return [];
      const sk = `${FIRST}${parsed.data.notificationId}`;
      return [{ ...parsed.data, read: parsed.data.read || sk <= readBefore }];
    });
    const last: unknown = out.LastEvaluatedKey?.sk;
    return {
      notifications,
      nextCursor: typeof last === 'string' ? Buffer.from(last).toString('base64url') : null,
    };
  }

  async unread(userName: string): Promise<number> {
    return Math.max(0, (await this.state(userName)).unread ?? 0);
  }

  async markRead(
    userName: string,
    notificationId: string,
  ): Promise<'marked' | 'already' | 'missing'> {
    const { client, sdk } = await this.db();
    const key = keyOf(userName, notificationId);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const [found, state] = await Promise.all([this.getItem(key), this.state(userName)]);
      const n = notificationSchema.safeParse(found);
      if (!n.success) return 'missing';
      if (n.data.read || key.sk <= (state.readBefore ?? '')) return 'already';
      try {
        await client.send(
          new sdk.TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: this.tableName,
                  Key: key,
                  UpdateExpression: 'SET #read = :yes',
                  ConditionExpression: '#read = :no',
                  ExpressionAttributeNames: { '#read': 'read' },
                  ExpressionAttributeValues: { ':yes': true, ':no': false },
                },
              },
              {
                Update: {
                  TableName: this.tableName,
                  Key: notificationStateKey(userName),
                  UpdateExpression: 'ADD unread :less',
                  ConditionExpression:
                    state.readBefore === undefined
                      ? 'attribute_not_exists(readBefore)'
                      : 'readBefore = :mark',
                  ExpressionAttributeValues: {
                    ':less': -1,
                    ...(state.readBefore === undefined ? {} : { ':mark': state.readBefore }),
                  },
                },
              },
            ],
          }),
        );
        return 'marked';
      } catch (err) {
        // Marked meanwhile, one by one or all at once: read again and answer that.
        if (!isCancelled(err)) throw err;
      }
    }
    return 'already';
  }

  async markAllRead(userName: string): Promise<number> {
    const { client, sdk } = await this.db();
    for (;;) {
      const state = await this.state(userName);
      const newest = await client.send(
        new sdk.QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :first)',
          ExpressionAttributeValues: { ':pk': notificationPk(userName), ':first': FIRST },
          ScanIndexForward: false,
          Limit: 1,
          ProjectionExpression: 'sk',
          ConsistentRead: true,
        }),
      );
      const mark: unknown = newest.Items?.[0]?.sk;
      const unread = state.unread ?? 0;
      if (typeof mark !== 'string' || unread <= 0) return 0;
      try {
        // Only from the count it read: a delivery or a mark-read meanwhile makes it read again.
        await client.send(
          new sdk.UpdateCommand({
            TableName: this.tableName,
            Key: notificationStateKey(userName),
            UpdateExpression: 'SET unread = :zero, readBefore = :mark',
            ConditionExpression: 'unread = :seen',
            ExpressionAttributeValues: { ':zero': 0, ':mark': mark, ':seen': unread },
          }),
        );
        return unread;
      } catch (err) {
        if (!isConditionFailure(err)) throw err;
      }
    }
  }

  async deliverMany(deliveries: readonly NotificationDelivery[], now: Date): Promise<boolean[]> {
    const written = await deliverNotifications(await this.db(), this.tableName, deliveries, now);
    // Those a cancelled transaction left (a race, a read-all mark ahead): one by one.
    return Promise.all(
      deliveries.map(
        async (d, i) =>
          written[i] ?? (await this.deliver(d.userName, d.event, { digest: d.digest }, now)),
      ),
    );
  }

  async preferencesOf(
    userNames: readonly string[],
  ): Promise<Map<string, StoredPreferences | null>> {
    const items = await preferenceItems(await this.db(), this.tableName, userNames);
    return new Map(
      userNames.map((u) => {
        const parsed = prefsSchema.safeParse(items.get(u));
        return [u, parsed.success ? parsed.data : null];
      }),
    );
  }

  async preferences(userName: string): Promise<StoredPreferences | null> {
    const parsed = prefsSchema.safeParse(await this.getItem(notificationPrefsKey(userName)));
    return parsed.success ? parsed.data : null;
  }

  async savePreferences(userName: string, preferences: StoredPreferences): Promise<void> {
    const { client, sdk } = await this.db();
    await client.send(
      new sdk.PutCommand({
        TableName: this.tableName,
        Item: { ...notificationPrefsKey(userName), ...preferences },
      }),
    );
  }

  async digestPending(): Promise<DigestItem[]> {
    const items = await queryAll(await this.db(), {
      TableName: this.tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': NOTIFICATION_DIGEST_PK },
      ConsistentRead: true,
    });
    return items.flatMap((raw) => {
      const parsed = digestSchema.safeParse(raw);
      return parsed.success
        ? [
            {
              userName: parsed.data.userName,
              key: parsed.data.sk,
              notification: parsed.data.notification,
            },
          ]
        : [];
    });
  }

  async digestDone(items: readonly Pick<DigestItem, 'key'>[]): Promise<void> {
    const { client, sdk } = await this.db();
    for (const { key } of items) {
      await client.send(
        new sdk.DeleteCommand({
          TableName: this.tableName,
          Key: { pk: NOTIFICATION_DIGEST_PK, sk: key },
        }),
      );
    }
  }
}
