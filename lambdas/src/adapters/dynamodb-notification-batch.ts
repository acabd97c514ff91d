import {
  notificationDigestKey,
  notificationPk,
  notificationPrefsKey,
  notificationSk,
  notificationStateKey,
} from '../data-model';
import type { NotificationDelivery, StoredNotification } from '../core/ports/notifications';
import { batchGetAll, type Dynamo, isCancelled } from './clients/dynamodb';
import { newItemPut } from './dynamodb-table';

/**
 * Many users' notifications written together (issue 35: a distribution's 500 sites' OrgAdmins
 * within the 5 s budget): each as `deliver` writes one — the mark that it was delivered (only if
 * new), the notification, the user's unread count raised (only after the read-all mark), the
 * digest item — but several users' to one TransactWriteItems, the marks read by one BatchGetItem.
 * A transaction cancelled (a mark written meanwhile, a read-all mark from a clock ahead) writes
 * nothing: its deliveries are answered `undefined`, for `deliver` one by one.
 */

const MOST_ITEMS = 100;

export const eventMark = (userName: string, eventId: string) => ({
  pk: notificationPk(userName),
  sk: `E#${eventId}`,
});

const rowId = (key: Record<string, unknown>): string => `${String(key.pk)}\u0000${String(key.sk)}`;

/** One delivery's items; `at`: when delivered, its key's time. */
const itemsOf = (tableName: string, d: NotificationDelivery, at: string) => {
  const notificationId = `${at}#${d.event.eventId}`;
  const item: StoredNotification = { ...d.event, notificationId, read: false };
  const sk = notificationSk(at, d.event.eventId);
  return [
    newItemPut(tableName, { ...eventMark(d.userName, d.event.eventId) }),
    newItemPut(tableName, { pk: notificationPk(d.userName), sk, ...item }),
    {
      Update: {
        TableName: tableName,
        Key: notificationStateKey(d.userName),
        UpdateExpression: 'ADD unread :one',
        ConditionExpression: 'attribute_not_exists(readBefore) OR readBefore < :sk',
        ExpressionAttributeValues: { ':one': 1, ':sk': sk },
      },
    },
    ...(d.digest
      ? [
          newItemPut(tableName, {
            ...notificationDigestKey(d.userName, d.event.at, d.event.eventId),
            userName: d.userName,
            notification: { ...d.event, notificationId },
          }),
        ]
      : []),
  ];
};

/** Each delivery: true delivered now, false delivered before, undefined not written here. */
export const deliverNotifications = async (
  db: Dynamo,
  tableName: string,
  deliveries: readonly NotificationDelivery[],
  now: Date,
): Promise<(boolean | undefined)[]> => {
  const at = now.toISOString();
  const marks = new Set(
    (
      await batchGetAll(
        db,
        tableName,
        deliveries.map((d) => eventMark(d.userName, d.event.eventId)),
        'notification marks',
      )
    ).map(rowId),
  );
  const out: (boolean | undefined)[] = deliveries.map((d) =>
    marks.has(rowId(eventMark(d.userName, d.event.eventId))) ? false : undefined,
  );
  // Each user at most once a transaction (one item, one operation), within its 100 items.
  let chunk: number[] = [];
  let users = new Set<string>();
  let size = 0;
  const write = async () => {
    if (chunk.length === 0) return;
    const items = chunk.flatMap((i) =>
      itemsOf(tableName, deliveries[i] as NotificationDelivery, at),
    );
    try {
      await db.client.send(new db.sdk.TransactWriteCommand({ TransactItems: items }));
      for (const i of chunk) out[i] = true;
    } catch (err) {
      if (!isCancelled(err)) throw err;
    }
    chunk = [];
    users = new Set();
    size = 0;
  };
  for (const [i, d] of deliveries.entries()) {
    if (out[i] === false) continue;
    const items = d.digest ? 4 : 3;
    if (users.has(d.userName) || size + items > MOST_ITEMS) await write();
    chunk.push(i);
    users.add(d.userName);
    size += items;
  }
  await write();
  return out;
};

/** The stored choices of several users, by user (BatchGetItem); a user without: not in it. */
export const preferenceItems = async (
  db: Dynamo,
  tableName: string,
  userNames: readonly string[],
): Promise<Map<string, Record<string, unknown>>> => {
  const items = await batchGetAll(
    db,
    tableName,
    [...new Set(userNames)].map((u) => notificationPrefsKey(u)),
    'notification preferences',
  );
  const byPk = new Map(items.map((i) => [String(i.pk), i]));
  return new Map(
    userNames.flatMap((u) => {
      const found = byPk.get(notificationPk(u));
      return found === undefined ? [] : [[u, found] as const];
    }),
  );
};
