import { ConflictError } from '../core/errors';
import type { Caller, RequestContext } from '../core/request';
import type { Clock } from '../core/ports/clock';
import {
  claimKeys,
  type Claim,
  type OrganisationRecord,
  type Registry,
  type RegistrySnapshot,
  type RegistryWrites,
  type SystemRecord,
} from '../core/ports/registry';
import { auditEntry } from '../core/audit-entry';
import { organisationNotFound, systemNotFound, viewOf, type RegistryView } from './registry-view';

/**
 * What the organisation and system writes share: their ports, how they find the record being
 * changed (a record out of the caller's sight answers like a missing one), the name claim, the
 * revision check and their audit records.
 */

export interface OrganisationWriteDeps {
  /** The snapshot for the rules across records; `get` for the record being changed. */
  registry: Pick<Registry, 'snapshot' | 'get'>;
  writes: Pick<RegistryWrites, 'apply'>;
  clock: Clock;
  /** New record and write ids (random UUIDs unless a test says). */
  newId?: () => string;
}

export { newIdOf } from '../core/ids';

export const organisationSubject = (organisationId: string) => `organisation:${organisationId}`;
export const systemSubject = (systemId: string) => `system:${systemId}`;

/** An organisation's name is its country's once (any case, spaces collapsed). */
export const nameClaim = (country: string, name: string): Claim => {
  const message = `An organisation named ${name} is already registered in ${country}.`;
  return { key: claimKeys.organisationName(country, name), message, field: 'name' };
};

/** A system's name is its organisation's once (any case, spaces collapsed). */
export const systemNameClaim = (
  organisationId: string,
  organisation: string,
  name: string,
): Claim => {
  const message = `${organisation} already has a system named ${name}.`;
  return { key: claimKeys.systemName(organisationId, name), message, field: 'name' };
};

/**
 * The organisation being changed, read consistently, and the caller's view of the registry: 404
 * when it does not exist or lies outside the caller's sight, in the same words.
 */
export const organisationInSight = async (
  deps: Pick<OrganisationWriteDeps, 'registry'>,
  ctx: RequestContext<Caller>,
  organisationId: string,
): Promise<{ record: OrganisationRecord; snapshot: RegistrySnapshot; view: RegistryView }> => {
  const [record, snapshot] = await Promise.all([
    deps.registry.get('organisation', organisationId),
    deps.registry.snapshot(),
  ]);
  const view = viewOf(ctx.caller, snapshot);
  if (record === null || !view.organisation(organisationId)) throw organisationNotFound();
  return { record, snapshot, view };
};

/** The system being changed, like organisationInSight. */
export const systemInSight = async (
  deps: Pick<OrganisationWriteDeps, 'registry'>,
  ctx: RequestContext<Caller>,
  systemId: string,
): Promise<{ record: SystemRecord; snapshot: RegistrySnapshot; view: RegistryView }> => {
  const [record, snapshot] = await Promise.all([
    deps.registry.get('system', systemId),
    deps.registry.snapshot(),
  ]);
  const view = viewOf(ctx.caller, snapshot);
  if (record === null || !view.system(record)) throw systemNotFound();
  return { record, snapshot, view };
};

/**
 * The refusal of a change made from another revision than the stored one (409): the record
 * changed since the caller read it.
 */
export const checkRevision = (
  what: 'organisation' | 'system',
  current: { revision: number },
  revision: number,
): void => {
  if (current.revision !== revision) {
    throw new ConflictError(
      `The ${what} was changed by someone else meanwhile (it is at revision ` +
        `${String(current.revision)}, not ${String(revision)}). Reload, check, and try again.`,
    );
  }
};

/** The stamps of a record as a change leaves it (the store sets revision and write id too). */
export const changedStamps = (
  current: { revision: number },
  writeId: string,
  ctx: RequestContext<Caller>,
  at: Date,
) => ({
  revision: current.revision + 1,
  writeId,
  updatedAt: at.toISOString(),
  updatedBy: ctx.caller.email,
});

export const createdStamps = (writeId: string, ctx: RequestContext<Caller>, at: Date) => ({
  revision: 1,
  writeId,
  createdAt: at.toISOString(),
  createdBy: ctx.caller.email,
  updatedAt: at.toISOString(),
  updatedBy: ctx.caller.email,
});

export { auditEntry };

const same = (a: unknown, b: unknown): boolean =>
  a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields a change asks for that differ from the record, with their earlier values: what is
 * written and audited (nothing when nothing differs).
 */
export const differences = <R extends object>(
  record: R,
  changes: { [K in keyof R]?: R[K] | undefined },
): { before: Partial<R>; after: Partial<R> } => {
  const before: Partial<R> = {};
  const after: Partial<R> = {};
  for (const key of Object.keys(changes) as (keyof R)[]) {
    const value = changes[key];
    if (value === undefined || same(value, record[key])) continue;
    before[key] = record[key];
    after[key] = value;
  }
  return { before, after };
};
