import { setTimeout as delay } from 'node:timers/promises';
import { onContainerReset } from '../container';
import { TooManyRequestsError } from '../core/errors';
import {
  REGISTRY_CHANGES_PK,
  REGISTRY_SHARDS,
  REGISTRY_VERSION_KEY,
  registryChangeKey,
  registryClaimKey,
  registryPartition,
  registryRecordKey,
  registryUseKey,
} from '../data-model';
import {
  claimsOf,
  type Registry,
  type RegistryChange,
  type RegistryRecord,
  type RegistrySnapshot,
  type RegistryType,
  useKey,
} from '../core/ports/registry';
import { queryAll } from './dynamodb-query';
import { REGISTRY_TYPES } from './registry-schemas';
import { type DynamoSource, isCancelled } from './clients/dynamodb';
import { DynamoTable } from './dynamodb-table';
import {
  checkShape,
  idOf,
  netClaims,
  netUses,
  referencedRecords,
  type RegistryState,
  verdictOf,
} from '../core/ports/registry-rules';
import {
  type AnyRecord,
  type Copy,
  toRecord,
  MAX_CATCH_UP,
  type Maps,
  deepFreeze,
  snapshotOf,
  type LogEntry,
  logSchema,
  chunks,
  REMOVALS_PER_TRANSACTION,
  MAX_ATTEMPTS,
} from './dynamodb-registry-items';
import {
  type TransactionPlace,
  transactionOf,
  removalItems,
  versionRaise,
  logPut,
} from './dynamodb-registry-transaction';

export const REGISTRY_BUSY = 'The registry is busy. Try again in a moment.';

/** A reader's copy of the whole registry and its version (per table, per process). */
const copies = new Map<string, Copy>();
/** A load of the whole registry under way, shared by the calls that arrive meanwhile. */
const loading = new Map<string, Promise<Copy>>();
onContainerReset(() => {
  copies.clear();
  loading.clear();
});

/**
 * The registry in the main table (layout and the commit protocol: data-model.ts). A commit is one
 * TransactWriteItems: the records put (each on its revision), claims put if absent, released
 * claims deleted, uses counted (ADD), guards as conditions, the version raised on the condition
 * that it is still the one read, and the change logged under it. When the transaction is
 * cancelled the records, claims and uses it touches are read again (consistently) and judged as
 * every store judges (registry-rules.ts): done, refused with the message, or a lost race for the
 * version — then it is tried again. Removals go after, a few records per transaction, each only
 * at revision 1 and unused. `snapshot()` keeps a copy per process, caught up from the log.
 */
