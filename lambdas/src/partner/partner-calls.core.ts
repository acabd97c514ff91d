import { OPEN_CONNECTION_STATUSES } from '@ccsc/contract/organisations';
import type { PartnerConnection, PartnerStandard, partnerRoutes } from '@ccsc/contract/partner-api';
import { NotFoundError } from '../core/errors';
import { pageOf } from '../core/list-page';
import type { Core } from '../core/request';
import {
  versionInUse,
  type ConnectionRecord,
  type OrganisationRecord,
  type Registry,
  type RegistrySnapshot,
  type StandardRecord,
  type SystemRecord,
} from '../core/ports/registry';
import type { StandardRowsStore } from '../core/ports/standard-rows';

/**
 * The partner API's calls of issue 15, for the calling system (its credential names it): `me`
 * and its `connections`. Read from the registry's snapshot (a copy per container, caught up from
 * the change log on each call).
 */

export interface PartnerDeps {
  registry: Pick<Registry, 'snapshot'>;
}

export interface PartnerStandardDeps extends PartnerDeps {
  rows: Pick<StandardRowsStore, 'get'>;
}

const organisationOf = (o: OrganisationRecord) => ({
  organisationId: o.organisationId,
  name: o.name,
  kind: o.kind,
  country: o.country,
});

const systemOf = (s: SystemRecord) => ({
  systemId: s.systemId,
  name: s.name,
  kind: s.kind,
  vendor: s.vendor,
  product: s.product,
  environment: s.environment,
});

/** A system the credential names that the registry no longer has: a 404, never made up. */
const gone = () =>
  new NotFoundError(
    "The calling system is not in the registry any more. Ask the console's administrator.",
  );

export const partnerMe: Core<(typeof partnerRoutes)['partner-me'], PartnerDeps> = async (
  _input,
  ctx,
  deps,
) => {
  const snapshot = await deps.registry.snapshot();
  const system = snapshot.systems.get(ctx.client.systemId);
  const organisation = snapshot.organisations.get(ctx.client.organisationId);
  if (system === undefined || organisation === undefined) throw gone();
  return {
    system: systemOf(system),
    organisation: organisationOf(organisation),
    credential: {
      apiId: ctx.client.apiId,
      clientId: ctx.client.clientId,
      scopes: ctx.client.scopes,
      expiresAt: ctx.client.validUntil,
    },
  };
};

const PAGE = 50;

const toPartnerConnection = (
  c: ConnectionRecord,
  systemId: string,
  snapshot: RegistrySnapshot,
): PartnerConnection | null => {
  const study = snapshot.studies.get(c.studyId);
  const sponsor = snapshot.organisations.get(c.sponsorOrganisationId);
  const side = c.sponsorSystemId === systemId ? 'sponsor' : 'site';
  const counterpartSystemId = side === 'sponsor' ? c.siteSystemId : c.sponsorSystemId;
  const counterpartSystem =
    counterpartSystemId === null ? undefined : snapshot.systems.get(counterpartSystemId);
  const counterpartOrganisation = snapshot.organisations.get(
    side === 'sponsor'
      ? c.siteOrganisationId
      : (counterpartSystem?.organisationId ?? c.sponsorOrganisationId),
  );
  if (study === undefined || sponsor === undefined || counterpartOrganisation === undefined) {
    return null;
  }
  return {
    connectionId: c.connectionId,
    side,
    status: c.status,
    study: {
      studyId: study.studyId,
      protocolNumber: study.protocolNumber,
      title: study.title,
      phase: study.phase,
      status: study.status,
      sponsor: organisationOf(sponsor),
    },
    siteNumber: c.siteNumber,
    country: c.country,
    principalInvestigator: c.principalInvestigator,
    counterpart: {
      organisation: organisationOf(counterpartOrganisation),
      system: counterpartSystem === undefined ? null : systemOf(counterpartSystem),
    },
    updatedAt: c.updatedAt,
  };
};

/**
 * The connections the calling system takes part in — as the sponsor-side system, or as the site
 * system once the site accepted with it — newest change first, each with the other side.
 */
export const partnerConnections: Core<
  (typeof partnerRoutes)['partner-connections'],
  PartnerDeps
