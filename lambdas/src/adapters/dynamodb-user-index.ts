import * as z from 'zod';
import { onContainerReset } from '../container';
import { ROLES } from '@ccsc/contract/roles';
import {
  TABLES,
  USER_INDEX_CHANGES_PK,
  USER_INDEX_PK,
  USER_INDEX_VERSION_KEY,
  userIndexByEmail,
  userIndexChangeKey,
  userIndexKey,
} from '../data-model';
import type { IndexedUser, UserIndex } from '../core/ports/user-index';
import { queryAll } from './dynamodb-query';
import { type DynamoSource, isConditionFailure } from './clients/dynamodb';
import { DynamoTable } from './dynamodb-table';

const rowSchema = z.lazy(() =>
  z.object({
    userName: z.string().min(1),
    email: z.string(),
    emailVerified: z.boolean(),
    givenName: z.string().nullable(),
    familyName: z.string().nullable(),
    phoneNumber: z.string().nullable(),
    role: z.enum(ROLES).nullable(),
    organisationId: z.string().nullable(),
    enabled: z.boolean(),
    status: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    mfaEnrolled: z.boolean(),
    locked: z.boolean(),
    // Rows written before issue 18 have none: read as null (no invitation time recorded).
    invitationSentAt: z.string().nullable().default(null),
  }),
);

const toUser = (item: unknown): IndexedUser | null => {
  const parsed = rowSchema.safeParse(item);
  if (!parsed.success) return null; // not a row of ours: never half-shown
  return {
    ...parsed.data,
    createdAt: new Date(parsed.data.createdAt),
    updatedAt: new Date(parsed.data.updatedAt),
  };
};

const toItem = (user: IndexedUser) => ({
  ...user,
  createdAt: user.createdAt.toISOString(),
  updatedAt: user.updatedAt.toISOString(),
});

/** How long the change log keeps a change (TTL; readers older than that re-read everything). */
const CHANGE_SECONDS = 24 * 60 * 60;
/** Beyond this many changes a reader re-reads the rows rather than the log. */
const MAX_CATCH_UP = 1000;

interface Copy {
  version: number;
  byUser: Map<string, IndexedUser>;
  users: IndexedUser[];
}

/** A reader's copy of the whole index and the version it is current at (per table, per process). */
const copies = new Map<string, Copy>();
onContainerReset(() => {
  copies.clear();
});

type Change =
  { kind: 'put'; user: IndexedUser } | { kind: 'remove'; userName: string } | { kind: 'built' };

/**
 * The user index in the main table (layout: data-model.ts). A writer puts the row, raises the
 * version and logs the change under the new version. `all()` keeps a copy in memory: current
 * when the version has not moved, caught up from the log when it has (every version in between
 * present), re-read whole otherwise. Rows and changes are applied only over older states (by the
 * directory's last-modified time), so syncs that finish out of order keep the newer state.
 */
export class DynamoUserIndex extends DynamoTable implements UserIndex {
  constructor(
    client: DynamoSource,
    tableName: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    super(client, tableName);
  }

  async put(user: IndexedUser): Promise<void> {
    const { client, sdk } = await this.db();
    const item = toItem(user);
    try {
      await client.send(
        new sdk.PutCommand({
          TableName: this.tableName,
          Item: {
            ...userIndexKey(user.userName),
            ...userIndexByEmail(user.email, user.userName),
            ...item,
          },
          ConditionExpression: 'attribute_not_exists(pk) OR updatedAt <= :updatedAt',
          ExpressionAttributeValues: { ':updatedAt': item.updatedAt },
        }),
      );
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
      return; // a newer state of this user is already there
    }
    await this.logChange({ kind: 'put', user });
  }

  async remove(userName: string): Promise<void> {
    const { client, sdk } = await this.db();
    await client.send(
      new sdk.DeleteCommand({ TableName: this.tableName, Key: userIndexKey(userName) }),
    );
    await this.logChange({ kind: 'remove', userName });
  }