export class DynamoRegistry extends DynamoTable implements Registry {
  constructor(
    client: DynamoSource,
    tableName: string,
    private readonly options: {
      now?: () => Date;
      sleep?: (ms: number) => Promise<void>;
    } = {},
  ) {
    super(client, tableName);
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  private place(): TransactionPlace {
    return { tableName: this.tableName, now: () => this.now() };
  }

  private async pause(attempt: number): Promise<void> {
    const ms = Math.round((10 + Math.random() * 20) * 2 ** Math.min(attempt, 5));
    await (this.options.sleep ?? ((t: number) => delay(t)))(ms);
  }

  // ---------- reading ----------

  readonly get: Registry['get'] = async (type, id) => {
    const item = await this.getItem(registryRecordKey(type, id));
    const found = item === undefined ? null : toRecord(type, item);
    // toRecord parsed the item with the schema of `type`.
    return found as never;
  };

  async snapshot(): Promise<RegistrySnapshot> {
    const version = await this.version();
    const copy = copies.get(this.tableName);
    if (copy?.version === version) return copy.snapshot;
    if (copy !== undefined && version > copy.version && version - copy.version <= MAX_CATCH_UP) {
      const caughtUp = await this.catchUp(copy, version);
      if (caughtUp !== null) {
        copies.set(this.tableName, caughtUp);
        return caughtUp.snapshot;
      }
    }
    let load = loading.get(this.tableName);
    if (load === undefined) {
      load = this.readWhole(version).finally(() => loading.delete(this.tableName));
      loading.set(this.tableName, load);
    }
    const fresh = await load;
    const held = copies.get(this.tableName);
    if (held === undefined || held.version <= fresh.version) copies.set(this.tableName, fresh);
    return fresh.snapshot;
  }

  private async version(): Promise<number> {
    const item = await this.getItem(REGISTRY_VERSION_KEY);
    const version: unknown = item?.version;
    return typeof version === 'number' ? version : 0;
  }

  /**
   * Every record, from every shard side by side, at least as new as `version`; what was committed
   * while they were read is then caught up from the log, so no change is seen only in part.
   */
  private async readWhole(version: number): Promise<Copy> {
    const dynamo = await this.db();
    const maps: Maps = {
      organisation: new Map(),
      system: new Map(),
      study: new Map(),
      connection: new Map(),
      standard: new Map(),
    };
    await Promise.all(
      REGISTRY_TYPES.flatMap((type) =>
        Array.from({ length: REGISTRY_SHARDS }, async (_, shard) => {
          const items = await queryAll(dynamo, {
            TableName: this.tableName,
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': registryPartition(type, shard) },
            ConsistentRead: true,
          });
          const map = maps[type];
          for (const item of items) {
            const record = toRecord(type, item);
            if (record !== null)
              map.set(idOf({ type, record } as RegistryRecord), deepFreeze(record));
          }
        }),
      ),
    );
    const copy: Copy = { version, maps, snapshot: snapshotOf(version, maps) };
    const after = await this.version();
    if (after === version) return copy;
    return (await this.catchUp(copy, after)) ?? copy;
  }

  /** The copy brought to `version` from the change log, or null when a change is missing. */
  private async catchUp(copy: Copy, version: number): Promise<Copy | null> {
    const logged = await queryAll(await this.db(), {
      TableName: this.tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': REGISTRY_CHANGES_PK,
        ':from': registryChangeKey(copy.version + 1).sk,
        ':to': registryChangeKey(version).sk,
      },
      ConsistentRead: true,
    });
    // A change whose log expired (or was never written) leaves a gap: only a whole re-read is
    // then sure to be current.
    if (logged.length !== version - copy.version) return null;
    const changes: LogEntry[] = [];
    for (const item of logged) {
      const parsed = logSchema.safeParse(item);
      if (!parsed.success) return null;
      changes.push(parsed.data);
    }
    // Only the maps of the types that changed are copied; the others are shared.
    const maps: Maps = { ...copy.maps };
    const copied = new Set<RegistryType>();
    const mapOf = (type: RegistryType): Map<string, AnyRecord> => {
      if (!copied.has(type)) {
        maps[type] = new Map(copy.maps[type]);
        copied.add(type);
      }
      return maps[type];
    };
    const apply = (type: RegistryType, record: AnyRecord) => {
      const map = mapOf(type);
      const id = idOf({ type, record } as RegistryRecord);
      const held = map.get(id);
      // A whole re-read may already hold a newer revision than a change logged before it.
      if (held === undefined || held.revision <= record.revision) map.set(id, deepFreeze(record));
    };
    for (const change of changes) {
      for (const put of change.puts) {
        const record = toRecord(put.type, put.record);
        if (record === null) return null;
        apply(put.type, record);
      }
      for (const ref of change.refs) {
        const record = await this.get(ref.type, ref.id);
        if (record !== null) apply(ref.type, record);
      }
      for (const ref of change.removed) mapOf(ref.type).delete(ref.id);
    }
    return { version, maps, snapshot: snapshotOf(version, maps) };
  }

  // ---------- committing ----------

  async commit(change: RegistryChange): Promise<void> {
    checkShape(change);
    const { claims, releases } = netClaims(change);
    const rest =
      change.puts.length +
      claims.length +
      releases.length +
      netUses(change).size +
      (change.guards ?? []).length;
    if (rest > 0) await this.transact(change);
    const removals = change.removals ?? [];
    for (const chunk of chunks(removals, REMOVALS_PER_TRANSACTION)) await this.remove(chunk);
  }

  private async transact(change: RegistryChange): Promise<void> {
    const { client, sdk } = await this.db();
    for (let attempt = 1; ; attempt += 1) {
      const version = await this.version();
      const items = transactionOf(this.place(), change, version);
      try {
        await client.send(new sdk.TransactWriteCommand({ TransactItems: items }));
        return;
      } catch (err) {
        if (!isCancelled(err)) throw err;
      }
      const verdict = verdictOf(change, await this.stateFor(change));
      if (verdict === 'done') return;
      if (verdict !== null) throw verdict;
      if (attempt >= MAX_ATTEMPTS) throw new TooManyRequestsError(REGISTRY_BUSY);
      await this.pause(attempt);
    }
  }

