import type { EventDraft } from '../core/ports/events';
import { newIdOf } from '../core/ids';
import type * as z from 'zod';
import {
  coverageOf,
  diffRows,
  validateRows,
  type MappingRow,
  type RowChange,
  type RowProblem,
} from '@ccsc/contract/standard-rows';
import type { standardDetailSchema, standardVersionSchema } from '@ccsc/contract/standards';
import { catalogueOf, type TmfCatalogue } from '@ccsc/contract/tmf-catalogue';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../core/errors';
import type { Caller, RequestContext } from '../core/request';
import type { AuditEntry } from '../core/ports/audit-trail';
import type { Clock } from '../core/ports/clock';
import {
  standardClaims,
  versionInUse,
  type Registry,
  type RegistrySnapshot,
  type RegistryWrites,
  type StandardRecord,
  type StandardVersionRecord,
} from '../core/ports/registry';
import type { StandardRowsStore } from '../core/ports/standard-rows';
import { auditEntry } from '../core/audit-entry';
import { draftOf, seesStandard } from '../core/lists/standards';

/**
 * What the mapping-standard calls share (issue 16; the model in @ccsc/contract/standards): who
 * may see and change a standard, its views, and how a change is made. A standard is a registry
 * record (ports/registry.ts `StandardRecord`), so it is changed like one: one atomic commit with
 * its claims (a name per organisation, a system per standard) through the write journal, which
 * appends its audit records exactly once. Its rows are in the artifacts bucket, stored before
 * the commit names them.
 */

export interface StandardDeps {
  registry: Pick<Registry, 'snapshot' | 'get'>;
  writes: Pick<RegistryWrites, 'apply'>;
  rows: StandardRowsStore;
  clock: Clock;
  newId?: () => string;
}

export type StandardVersionView = z.input<typeof standardVersionSchema>;
export type StandardDetail = z.input<typeof standardDetailSchema>;

export const standardNotFound = () => new NotFoundError('The standard does not exist.');
export const standardSubject = (standardId: string) => `standard:${standardId}`;

export const catalogueFor = (record: Pick<StandardRecord, 'catalogueVersion'>): TmfCatalogue => {
  const catalogue = catalogueOf(record.catalogueVersion);
  if (catalogue === null) throw new Error(`No catalogue ${record.catalogueVersion}`);
  return catalogue;
};

/** Who sees a standard, and its draft: the standard list's definitions (lists/standards.ts). */
export { draftOf, seesStandard };

/** A PlatformAdmin changes every standard; an OrgAdmin their own organisation's. */
export const mayChangeStandards = (caller: Caller, organisationId: string): boolean =>
  caller.role === 'PlatformAdmin' ||
  (caller.role === 'OrgAdmin' && caller.organisationId === organisationId);

export const refuseUnlessMayChange = (caller: Caller, organisationId: string): void => {
  if (!mayChangeStandards(caller, organisationId)) {
    throw new ForbiddenError("You may change only your own organisation's mapping standards.");
  }
};

/** The standard, read consistently, if the caller sees it (one they do not see is not there). */
export const standardInSight = async (
  deps: Pick<StandardDeps, 'registry'>,
  caller: Caller,
  standardId: string,
): Promise<{ record: StandardRecord; snapshot: RegistrySnapshot }> => {
  const [record, snapshot] = await Promise.all([
    deps.registry.get('standard', standardId),
    deps.registry.snapshot(),
  ]);
  if (record === null || !seesStandard(caller, record.organisationId)) throw standardNotFound();
  return { record, snapshot };
};

export const versionOf = (record: StandardRecord, version: number): StandardVersionRecord => {
  const found = record.versions.find((v) => v.version === version);
  if (found === undefined) {
    throw new NotFoundError(`The standard has no version ${String(version)}.`);
  }
  return found;
};

export const checkRevision = (record: StandardRecord, revision: number): void => {
  if (record.revision !== revision) {
    throw new ConflictError(
      'The standard was changed by someone else meanwhile. Reload, check, and try again.',
    );
  }
};

/**
 * The systems a version names: each must be a system of the standard's organisation (one the
 * caller cannot see, or another organisation's, is refused by its id).
 */
