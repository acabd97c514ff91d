import * as z from 'zod';
import { registryRecordKey } from '../data-model';
import {
  type RegistryRecord,
  type RegistrySnapshot,
  type RegistryType,
} from '../core/ports/registry';
import { RECORD_SCHEMAS, registryTypeSchema } from './registry-schemas';
import { idOf } from '../core/ports/registry-rules';

/** The registry as stored in DynamoDB: its records, its change log, a reader's copy. */

// ---------- records as stored ----------

export type AnyRecord = RegistryRecord['record'];

/** A stored record, read back: null when it is not one of ours (never half-shown). */
export const toRecord = (type: RegistryType, item: unknown): AnyRecord | null => {
  const parsed = RECORD_SCHEMAS[type].safeParse(item);
  return parsed.success ? parsed.data : null;
};

export const recordItem = (item: RegistryRecord) => ({
  ...registryRecordKey(item.type, idOf(item)),
  type: item.type,
  ...item.record,
});

export const deepFreeze = <T>(value: T): T => {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) {
      if (typeof inner === 'object' && inner !== null) deepFreeze(inner);
    }
    Object.freeze(value);
  }
  return value;
};

// ---------- the change log ----------

export const refSchema = z.lazy(() => z.object({ type: registryTypeSchema, id: z.string() }));
export const logSchema = z.lazy(() =>
  z.object({
    version: z.number().int(),
    /** The records as put (left out when they would make the log item too large: see `refs`). */
    puts: z.array(
      z.object({ type: registryTypeSchema, record: z.record(z.string(), z.unknown()) }),
    ),
    /** The records put, by key only: read from the table when caught up. */
    refs: z.array(refSchema),
    removed: z.array(refSchema),
  }),
);
export type LogEntry = z.infer<typeof logSchema>;

/** How long the change log keeps a change (TTL; readers older than that re-read everything). */
export const CHANGE_SECONDS = 24 * 60 * 60;
/** Beyond this many changes a reader re-reads the records rather than the log. */
export const MAX_CATCH_UP = 500;
/** The records of a change are logged in place up to this size (an item holds 400 KB). */
export const LOG_INLINE_BYTES = 300_000;
/** A transaction holds 4 MB at most; a change near that is refused before it is sent. */
export const MAX_TRANSACTION_BYTES = 3_500_000;
/** Commits that lose the race for the version try again, a few times. */
export const MAX_ATTEMPTS = 8;
/** Removals (an import undone) are made this many records per transaction. */
export const REMOVALS_PER_TRANSACTION = 20;

// ---------- a reader's copy ----------

export interface Copy {
  version: number;
  maps: Maps;
  snapshot: RegistrySnapshot;
}

export type Maps = Record<RegistryType, Map<string, AnyRecord>>;

/** The snapshot of the maps (each map holds records of its own type only). */
export const snapshotOf = (version: number, maps: Maps): RegistrySnapshot =>
  ({
    version,
    organisations: maps.organisation,
    systems: maps.system,
    studies: maps.study,
    connections: maps.connection,
    standards: maps.standard,
  }) as RegistrySnapshot;

export const chunks = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};