  /** Items by key, read consistently (BatchGetItem, unprocessed keys asked again). */
  private async readItems(
    keys: { pk: string; sk: string }[],
  ): Promise<Map<string, Record<string, unknown>>> {
    const { client, sdk } = await this.db();
    const found = new Map<string, Record<string, unknown>>();
    const unique = [...new Map(keys.map((k) => [`${k.pk}\u0000${k.sk}`, k])).values()];
    for (const chunk of chunks(unique, 100)) {
      let pending: Record<string, unknown>[] = chunk;
      for (let round = 0; pending.length > 0; round += 1) {
        if (round > 0) await this.pause(round);
        const out = await client.send(
          new sdk.BatchGetCommand({
            RequestItems: { [this.tableName]: { Keys: pending, ConsistentRead: true } },
          }),
        );
        for (const item of out.Responses?.[this.tableName] ?? []) {
          found.set(`${String(item.pk)}\u0000${String(item.sk)}`, item);
        }
        pending = out.UnprocessedKeys?.[this.tableName]?.Keys ?? [];
      }
    }
    return found;
  }

  /** What a change meets now, read consistently, for its verdict. */
  private async stateFor(change: RegistryChange): Promise<RegistryState> {
    const recordKeys = [
      ...change.puts.map((p) => ({ type: p.item.type, id: idOf(p.item) })),
      ...(change.guards ?? []).flatMap((g) =>
        g.kind === 'active' ? [{ type: g.type, id: g.id }] : [],
      ),
    ];
    const claimKeys = netClaims(change).claims.map((c) => c.key);
    const useKeys = (change.guards ?? []).flatMap((g) => (g.kind === 'unused' ? [g.key] : []));
    const items = await this.readItems([
      ...recordKeys.map((r) => registryRecordKey(r.type, r.id)),
      ...claimKeys.map(registryClaimKey),
      ...useKeys.map(registryUseKey),
    ]);
    const at = (key: { pk: string; sk: string }) => items.get(`${key.pk}\u0000${key.sk}`);
    return {
      record: (type, id) => {
        const item = at(registryRecordKey(type, id));
        return item === undefined ? null : toRecord(type, item);
      },
      claimHeld: (key) => at(registryClaimKey(key)) !== undefined,
      openUses: (key) => {
        const open = at(registryUseKey(key))?.open;
        return typeof open === 'number' ? open : 0;
      },
    };
  }

  /**
   * Removes the records that are still at revision 1 and unused, with the claims their creating
   * write made, in one transaction (on the version like a commit); those changed or used meanwhile
   * are left. Tried again after a lost race, judged afresh each time.
   */
  private async remove(removals: { type: RegistryType; id: string }[]): Promise<void> {
    const { client, sdk } = await this.db();
    for (let attempt = 1; ; attempt += 1) {
      // The snapshot's version is the one the transaction raises: a record built on one of these
      // meanwhile (a system of an imported organisation) cancels it, and the next round sees it.
      const snapshot = await this.snapshot();
      const version = snapshot.version;
      const referenced = referencedRecords(snapshot);
      const records = await this.readItems(removals.map((r) => registryRecordKey(r.type, r.id)));
      const found = removals.flatMap((r) => {
        const key = registryRecordKey(r.type, r.id);
        const item = records.get(`${key.pk}\u0000${key.sk}`);
        const record = item === undefined ? null : toRecord(r.type, item);
        if (referenced.has(`${r.type}#${r.id}`)) return [];
        return record === null || record.revision !== 1 ? [] : [{ ...r, record }];
      });
      const used = await this.readItems(
        found.flatMap((r) =>
          r.type === 'connection' ? [] : [registryUseKey(useKey(r.type, r.id))],
        ),
      );
      const removable = found.filter((r) => {
        if (r.type === 'connection') return true;
        const key = registryUseKey(useKey(r.type, r.id));
        const open = used.get(`${key.pk}\u0000${key.sk}`)?.open;
        return typeof open !== 'number' || open <= 0;
      });
      if (removable.length === 0) return;
      const claimKeys = removable.flatMap((r) =>
        claimsOf({ type: r.type, record: r.record } as RegistryRecord).map((key) => ({
          key,
          writeId: r.record.writeId,
        })),
      );
      const claims = await this.readItems(claimKeys.map((c) => registryClaimKey(c.key)));
      const items = removalItems(this.place(), removable, claimKeys, claims);
      items.push(
        versionRaise(this.place(), version),
        logPut(this.place(), version + 1, {
          puts: [],
          refs: [],
          removed: removable.map((r) => ({ type: r.type, id: r.id })),
        }),
      );
      try {
        await client.send(new sdk.TransactWriteCommand({ TransactItems: items }));
        return;
      } catch (err) {
        if (!isCancelled(err)) throw err;
      }
      if (attempt >= MAX_ATTEMPTS) throw new TooManyRequestsError(REGISTRY_BUSY);
      await this.pause(attempt);
    }
  }
}