  async all(): Promise<IndexedUser[]> {
    const version = await this.version();
    const copy = copies.get(this.tableName);
    if (copy?.version === version) return copy.users;
    if (copy !== undefined && version > copy.version && version - copy.version <= MAX_CATCH_UP) {
      const caughtUp = await this.catchUp(copy, version);
      if (caughtUp !== null) {
        copies.set(this.tableName, caughtUp);
        return caughtUp.users;
      }
    }
    const byUser = new Map<string, IndexedUser>();
    const items = await queryAll(await this.db(), {
      TableName: this.tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': USER_INDEX_PK },
      ConsistentRead: true,
    });
    for (const item of items) {
      const user = toUser(item);
      if (user !== null) byUser.set(user.userName, user);
    }
    const fresh = { version, byUser, users: [...byUser.values()] };
    copies.set(this.tableName, fresh);
    return fresh.users;
  }

  async *pages(): AsyncIterable<IndexedUser[]> {
    const { client, sdk } = await this.db();
    let start: Record<string, unknown> | undefined;
    do {
      const out = await client.send(
        new sdk.QueryCommand({
          TableName: this.tableName,
          IndexName: TABLES.main.indexes[0].name,
          KeyConditionExpression: 'gsi1pk = :pk',
          ExpressionAttributeValues: { ':pk': USER_INDEX_PK },
          ExclusiveStartKey: start,
        }),
      );
      yield (out.Items ?? []).map(toUser).filter((u): u is IndexedUser => u !== null);
      start = out.LastEvaluatedKey;
    } while (start !== undefined);
  }

  async isBuilt(): Promise<boolean> {
    return typeof (await this.readVersionItem())?.builtAt === 'string';
  }

  async markBuilt(): Promise<void> {
    await this.logChange({ kind: 'built' }, this.now().toISOString());
  }

  /** The copy brought to `version` from the change log, or null when a change is missing. */
  private async catchUp(copy: Copy, version: number): Promise<Copy | null> {
    const changes = await queryAll(await this.db(), {
      TableName: this.tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': USER_INDEX_CHANGES_PK,
        ':from': userIndexChangeKey(copy.version + 1).sk,
        ':to': userIndexChangeKey(version).sk,
      },
      ConsistentRead: true,
    });
    // A writer raises the version before it logs the change: a change not logged yet (or lost)
    // leaves a gap, and then only a whole re-read is sure to be current.
    if (changes.length !== version - copy.version) return null;
    const byUser = new Map(copy.byUser);
    for (const change of changes) {
      if (change.kind === 'remove' && typeof change.userName === 'string') {
        byUser.delete(change.userName);
      } else if (change.kind === 'put') {
        const user = toUser(change.user);
        if (user === null) return null;
        const held = byUser.get(user.userName);
        if (held === undefined || held.updatedAt <= user.updatedAt) byUser.set(user.userName, user);
      }
    }
    return { version, byUser, users: [...byUser.values()] };
  }

  private async readVersionItem(): Promise<Record<string, unknown> | undefined> {
    return this.getItem(USER_INDEX_VERSION_KEY);
  }

  private async version(): Promise<number> {
    const item = await this.readVersionItem();
    return typeof item?.version === 'number' ? item.version : 0;
  }

  /** Raises the version (marking the index built, if told when) and logs the change under it. */
  private async logChange(change: Change, builtAt?: string): Promise<void> {
    const { client, sdk } = await this.db();
    const raised = await client.send(
      new sdk.UpdateCommand({
        TableName: this.tableName,
        Key: USER_INDEX_VERSION_KEY,
        UpdateExpression:
          builtAt === undefined ? 'ADD version :one' : 'SET builtAt = :at ADD version :one',
        ExpressionAttributeValues: {
          ':one': 1,
          ...(builtAt === undefined ? {} : { ':at': builtAt }),
        },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    const version: unknown = raised.Attributes?.version;
    if (typeof version !== 'number') throw new Error('user index: the version was not raised');
    const logged = change.kind === 'put' ? { kind: 'put', user: toItem(change.user) } : change;
    await client.send(
      new sdk.PutCommand({
        TableName: this.tableName,
        Item: {
          ...userIndexChangeKey(version),
          ...logged,
          expiresAt: Math.floor(this.now().getTime() / 1000) + CHANGE_SECONDS,
        },
      }),
    );
  }
}
