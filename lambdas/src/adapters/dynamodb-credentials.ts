import * as z from 'zod';
import { API_SCOPE_VALUES } from '@ccsc/contract/scopes';
import { onContainerReset } from '../container';
import { ConflictError } from '../core/errors';
import {
  CREDENTIAL_PK,
  CREDENTIAL_USED_PK,
  credentialClientKey,
  credentialKey,
  credentialUsedKey,
} from '../data-model';
import type { CredentialRecord, CredentialStore } from '../core/ports/credentials';
import { isCancelled, isConditionFailure } from './clients/dynamodb';
import { DynamoTable, newItemPut } from './dynamodb-table';
import { queryAll } from './dynamodb-query';

const iso = z.string();
const recordSchema: z.ZodType<Omit<CredentialRecord, 'lastUsedAt'>> = z.lazy(() =>
  z.object({
    apiId: z.string(),
    organisationId: z.string(),
    systemId: z.string(),
    clientId: z.string(),
    scopes: z.array(z.enum(API_SCOPE_VALUES)),
    description: z.string().nullable(),
    contactEmail: z.string(),
    status: z.enum(['pending', 'active', 'expired', 'revoked', 'broken']),
    validUntil: iso,
    createdAt: iso,
    createdBy: z.string(),
    revealedAt: iso.nullable(),
    link: z
      .object({
        tokenHash: z.string(),
        kind: z.enum(['initial', 'rotation']),
        issuedAt: iso,
        until: iso,
      })
      .nullable(),
    rotation: z
      .object({
        graceDays: z.number().int(),
        revealedAt: iso.nullable(),
        retiresAt: iso.nullable(),
        retiringSecretId: z.string().nullable(),
      })
      .nullable(),
    noticesSent: z.array(z.enum(['30-days', '7-days', '14-days-event'])),
    revokedAt: iso.nullable(),
    revokedBy: z.string().nullable(),
    revision: z.number().int(),
    lastChange: z
      .object({
        writeId: z.string(),
        action: z.string(),
        by: z.string(),
        fromRevision: z.number().int(),
      })
      .nullable()
      .optional(),
    requestHash: z.string().nullable().optional(),
    tokensNotBefore: iso.nullable().optional(),
  }),
);

/**
 * The partner API's per-container copies of credentials, by client id (byClient's `maxAgeMs`);
 * every change this process makes drops its copy first.
 */
const byClientCache = new Map<string, { record: CredentialRecord; at: number }>();
onContainerReset(() => {
  byClientCache.clear();
});

const CHANGED =
  'The credential was changed by someone else meanwhile. Reload, check, and try again.';

/** The record as stored: its last use lives apart (CREDENTIAL#USED). */
const withoutUse = (record: CredentialRecord): Omit<CredentialRecord, 'lastUsedAt'> => {
  const stored: Partial<CredentialRecord> = { ...record };
  delete stored.lastUsedAt;
  return stored as Omit<CredentialRecord, 'lastUsedAt'>;
};

/**
 * Credentials in the main table (data-model.ts): the record under `CREDENTIAL` / apiId, its last
 * use apart under `CREDENTIAL#USED` / apiId, and the client lookup under `CREDENTIAL#CLIENT` /
 * clientId. Changes are puts conditional on the revision read; a link is redeemed by such a put
 * that also requires the link's hash, so of two redemptions only one gets it.
 */
export class DynamoCredentialStore extends DynamoTable implements CredentialStore {
  private toRecord(
    item: Record<string, unknown> | undefined,
    used: unknown,
  ): CredentialRecord | null {
    if (item === undefined) return null;
    const parsed = recordSchema.safeParse(item);
    if (!parsed.success) return null;
    return { ...parsed.data, lastUsedAt: typeof used === 'string' ? used : null };
  }

  async get(apiId: string): Promise<CredentialRecord | null> {
    const [record, used] = await Promise.all(
      [credentialKey(apiId), credentialUsedKey(apiId)].map((key) => this.getItem(key)),
    );
    return this.toRecord(record, used?.at);
  }

