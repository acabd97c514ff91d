import { setTimeout as delay } from 'node:timers/promises';
import { onContainerReset } from '../container';
import {
  REGISTRY_CHANGES_PK,
  REGISTRY_SHARDS,
  REGISTRY_VERSION_KEY,
  registryChangeKey,
  registryPartition,
  registryRecordKey,
} from '../data-model';
import type {
  Registry,
  RegistryRecord,
  RegistrySnapshot,
  RegistryType,
} from '../core/ports/registry';
import { queryAll } from './dynamodb-query';
import { REGISTRY_TYPES } from './registry-schemas';
import type { DynamoSource } from './clients/dynamodb';
import { DynamoTable } from './dynamodb-table';
import { idOf } from '../core/ports/registry-rules';
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
} from './dynamodb-registry-items';
import type { TransactionPlace } from './dynamodb-registry-transaction';

/** A reader's copy of the whole registry and its version (per table, per process). */
const copies = new Map<string, Copy>();
/** A load of the whole registry under way, shared by the calls that arrive meanwhile. */
const loading = new Map<string, Promise<Copy>>();
onContainerReset(() => {
  copies.clear();
  loading.clear();
});

/**
 * The registry in the main table, read (layout: data-model.ts): `snapshot()` keeps a copy per
 * process, caught up from the change log. What only reads the registry is given this alone
 * (wiring/registry.ts `registryReader`), so its bundle carries none of the commit protocol.
 */
export class DynamoRegistryReader
  extends DynamoTable
  implements Pick<Registry, 'get' | 'snapshot'>
{
  constructor(
    client: DynamoSource,
    tableName: string,
    protected readonly options: {
      now?: () => Date;
      sleep?: (ms: number) => Promise<void>;
    } = {},
  ) {
    super(client, tableName);
  }

  protected now(): Date {
    return this.options.now?.() ?? new Date();
  }

  protected place(): TransactionPlace {
    return { tableName: this.tableName, now: () => this.now() };
  }

  protected async pause(attempt: number): Promise<void> {
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

  protected async version(): Promise<number> {
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
}
