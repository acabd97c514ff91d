import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import {
  REGISTRY_VERSION_KEY,
  registryChangeKey,
  registryClaimKey,
  registryRecordKey,
  registryUseKey,
} from '../data-model';
import {
  type RegistryChange,
  type RegistryRecord,
  type RegistryType,
  useKey,
} from '../core/ports/registry';
import { idOf, netClaims, netUses, stamped } from '../core/ports/registry-rules';
import { newItemPut } from './dynamodb-table';
import {
  recordItem,
  LOG_INLINE_BYTES,
  MAX_TRANSACTION_BYTES,
  type LogEntry,
  CHANGE_SECONDS,
} from './dynamodb-registry-items';

/** The TransactWriteItems of a registry commit and of a removal (dynamodb-registry.ts). */

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** One item of a transaction, with the conditions gathered on it. */
export interface Op {
  kind: 'Put' | 'Update' | 'Delete' | 'ConditionCheck';
  key: { pk: string; sk: string };
  item?: Record<string, unknown>;
  update?: string;
  conditions: string[];
  names: Record<string, string>;
  values: Record<string, unknown>;
}

export const UNUSED = 'attribute_not_exists(#open) OR #open <= :zero';

export const activeCondition = (type: RegistryType) =>
  type === 'study'
    ? {
        condition: 'attribute_exists(pk) AND #status <> :closed',
        values: { ':closed': 'closed' },
      }
    : { condition: '#status = :active', values: { ':active': 'active' } };

/** Where a transaction is written, and the time its claims and change log take. */
export interface TransactionPlace {
  tableName: string;
  now: () => Date;
}

/** The transaction of a change committed on `version` (which it raises, logging the change). */
export const transactionOf = (
  at: TransactionPlace,
  change: RegistryChange,
  version: number,
): TransactItem[] => {
  const ops = new Map<string, Op>();
  const keyOf = (key: { pk: string; sk: string }) => `${key.pk}\u0000${key.sk}`;
  const add = (op: Op) => {
    ops.set(keyOf(op.key), op);
  };
  const puts = change.puts.map((put) => stamped(put, change.writeId));
  for (const [i, put] of change.puts.entries()) {
    const item = puts[i] as RegistryRecord;
    const expected = put.expectedRevision;
    add({
      kind: 'Put',
      key: registryRecordKey(item.type, idOf(item)),
      item: recordItem(item),
      conditions: [expected === null ? 'attribute_not_exists(pk)' : '#revision = :revision'],
      names: expected === null ? {} : { '#revision': 'revision' },
      values: expected === null ? {} : { ':revision': expected },
    });
  }
  const { claims, releases } = netClaims(change);
  for (const claim of claims) {
    const key = registryClaimKey(claim.key);
    add({
      kind: 'Put',
      key,
      item: { ...key, writeId: change.writeId, claimedAt: at.now().toISOString() },
      conditions: ['attribute_not_exists(pk)'],
      names: {},
      values: {},
    });
  }
  for (const release of releases) {
    add({
      kind: 'Delete',
      key: registryClaimKey(release),
      conditions: [],
      names: {},
      values: {},
    });
  }
  for (const [key, by] of netUses(change)) {
    add({
      kind: 'Update',
      key: registryUseKey(key),
      update: 'ADD #open :by',
      conditions: [],
      names: { '#open': 'open' },
      values: { ':by': by },
    });
  }
  for (const guard of change.guards ?? []) {
    const key =
      guard.kind === 'unused' ? registryUseKey(guard.key) : registryRecordKey(guard.type, guard.id);
    const op: Op = ops.get(keyOf(key)) ?? {
      kind: 'ConditionCheck',
      key,
      conditions: [],
      names: {},
      values: {},
    };
    if (guard.kind === 'unused') {
      op.conditions.push(UNUSED);
      op.names['#open'] = 'open';
      op.values[':zero'] = 0;
    } else {
      const { condition, values } = activeCondition(guard.type);
      op.conditions.push(condition);
      op.names['#status'] = 'status';
      Object.assign(op.values, values);
    }
    add(op);
  }
  const logged = puts.map((p) => ({ type: p.type, record: { ...p.record } }));
  const inline = JSON.stringify(logged).length <= LOG_INLINE_BYTES;
  const items = [...ops.values()].map((op) => toTransactItem(at, op));
  items.push(
    versionRaise(at, version),
    logPut(at, version + 1, {
      puts: inline ? logged : [],
      refs: inline ? [] : puts.map((p) => ({ type: p.type, id: idOf(p) })),
      removed: [],
    }),
  );
  if (JSON.stringify(items).length > MAX_TRANSACTION_BYTES) {
    throw new Error('registry: a change too large for one transaction');
  }
  return items;
};

