import type { routes } from '@ccsc/contract/routes';
import type { MappingRow } from '@ccsc/contract/standard-rows';
import { ConflictError, NotFoundError } from '../core/errors';
import { mayCopyStandard } from '../core/lists/standards';
import { referenceModelRows } from './reference-model-rows';
import type { Core } from '../core/request';
import type { StandardRecord, StandardVersionRecord } from '../core/ports/registry';
import {
  auditEntry,
  checkRevision,
  checkRows,
  checkSystems,
  type CheckedRows,
  commitStandard,
  detailOf,
  draftOf,
  newStandardId,
  refuseUnlessMayChange,
  rowChangesFact,
  rowsFacts,
  seesStandard,
  standardInSight,
  standardNotFound,
  standardTarget,
  versionFacts,
  versionOf,
  type StandardDeps,
} from './standard-records';

const organisationNotFound = () => new NotFoundError('The organisation does not exist.');

/**
 * artifact/create-standard: draft version 1 of a new standard for an organisation (a
 * PlatformAdmin: any; an OrgAdmin: their own), blank, from the Reference Model template, cloned
 * from a version the caller sees, or with the rows of an imported file. Rows with problems are kept (a draft is where they are
 * fixed); the answer lists them.
 */
export const createStandard: Core<
  (typeof routes)['artifact/create-standard'],
  StandardDeps
> = async (input, ctx, deps) => {
  const snapshot = await deps.registry.snapshot();
  const organisation = snapshot.organisations.get(input.organisationId);
  if (organisation === undefined || !seesStandard(ctx.caller, organisation.organisationId)) {
    throw organisationNotFound();
  }
  refuseUnlessMayChange(ctx.caller, organisation.organisationId);
  const systemIds = checkSystems(snapshot, organisation.organisationId, input.systemIds ?? []);
  let rows: MappingRow[] = [];
  let source: Record<string, unknown> = { kind: 'blank' };
  if (input.source.kind === 'clone') {
    const from = await deps.registry.get('standard', input.source.standardId);
    if (from === null) throw standardNotFound();
    const wanted = input.source.version;
    const v = from.versions.find((each) => each.version === wanted);
    // One the caller sees, any version; a partner's, its version in use (else not there).
    if (v === undefined || !mayCopyStandard(ctx.caller, from, v, snapshot)) {
      throw standardNotFound();
    }
    rows = await deps.rows.get(v.rowsKey);
    source = {
      kind: 'clone',
      standardId: from.standardId,
      version: v.version,
      ...(from.organisationId === organisation.organisationId
        ? {}
        : { organisationId: from.organisationId }),
    };
  } else if (input.source.kind === 'reference-model') {
    rows = referenceModelRows(input.catalogueVersion, organisation.kind);
    source = { kind: 'reference-model' };
  } else if (input.source.kind === 'import') {
    rows = input.source.rows;
    source = { kind: 'import', fileName: input.source.fileName };
  }
  const standardId = newStandardId(deps);
  const at = deps.clock.now().toISOString();
  const checked = checkRows({ catalogueVersion: input.catalogueVersion }, rows);
  const key = await deps.rows.put(standardId, rows);
  const version: StandardVersionRecord = {
    version: 1,
    status: 'draft',
    name: input.name,
    description: input.description ?? null,
    systemIds,
    product: input.product ?? null,
    ...rowsFacts(checked, key),
    basedOnVersion: null,
    createdAt: at,
    createdBy: ctx.caller.email,
    updatedAt: at,
    updatedBy: ctx.caller.email,
    signature: null,
    retired: null,
  };
  const draft: StandardRecord = {
    standardId,
    organisationId: organisation.organisationId,
    catalogueVersion: input.catalogueVersion,
    versions: [version],
    revision: 1,
    writeId: '',
    createdAt: at,
    createdBy: ctx.caller.email,
    updatedAt: at,
    updatedBy: ctx.caller.email,
  };
  const record = await commitStandard(deps, ctx, {
    before: null,
    after: draft,
    snapshot,
    audit: [
      auditEntry(
        ctx,
        {
          action: 'standard.created',
          target: standardTarget(draft, version),
          after: { ...versionFacts(version), catalogueVersion: input.catalogueVersion, source },
        },
        organisation.organisationId,
      ),
    ],
  });
  return detailOf(deps, record, version, snapshot, checked);
};

/** The standard's draft, which must be the version named: a published one never changes. */
const draftNamed = (record: StandardRecord, version: number): StandardVersionRecord => {
  const v = versionOf(record, version);
  if (v.status !== 'draft') {
    throw new ConflictError(
      `Version ${String(version)} is ${v.status} and cannot change: start a new version to edit it.`,
    );
  }
  return v;
};

const replaceVersion = (record: StandardRecord, v: StandardVersionRecord): StandardRecord => ({
  ...record,
  versions: record.versions.map((each) => (each.version === v.version ? v : each)),
});

/**
 * artifact/update-standard: changes the draft — its details and/or all its rows — at the
 * standard's revision the editor saw. Only what differs is written and audited (the rows as
 * counts and the changes themselves, before and after).
 */
export const updateStandard: Core<
  (typeof routes)['artifact/update-standard'],
  StandardDeps