export const checkSystems = (
  snapshot: RegistrySnapshot,
  organisationId: string,
  systemIds: readonly string[],
): string[] => {
  const unique = [...new Set(systemIds)];
  const foreign = unique.filter(
    (id) => snapshot.systems.get(id)?.organisationId !== organisationId,
  );
  if (foreign.length > 0) {
    const message = `Not a system of the standard's organisation: ${foreign.join(', ')}.`;
    throw new ValidationError(message, [{ path: 'systemIds', message }]);
  }
  return unique;
};

// ---------- views ----------

const systemsOf = (snapshot: RegistrySnapshot, ids: readonly string[]) =>
  ids.map((systemId) => ({ systemId, name: snapshot.systems.get(systemId)?.name ?? systemId }));

export const toVersionView = (
  record: StandardRecord,
  v: StandardVersionRecord,
  snapshot: RegistrySnapshot,
): StandardVersionView => ({
  standardId: record.standardId,
  version: v.version,
  status: v.status,
  name: v.name,
  description: v.description,
  organisationId: record.organisationId,
  organisationName: snapshot.organisations.get(record.organisationId)?.name ?? '',
  systems: systemsOf(snapshot, v.systemIds),
  product: v.product,
  catalogueVersion: record.catalogueVersion,
  rowCount: v.rowCount,
  problemCount: v.problemCount,
  basedOnVersion: v.basedOnVersion,
  inUse: versionInUse(record)?.version === v.version,
  createdAt: v.createdAt,
  createdBy: v.createdBy,
  updatedAt: v.updatedAt,
  updatedBy: v.updatedBy,
  signature:
    v.signature === null
      ? null
      : {
          signerName: v.signature.signerName,
          signerEmail: v.signature.signerEmail,
          meaning: v.signature.meaning,
          signedAt: v.signature.signedAt,
        },
  retired: v.retired,
});

export const toSummary = (record: StandardRecord, snapshot: RegistrySnapshot) => {
  const latest = record.versions.at(-1) as StandardVersionRecord;
  return {
    standardId: record.standardId,
    name: latest.name,
    organisationId: record.organisationId,
    organisationName: snapshot.organisations.get(record.organisationId)?.name ?? '',
    systems: systemsOf(snapshot, latest.systemIds),
    product: latest.product,
    catalogueVersion: record.catalogueVersion,
    latestVersion: latest.version,
    latestStatus: latest.status,
    publishedVersion: versionInUse(record)?.version ?? null,
    draftVersion: draftOf(record)?.version ?? null,
    rowCount: latest.rowCount,
    updatedAt: record.updatedAt,
    updatedBy: record.updatedBy,
    revision: record.revision,
  };
};

/** A version's rows with their problems against the standard's catalogue. */
export interface CheckedRows {
  rows: MappingRow[];
  problems: RowProblem[];
}

export const checkRows = (
  record: Pick<StandardRecord, 'catalogueVersion'>,
  rows: MappingRow[],
): CheckedRows => ({ rows, problems: validateRows(rows, catalogueFor(record)) });

/** A version as the editor opens it (its rows and problems given, when the caller has them). */
export const detailOf = async (
  deps: Pick<StandardDeps, 'rows'>,
  record: StandardRecord,
  v: StandardVersionRecord,
  snapshot: RegistrySnapshot,
  checked?: CheckedRows,
): Promise<StandardDetail> => {
  const { rows, problems } = checked ?? checkRows(record, await deps.rows.get(v.rowsKey));
  return {
    standard: toVersionView(record, v, snapshot),
    revision: record.revision,
    rows,
    problems,
    coverage: coverageOf(rows, catalogueFor(record)),
    versions: record.versions.map((each) => toVersionView(record, each, snapshot)),
  };
};

// ---------- changing ----------

export { newIdOf };

/** A new standard's id: `std-` and 24 lower-case hex digits. */
export const newStandardId = (deps: { newId?: () => string }): string =>
  `std-${newIdOf(deps)().replace(/-/g, '').slice(0, 24).toLowerCase()}`;

/** The claims a change of the standard makes and gives up. */
const claimsDelta = (before: StandardRecord | null, after: StandardRecord) => {
  const held = new Set(before === null ? [] : standardClaims(before).map((c) => c.key));
  const wanted = standardClaims(after);
  const wantedKeys = new Set(wanted.map((c) => c.key));
  return {
    claims: wanted.filter((c) => !held.has(c.key)),
    releases: [...held].filter((key) => !wantedKeys.has(key)),
  };
};

