import { TooManyRequestsError } from '../core/errors';
import { registryClaimKey, registryRecordKey, registryUseKey } from '../data-model';
import {
  claimsOf,
  type Registry,
  type RegistryChange,
  type RegistryRecord,
  type RegistryType,
  useKey,
} from '../core/ports/registry';
import { isCancelled } from './clients/dynamodb';
import { DynamoRegistryReader } from './dynamodb-registry-reader';
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
  toRecord,
  chunks,
  REMOVALS_PER_TRANSACTION,
  MAX_ATTEMPTS,
} from './dynamodb-registry-items';
import { transactionOf, removalItems, versionRaise, logPut } from './dynamodb-registry-transaction';

export const REGISTRY_BUSY = 'The registry is busy. Try again in a moment.';

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
export class DynamoRegistry extends DynamoRegistryReader implements Registry {
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