> = async (input, ctx, deps) => {
  const { record, snapshot } = await standardInSight(deps, ctx.caller, input.standardId);
  refuseUnlessMayChange(ctx.caller, record.organisationId);
  const v = draftNamed(record, input.version);
  checkRevision(record, input.revision);
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  const next: StandardVersionRecord = { ...v };
  const set = <K extends 'name' | 'description' | 'product' | 'systemIds'>(
    field: K,
    value: StandardVersionRecord[K] | undefined,
  ) => {
    if (value === undefined || JSON.stringify(value) === JSON.stringify(v[field])) return;
    before[field] = v[field];
    after[field] = value;
    next[field] = value;
  };
  set('name', input.name);
  set('description', input.description);
  set('product', input.product);
  if (input.systemIds !== undefined) {
    set('systemIds', checkSystems(snapshot, record.organisationId, input.systemIds));
  }
  let checked: CheckedRows | undefined;
  if (input.rows !== undefined) {
    const old = await deps.rows.get(v.rowsKey);
    const fact = rowChangesFact(old, input.rows);
    // Any difference, a new order of the same rows too.
    if (JSON.stringify(old) !== JSON.stringify(input.rows)) {
      checked = checkRows(record, input.rows);
      const key = await deps.rows.put(record.standardId, input.rows);
      Object.assign(next, rowsFacts(checked, key));
      before.rowCount = v.rowCount;
      after.rowCount = next.rowCount;
      after.rows =
        fact.added + fact.removed + fact.changed === 0 ? { ...fact, reordered: true } : fact;
    }
  }
  if (Object.keys(after).length === 0) return detailOf(deps, record, v, snapshot);
  const at = deps.clock.now().toISOString();
  next.updatedAt = at;
  next.updatedBy = ctx.caller.email;
  before.problemCount = v.problemCount;
  after.problemCount = next.problemCount;
  const changed = await commitStandard(deps, ctx, {
    before: record,
    after: replaceVersion(record, next),
    snapshot,
    audit: [
      auditEntry(
        ctx,
        {
          action: 'standard.updated',
          target: standardTarget(record, next),
          before: { version: v.version, ...before },
          after: { version: v.version, ...after },
        },
        record.organisationId,
      ),
    ],
  });
  return detailOf(deps, changed, next, snapshot, checked);
};

/**
 * artifact/new-version: the next draft, a copy of a published or retired version (its details and
 * rows, the same rows document). One draft at a time: 409 while there is one.
 */
export const newVersion: Core<(typeof routes)['artifact/new-version'], StandardDeps> = async (
  input,
  ctx,
  deps,
) => {
  const { record, snapshot } = await standardInSight(deps, ctx.caller, input.standardId);
  refuseUnlessMayChange(ctx.caller, record.organisationId);
  const open = draftOf(record);
  if (open !== null) {
    throw new ConflictError(
      `Version ${String(open.version)} is a draft already: edit it, or publish it first.`,
    );
  }
  checkRevision(record, input.revision);
  const from = versionOf(record, input.fromVersion);
  const at = deps.clock.now().toISOString();
  const next: StandardVersionRecord = {
    ...from,
    version: Math.max(...record.versions.map((v) => v.version)) + 1,
    status: 'draft',
    basedOnVersion: from.version,
    createdAt: at,
    createdBy: ctx.caller.email,
    updatedAt: at,
    updatedBy: ctx.caller.email,
    signature: null,
    retired: null,
  };
  const changed = await commitStandard(deps, ctx, {
    before: record,
    after: { ...record, versions: [...record.versions, next] },
    snapshot,
    audit: [
      auditEntry(
        ctx,
        {
          action: 'standard.version-created',
          target: standardTarget(record, next),
          before: { version: from.version, status: from.status },
          after: { ...versionFacts(next), basedOnVersion: from.version },
        },
        record.organisationId,
      ),
    ],
  });
  return detailOf(deps, changed, next, snapshot);
};

/**
 * artifact/retire-standard: a published version is retired, with the reason. If its systems used
 * it, they use the newest other published version, or none (each move audited).
 */
export const retireStandard: Core<
  (typeof routes)['artifact/retire-standard'],
  StandardDeps
> = async (input, ctx, deps) => {
  const { record, snapshot } = await standardInSight(deps, ctx.caller, input.standardId);
  refuseUnlessMayChange(ctx.caller, record.organisationId);
  const v = versionOf(record, input.version);
  if (v.status !== 'published') {
    throw new ConflictError(
      `Version ${String(v.version)} is ${v.status}: only a published version is retired.`,
    );
  }
  checkRevision(record, input.revision);
  const at = deps.clock.now().toISOString();
  const retired: StandardVersionRecord = {
    ...v,
    status: 'retired',
    retired: { at, by: ctx.caller.email, reason: input.reason },
  };
  const changed = await commitStandard(deps, ctx, {
    before: record,
    after: replaceVersion(record, retired),
    snapshot,
    audit: [
      auditEntry(
        ctx,
        {
          action: 'standard.retired',
          target: standardTarget(record, v),
          before: { version: v.version, status: 'published' },
          after: { version: v.version, status: 'retired' },
          reason: input.reason,
        },
        record.organisationId,
      ),
    ],
  });
  return detailOf(deps, changed, retired, snapshot);
};