  async byClient(clientId: string, maxAgeMs = 0): Promise<CredentialRecord | null> {
    const cached = byClientCache.get(clientId);
    const now = Date.now();
    if (cached !== undefined && now - cached.at <= maxAgeMs) return cached.record;
    const record = await this.readByClient(clientId);
    if (record === null) byClientCache.delete(clientId);
    else byClientCache.set(clientId, { record, at: now });
    return record;
  }

  private async readByClient(clientId: string): Promise<CredentialRecord | null> {
    const item = await this.getItem(credentialClientKey(clientId));
    const apiId: unknown = item?.apiId;
    return typeof apiId === 'string' ? this.get(apiId) : null;
  }

  async all(): Promise<CredentialRecord[]> {
    const dynamo = await this.db();
    const query = (pk: string) =>
      queryAll(dynamo, {
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ConsistentRead: true,
      });
    const [records, uses] = await Promise.all([query(CREDENTIAL_PK), query(CREDENTIAL_USED_PK)]);
    const usedAt = new Map(uses.map((u) => [String(u.sk), u.at]));
    return records
      .flatMap((item) => {
        const record = this.toRecord(item, usedAt.get(String(item.sk)));
        return record === null ? [] : [record];
      })
      .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  }

  async create(record: CredentialRecord): Promise<void> {
    const { client, sdk } = await this.db();
    try {
      await client.send(
        new sdk.TransactWriteCommand({
          TransactItems: [
            newItemPut(this.tableName, { ...credentialKey(record.apiId), ...withoutUse(record) }),
            newItemPut(this.tableName, {
              ...credentialClientKey(record.clientId),
              apiId: record.apiId,
            }),
          ],
        }),
      );
    } catch (err) {
      if (isCancelled(err)) throw new ConflictError(CHANGED);
      throw err;
    }
  }

  async replace(record: CredentialRecord, expectedRevision: number): Promise<void> {
    byClientCache.delete(record.clientId);
    if (!(await this.putIf(record, expectedRevision, null))) throw new ConflictError(CHANGED);
  }

  async redeemLink(
    apiId: string,
    tokenHash: string,
    now: Date,
    take: (record: CredentialRecord) => CredentialRecord,
  ): Promise<CredentialRecord | null> {
    const record = await this.get(apiId);
    if (record?.link?.tokenHash !== tokenHash) return null;
    byClientCache.delete(record.clientId);
    if (Date.parse(record.link.until) <= now.getTime()) return null;
    return (await this.putIf(take(record), record.revision, tokenHash)) ? record : null;
  }

  async touch(apiId: string, at: Date, everyMs: number): Promise<void> {
    const { client, sdk } = await this.db();
    try {
      await client.send(
        new sdk.PutCommand({
          TableName: this.tableName,
          Item: { ...credentialUsedKey(apiId), at: at.toISOString() },
          ConditionExpression: 'attribute_not_exists(pk) OR #at < :before',
          ExpressionAttributeNames: { '#at': 'at' },
          ExpressionAttributeValues: {
            ':before': new Date(at.getTime() - everyMs).toISOString(),
          },
        }),
      );
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
  }

  /** Puts the record if the stored one is at `revision` (and holds the link `tokenHash`). */
  private async putIf(
    record: CredentialRecord,
    revision: number,
    tokenHash: string | null,
  ): Promise<boolean> {
    const { client, sdk } = await this.db();
    try {
      await client.send(
        new sdk.PutCommand({
          TableName: this.tableName,
          Item: { ...credentialKey(record.apiId), ...withoutUse(record) },
          ConditionExpression:
            tokenHash === null
              ? '#revision = :revision'
              : '#revision = :revision AND #link.#hash = :hash',
          ExpressionAttributeNames: {
            '#revision': 'revision',
            ...(tokenHash === null ? {} : { '#link': 'link', '#hash': 'tokenHash' }),
          },
          ExpressionAttributeValues: {
            ':revision': revision,
            ...(tokenHash === null ? {} : { ':hash': tokenHash }),
          },
        }),
      );
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  }
}