> = async (input, ctx, deps) => {
  const snapshot = await deps.registry.snapshot();
  const { systemId } = ctx.client;
  const mine = [...snapshot.connections.values()]
    .filter((c) => c.sponsorSystemId === systemId || c.siteSystemId === systemId)
    .filter((c) => input.status === undefined || c.status === input.status)
    .sort((a, b) =>
      a.updatedAt < b.updatedAt
        ? 1
        : a.updatedAt > b.updatedAt
          ? -1
          : a.connectionId < b.connectionId
            ? -1
            : 1,
    );
  const page = pageOf('partner-connections', { systemId, status: input.status }, input, mine);
  return {
    connections: page.items.flatMap((c) => toPartnerConnection(c, systemId, snapshot) ?? []),
    nextCursor: page.nextCursor,
  };
};

/** The standard whose version in use names each system. */
const standardsBySystem = (snapshot: RegistrySnapshot): Map<string, StandardRecord> => {
  const out = new Map<string, StandardRecord>();
  for (const record of snapshot.standards.values()) {
    for (const systemId of versionInUse(record)?.systemIds ?? []) out.set(systemId, record);
  }
  return out;
};

const ROWS_PAGE = 1;

/**
 * The published standards a system needs to exchange documents (issue 16): its own, and those of
 * the systems on the other side of its open connections, each at its version in use, ordered by
 * id; `rows=true` adds every row (one standard a page then: a response stays within Lambda's
 * 6 MB). A counterpart's standard lists only the systems the caller is connected to.
 */
export const partnerStandards: Core<
  (typeof partnerRoutes)['partner-standards'],
  PartnerStandardDeps
> = async (input, ctx, deps) => {
  const snapshot = await deps.registry.snapshot();
  const { systemId } = ctx.client;
  const bySystem = standardsBySystem(snapshot);
  const relation = new Map<string, 'own' | 'counterpart'>();
  /** The counterpart systems the caller is connected to, by standard. */
  const connected = new Map<string, Set<string>>();
  const own = bySystem.get(systemId);
  if (own !== undefined) relation.set(own.standardId, 'own');
  for (const c of snapshot.connections.values()) {
    if (!OPEN_CONNECTION_STATUSES.includes(c.status)) continue;
    const other =
      c.sponsorSystemId === systemId
        ? c.siteSystemId
        : c.siteSystemId === systemId
          ? c.sponsorSystemId
          : null;
    const theirs = other === null ? undefined : bySystem.get(other);
    if (theirs === undefined || other === null) continue;
    if (!relation.has(theirs.standardId)) relation.set(theirs.standardId, 'counterpart');
    const systems = connected.get(theirs.standardId) ?? new Set<string>();
    systems.add(other);
    connected.set(theirs.standardId, systems);
  }
  const withRows = input.rows === 'true';
  const found = [...relation.keys()].sort();
  const page = pageOf(
    'partner-standards',
    { systemId, rows: withRows },
    { cursor: input.cursor, limit: Math.min(input.limit ?? PAGE, withRows ? ROWS_PAGE : PAGE) },
    found,
  );
  const standards = await Promise.all(
    page.items.flatMap((standardId): Promise<PartnerStandard>[] => {
      const record = snapshot.standards.get(standardId);
      const v = record === undefined ? null : versionInUse(record);
      const organisation =
        record === undefined ? undefined : snapshot.organisations.get(record.organisationId);
      if (record === undefined || v === null || v.signature === null || !organisation) return [];
      return [
        (async () => ({
          standardId,
          version: v.version,
          name: v.name,
          relation: relation.get(standardId) ?? 'counterpart',
          organisation: organisationOf(organisation),
          systems: v.systemIds
            .filter(
              (id) =>
                relation.get(standardId) === 'own' || (connected.get(standardId)?.has(id) ?? false),
            )
            .map((id) => ({
              systemId: id,
              name: snapshot.systems.get(id)?.name ?? id,
            })),
          product: v.product,
          catalogueVersion: record.catalogueVersion,
          signature: {
            signerName: v.signature?.signerName ?? '',
            meaning: v.signature?.meaning ?? 'Approved',
            signedAt: v.signature?.signedAt ?? v.updatedAt,
          },
          rowCount: v.rowCount,
          ...(withRows ? { rows: await deps.rows.get(v.rowsKey) } : {}),
        }))(),
      ];
    }),
  );
  return { standards, nextCursor: page.nextCursor };
};