/**
 * Each system whose standard the change moves (to another version, to none, from none): one
 * `system.standard-changed` record per system, in the trail of the system's organisation.
 */
const systemMoves = (
  ctx: RequestContext<Caller>,
  before: StandardRecord | null,
  after: StandardRecord,
  snapshot: RegistrySnapshot,
): AuditEntry[] => {
  const was = before === null ? null : versionInUse(before);
  const now = versionInUse(after);
  const ids = new Set([...(was?.systemIds ?? []), ...(now?.systemIds ?? [])]);
  const of = (v: StandardVersionRecord | null, id: string) =>
    v !== null && v.systemIds.includes(id)
      ? { standardId: after.standardId, version: v.version, name: v.name }
      : null;
  return [...ids].flatMap((id) => {
    const from = of(was, id);
    const to = of(now, id);
    if (JSON.stringify(from) === JSON.stringify(to)) return [];
    return [
      auditEntry(
        ctx,
        {
          action: 'system.standard-changed',
          target: { type: 'system', id, label: snapshot.systems.get(id)?.name ?? id },
          before: { standard: from },
          after: { standard: to },
        },
        after.organisationId,
      ),
    ];
  });
};

export { auditEntry };

export const standardTarget = (record: StandardRecord, v: StandardVersionRecord) => ({
  type: 'standard' as const,
  id: record.standardId,
  label: `${v.name} v${String(v.version)}`,
});

/**
 * Makes the change: the record (at the revision read, or new), its claims, and the audit records
 * — the caller's, then one per system whose standard moved.
 */
export const commitStandard = async (
  deps: StandardDeps,
  ctx: RequestContext<Caller>,
  change: {
    before: StandardRecord | null;
    after: StandardRecord;
    audit: AuditEntry[];
    snapshot: RegistrySnapshot;
    /** What the change tells other organisations (issue 35: a version published). */
    events?: EventDraft[];
  },
): Promise<StandardRecord> => {
  const { before, after, snapshot } = change;
  const writeId = newIdOf(deps)();
  const record: StandardRecord = {
    ...after,
    revision: (before?.revision ?? 0) + 1,
    writeId,
    updatedAt: deps.clock.now().toISOString(),
    updatedBy: ctx.caller.email,
  };
  await deps.writes.apply(
    standardSubject(after.standardId),
    {
      writeId,
      puts: [{ item: { type: 'standard', record }, expectedRevision: before?.revision ?? null }],
      ...claimsDelta(before, record),
    },
    [...change.audit, ...systemMoves(ctx, before, record, snapshot)],
    change.events ?? [],
  );
  return record;
};

/** A version's details as an audit record states them. */
export const versionFacts = (v: StandardVersionRecord) => ({
  version: v.version,
  status: v.status,
  name: v.name,
  description: v.description,
  systemIds: v.systemIds,
  product: v.product,
  rowCount: v.rowCount,
  problemCount: v.problemCount,
});

/**
 * Most row changes one audit record lists in full (the counts are always whole): 200, and no more
 * than ~100 KB of them (the record travels in the write journal's item, which DynamoDB holds to
 * 400 KB).
 */
const AUDITED_ROWS = 200;
const AUDITED_BYTES = 100_000;

/** What changed in the rows, for the audit trail: counts, and the changes themselves. */
export const rowChangesFact = (before: readonly MappingRow[], after: readonly MappingRow[]) => {
  const changes: RowChange[] = diffRows(before, after);
  const listed: RowChange[] = [];
  let bytes = 0;
  for (const change of changes.slice(0, AUDITED_ROWS)) {
    bytes += JSON.stringify(change).length;
    if (bytes > AUDITED_BYTES) break;
    listed.push(change);
  }
  return {
    added: changes.filter((c) => c.before === null).length,
    removed: changes.filter((c) => c.after === null).length,
    changed: changes.filter((c) => c.before !== null && c.after !== null).length,
    changes: listed,
    ...(listed.length < changes.length ? { listedFirst: listed.length } : {}),
  };
};

/** A version's record fields from what its rows are. */
export const rowsFacts = (checked: CheckedRows, key: string) => ({
  rowsKey: key,
  rowCount: checked.rows.length,
  problemCount: checked.problems.length,
});
