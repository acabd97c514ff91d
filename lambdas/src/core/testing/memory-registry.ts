import { emitEventsOnce } from '../journal-events';
import type { EventDraft } from '../ports/events';
import { MemoryEventLog } from './memory-events';
import { AppError, ConflictError } from '../errors';
import type { AuditEntry, AuditTrail } from '../ports/audit-trail';
import type { ImportPart, ImportStaging } from '../ports/registry-imports';
import {
  claimsOf,
  type ConnectionRecord,
  type OrganisationRecord,
  type RegistryChange,
  type RegistryRecord,
  type RegistrySnapshot,
  type RegistryType,
  type RegistryWrites,
  type Registry,
  type StandardRecord,
  type StudyRecord,
  type SystemRecord,
  useKey,
} from '../ports/registry';
import {
  checkShape,
  idOf,
  importFailureEntry,
  netClaims,
  netUses,
  referencedRecords,
  stamped,
  undoOf,
  verdictOf,
} from '../ports/registry-rules';

/** Records for tests: every field filled, made up. */
const AT = '2025-01-15T10:00:00.000Z';
const stamp = {
  revision: 1,
  writeId: 'seed',
  createdAt: AT,
  createdBy: 'admin@example.com',
  updatedAt: AT,
  updatedBy: 'admin@example.com',
};

export const anOrganisation = (
  id: string,
  overrides: Partial<OrganisationRecord> = {},
): OrganisationRecord => ({
  ...stamp,
  organisationId: id,
  name: `Organisation ${id}`,
  kind: 'site',
  country: 'DE',
  identifiers: [{ label: 'Site network', value: `N-${id}` }],
  contactEmail: `contact@${id}.example.com`,
  status: 'active',
  ...overrides,
});

export const aSystem = (
  id: string,
  organisationId: string,
  overrides: Partial<SystemRecord> = {},
): SystemRecord => ({
  ...stamp,
  systemId: id,
  organisationId,
  name: `System ${id}`,
  kind: 'eisf',
  vendor: 'Vendor',
  product: 'Product',
  environment: 'production',
  technicalContactEmail: 'it@example.com',
  status: 'active',
  ...overrides,
});

export const aStudy = (
  id: string,
  sponsorOrganisationId: string,
  overrides: Partial<StudyRecord> = {},
): StudyRecord => ({
  ...stamp,
  studyId: id,
  sponsorOrganisationId,
  croOrganisationId: null,
  protocolNumber: `P-${id}`,
  title: `Study ${id}`,
  phase: 'phase-2',
  status: 'active',
  ...overrides,
});

export const aConnection = (
  id: string,
  parts: { studyId: string; sponsor: string; site: string; sponsorSystem: string },
  overrides: Partial<ConnectionRecord> = {},
): ConnectionRecord => ({
  ...stamp,
  connectionId: id,
  studyId: parts.studyId,
  sponsorOrganisationId: parts.sponsor,
  croOrganisationId: null,
  siteOrganisationId: parts.site,
  siteNumber: '101',
  country: 'DE',
  principalInvestigator: 'Dr. Erika Mustermann',
  sponsorSystemId: parts.sponsorSystem,
  siteSystemId: null,
  status: 'invited',
  suspendedBy: null,
  history: [
    { status: 'invited', at: AT, by: 'sponsor@example.com', side: 'sponsor', reason: null },
  ],
  ...overrides,
});

type RecordOf<T extends RegistryType> = Extract<RegistryRecord, { type: T }>['record'];

const deepFreeze = <T>(value: T): T => {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
};

/**
 * The registry in memory, with the stores' semantics (adapters/registry-rules.ts, the same
 * verdicts as DynamoDB): revisions checked, claims unique, uses counted, guards, a change whose
 * write id is already on a record counts as done, removals only at revision 1 and unused (with
 * the claims their creating write made). Records handed out are frozen, as the snapshot's are
 * shared read-only. `failNext` makes the next commit fail as a store that is down would.
 */
