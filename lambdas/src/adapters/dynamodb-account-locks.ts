import type { AccountLock, AccountLocks } from '../core/ports/account-locks';
import { isConditionFailure } from './clients/dynamodb';
import { DynamoTable } from './dynamodb-table';

const SK = 'ACCOUNT_LOCK';
const keyOf = (userName: string) => ({ pk: `USER#${userName}`, sk: SK });

const itemOf = (lock: AccountLock) => ({
  ...keyOf(lock.userName),
  userName: lock.userName,
  lockedAt: lock.lockedAt.toISOString(),
  failedSignIns: lock.failedSignIns,
  reason: lock.reason,
  ...(lock.releasedAt === null ? {} : { releasedAt: lock.releasedAt.toISOString() }),
});

const toLock = (item: Record<string, unknown> | undefined): AccountLock | null => {
  if (item === undefined) return null;
  const { userName, lockedAt, failedSignIns, reason, releasedAt } = item;
  if (typeof userName !== 'string' || typeof lockedAt !== 'string') return null;
  return {
    userName,
    lockedAt: new Date(lockedAt),
    failedSignIns: typeof failedSignIns === 'number' ? failedSignIns : 0,
    reason: typeof reason === 'string' ? reason : '',
    releasedAt: typeof releasedAt === 'string' ? new Date(releasedAt) : null,
  };
};

/** Account locks in the main table: `USER#<userName>` / `ACCOUNT_LOCK`, one per user. */
export class DynamoAccountLocks extends DynamoTable implements AccountLocks {
  async get(userName: string): Promise<AccountLock | null> {
    const item = await this.getItem(keyOf(userName));
    return toLock(item);
  }

  async claim(lock: AccountLock, previous: AccountLock | null): Promise<boolean> {
    const { client, sdk } = await this.db();
    try {
      await client.send(
        new sdk.PutCommand({
          TableName: this.tableName,
          Item: itemOf(lock),
          // Optimistic: only over the record this call read, so one streak locks once.
          ...(previous === null
            ? { ConditionExpression: 'attribute_not_exists(pk)' }
            : {
                ConditionExpression: 'lockedAt = :previous',
                ExpressionAttributeValues: { ':previous': previous.lockedAt.toISOString() },
              }),
        }),
      );
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  }

  async unclaim(lock: AccountLock, previous: AccountLock | null): Promise<void> {
    const { client, sdk } = await this.db();
    const mine = {
      ConditionExpression: 'lockedAt = :mine',
      ExpressionAttributeValues: { ':mine': lock.lockedAt.toISOString() },
    };
    try {
      if (previous === null) {
        await client.send(
          new sdk.DeleteCommand({ TableName: this.tableName, Key: keyOf(lock.userName), ...mine }),
        );
      } else {
        await client.send(
          new sdk.PutCommand({ TableName: this.tableName, Item: itemOf(previous), ...mine }),
        );
      }
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
  }

  async release(userName: string, at: Date): Promise<void> {
    const { client, sdk } = await this.db();
    try {
      await client.send(
        new sdk.UpdateCommand({
          TableName: this.tableName,
          Key: keyOf(userName),
          UpdateExpression: 'SET releasedAt = :at',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(releasedAt)',
          ExpressionAttributeValues: { ':at': at.toISOString() },
        }),
      );
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
  }

  async claimFailureRecord(userName: string, eventId: string, at: Date): Promise<boolean> {
    return this.putIfNew({
      pk: `USER#${userName}`,
      sk: `SIGNIN_FAILURE#${eventId}`,
      // Bookkeeping only (the audit trail keeps the record): cleared after 30 days.
      expiresAt: Math.floor(at.getTime() / 1000) + 30 * 24 * 60 * 60,
    });
  }
}