export const toTransactItem = (at: TransactionPlace, op: Op): TransactItem => {
  const expression = {
    ...(op.conditions.length === 0
      ? {}
      : { ConditionExpression: op.conditions.map((c) => `(${c})`).join(' AND ') }),
    ...(Object.keys(op.names).length === 0 ? {} : { ExpressionAttributeNames: op.names }),
    ...(Object.keys(op.values).length === 0 ? {} : { ExpressionAttributeValues: op.values }),
  };
  const base = { TableName: at.tableName, ...expression };
  switch (op.kind) {
    case 'Put':
      return { Put: { ...base, Item: op.item ?? op.key } };
    case 'Update':
      return { Update: { ...base, Key: op.key, UpdateExpression: op.update ?? '' } };
    case 'Delete':
      return { Delete: { ...base, Key: op.key } };
    case 'ConditionCheck':
      return {
        ConditionCheck: {
          ...base,
          Key: op.key,
          ConditionExpression: base.ConditionExpression ?? '',
        },
      };
  }
};

export const versionRaise = (at: TransactionPlace, version: number): TransactItem => {
  return {
    Update: {
      TableName: at.tableName,
      Key: REGISTRY_VERSION_KEY,
      UpdateExpression: 'SET #version = :next',
      ConditionExpression: version === 0 ? 'attribute_not_exists(pk)' : '#version = :current',
      ExpressionAttributeNames: { '#version': 'version' },
      ExpressionAttributeValues:
        version === 0 ? { ':next': 1 } : { ':next': version + 1, ':current': version },
    },
  };
};

export const logPut = (
  at: TransactionPlace,
  version: number,
  entry: Omit<LogEntry, 'version'>,
): TransactItem => {
  return newItemPut(at.tableName, {
    ...registryChangeKey(version),
    version,
    ...entry,
    expiresAt: Math.floor(at.now().getTime() / 1000) + CHANGE_SECONDS,
  });
};

/**
 * The deletes of a removal: each record at revision 1, on its use count still unused, and the
 * claims its creating write still holds.
 */
export const removalItems = (
  at: TransactionPlace,
  removable: { type: RegistryType; id: string }[],
  claimKeys: { key: string; writeId: string }[],
  claims: Map<string, Record<string, unknown>>,
): TransactItem[] => {
  const items: TransactItem[] = [];
  for (const r of removable) {
    items.push({
      Delete: {
        TableName: at.tableName,
        Key: registryRecordKey(r.type, r.id),
        ConditionExpression: '#revision = :one',
        ExpressionAttributeNames: { '#revision': 'revision' },
        ExpressionAttributeValues: { ':one': 1 },
      },
    });
    if (r.type !== 'connection') {
      items.push({
        ConditionCheck: {
          TableName: at.tableName,
          Key: registryUseKey(useKey(r.type, r.id)),
          ConditionExpression: UNUSED,
          ExpressionAttributeNames: { '#open': 'open' },
          ExpressionAttributeValues: { ':zero': 0 },
        },
      });
    }
  }
  for (const claim of claimKeys) {
    const key = registryClaimKey(claim.key);
    if (claims.get(`${key.pk}\u0000${key.sk}`)?.writeId !== claim.writeId) continue;
    items.push({
      Delete: {
        TableName: at.tableName,
        Key: key,
        ConditionExpression: '#writeId = :writeId',
        ExpressionAttributeNames: { '#writeId': 'writeId' },
        ExpressionAttributeValues: { ':writeId': claim.writeId },
      },
    });
  }
  return items;
};