export class MemoryRegistry implements Registry {
  private readonly stores = {
    organisation: new Map<string, OrganisationRecord>(),
    system: new Map<string, SystemRecord>(),
    study: new Map<string, StudyRecord>(),
    connection: new Map<string, ConnectionRecord>(),
    standard: new Map<string, StandardRecord>(),
  };
  /** Claim key → the write that made it. */
  readonly claims = new Map<string, { writeId: string }>();
  /** Use key → open connections counted. */
  readonly uses = new Map<string, number>();
  version = 0;
  /** Changes made (not counting those found done). */
  commits = 0;
  failNext: Error | null = null;
  private cached: RegistrySnapshot | null = null;

  private map<T extends RegistryType>(type: T): Map<string, RecordOf<T>> {
    return this.stores[type] as unknown as Map<string, RecordOf<T>>;
  }

  snapshot(): Promise<RegistrySnapshot> {
    this.cached ??= {
      version: this.version,
      organisations: new Map(this.stores.organisation),
      systems: new Map(this.stores.system),
      studies: new Map(this.stores.study),
      connections: new Map(this.stores.connection),
      standards: new Map(this.stores.standard),
    };
    return Promise.resolve(this.cached);
  }

  readonly get: Registry['get'] = (type, id) => {
    const found: RegistryRecord['record'] | undefined = this.map(type).get(id);
    // The map of `type` holds records of that type only.
    return Promise.resolve((found ?? null) as never);
  };

  commit(change: RegistryChange): Promise<void> {
    try {
      this.commitNow(change);
      return Promise.resolve();
    } catch (err) {
      return Promise.reject(err instanceof Error ? err : new Error(String(err)));
    }
  }

  private commitNow(change: RegistryChange): void {
    if (this.failNext !== null) {
      const failure = this.failNext;
      this.failNext = null;
      throw failure;
    }
    checkShape(change);
    const verdict = verdictOf(change, {
      record: (type, id) => this.map(type).get(id) ?? null,
      claimHeld: (key) => this.claims.has(key),
      openUses: (key) => this.uses.get(key) ?? 0,
    });
    if (verdict === 'done') return;
    if (verdict !== null) throw verdict;
    for (const put of change.puts) {
      const { type, record } = stamped(put, change.writeId);
      this.map(type).set(idOf(put.item), deepFreeze(structuredClone(record)));
    }
    const { claims, releases } = netClaims(change);
    for (const key of releases) this.claims.delete(key);
    for (const claim of claims) this.claims.set(claim.key, { writeId: change.writeId });
    for (const [key, by] of netUses(change)) this.uses.set(key, (this.uses.get(key) ?? 0) + by);
    if ((change.removals ?? []).length > 0) {
      const referenced = referencedRecords({
        version: this.version,
        organisations: this.stores.organisation,
        systems: this.stores.system,
        studies: this.stores.study,
        connections: this.stores.connection,
        standards: this.stores.standard,
      });
      for (const removal of change.removals ?? []) {
        if (!referenced.has(`${removal.type}#${removal.id}`)) this.remove(removal.type, removal.id);
      }
    }
    this.version += 1;
    this.commits += 1;
    this.cached = null;
  }

  private remove(type: RegistryType, id: string): void {
    const record = this.map(type).get(id);
    if (record === undefined || record.revision !== 1) return;
    if (type !== 'connection' && (this.uses.get(useKey(type, id)) ?? 0) > 0) return;
    this.map(type).delete(id);
    for (const key of claimsOf({ type, record } as RegistryRecord)) {
      if (this.claims.get(key)?.writeId === record.writeId) this.claims.delete(key);
    }
  }

  /** Puts records as they are (a test's starting state), claims included. */
  seed(items: RegistryRecord[]): void {
    for (const item of items) {
      this.map(item.type).set(idOf(item), deepFreeze(structuredClone(item.record)));
      for (const key of claimsOf(item)) this.claims.set(key, { writeId: item.record.writeId });
    }
    this.version += 1;
    this.cached = null;
  }
}

const BUSY = 'Another change to this record is in progress. Try again in a moment.';

/**
 * RegistryWrites over a registry and an audit trail, without the journal (core tests): apply
 * commits, then appends the entries; applyAll commits the parts in order, and when one is refused
 * removes what the parts before it created, records the failure once and passes the refusal on.
 * A second write on a subject while one runs is refused at once (the journal waits a moment
 * first).
 */
export class MemoryRegistryWrites implements RegistryWrites {
  private readonly busy = new Set<string>();

  constructor(
    readonly registry: Registry,
    readonly audit: AuditTrail,
    /** Where the writes' events go (issue 35): kept in memory for a test to read. */
    readonly events: MemoryEventLog = new MemoryEventLog(),
  ) {}

  private writes = 0;

  async apply(
    subject: string,
    change: RegistryChange,
    audit: AuditEntry[],
    events: EventDraft[] = [],
  ): Promise<void> {
    await this.holding(subject, async () => {
      await this.registry.commit(change);
      for (const entry of audit) await this.audit.append(entry);
      this.writes += 1;
      await emitEventsOnce(
        this,
        { writeId: `${change.writeId}.${String(this.writes)}`, startedAt: new Date(0) },
        events,
      );
    });
  }

  async applyAll(
    subject: string,
    parts: { change: RegistryChange; audit: AuditEntry[] }[],
  ): Promise<void> {
    await this.holding(subject, async () => {
      const made: RegistryChange[] = [];
      for (const part of parts) {
        try {
          await this.registry.commit(part.change);
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          await this.undo(subject, parts, made, err);
          throw err;
        }
        made.push(part.change);
        for (const entry of part.audit) await this.audit.append(entry);
      }
    });
  }

  private async undo(
    subject: string,
    parts: { audit: AuditEntry[] }[],
    made: RegistryChange[],
    refusal: AppError,
  ): Promise<void> {
    const removals = undoOf(made);
    if (removals.length > 0) {
      await this.registry.commit({ writeId: `${subject}:undo`, puts: [], removals });
    }
    const left: typeof removals = [];
    for (const r of removals) {
      if ((await this.registry.get(r.type, r.id)) !== null) left.push(r);
    }
    const entry = importFailureEntry(subject, parts, refusal, removals.length - left.length, left);
    if (entry !== null) await this.audit.append(entry);
  }

  private async holding(subject: string, work: () => Promise<void>): Promise<void> {
    if (this.busy.has(subject)) throw new ConflictError(BUSY);
    this.busy.add(subject);
    try {
      await work();
    } finally {
      this.busy.delete(subject);
    }
  }
}

/** A registry holding these organisations (ids, names optional), for tests that only look them up. */
export const registryWith = (
  organisations: (string | (Partial<OrganisationRecord> & { organisationId: string }))[],
): MemoryRegistry => {
  const registry = new MemoryRegistry();
  registry.seed(
    organisations.map((o) => {
      const org = typeof o === 'string' ? { organisationId: o } : o;
      return {
        type: 'organisation' as const,
        record: anOrganisation(org.organisationId, { name: org.organisationId, ...org }),
      };
    }),
  );
  return registry;
};

/** Staged import parts in memory (the DynamoDB adapter's semantics: a cleared part reads null). */
export class MemoryImportStaging implements ImportStaging {
  readonly parts = new Map<string, ImportPart>();

  stage(importId: string, parts: readonly ImportPart[]): Promise<void> {
    parts.forEach((part, i) => this.parts.set(`${importId}#${String(i)}`, structuredClone(part)));
    return Promise.resolve();
  }

  part(importId: string, index: number): Promise<ImportPart | null> {
    const part = this.parts.get(`${importId}#${String(index)}`);
    return Promise.resolve(part === undefined ? null : structuredClone(part));
  }

  clear(importId: string, count: number): Promise<void> {
    for (let i = 0; i < count; i += 1) this.parts.delete(`${importId}#${String(i)}`);
    return Promise.resolve();
  }
}
