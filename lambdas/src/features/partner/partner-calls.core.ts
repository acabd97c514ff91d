import type { PartnerConnection, partnerRoutes } from '@ccsc/contract/partner-api';
import { NotFoundError, ValidationError } from '../../core/errors';
import type { PartnerCore } from '../../core/partner-request';
import type {
  ConnectionRecord,
  OrganisationRecord,
  Registry,
  RegistrySnapshot,
  SystemRecord,
} from '../../ports/registry';

/**
 * The partner API's calls of issue 15, for the calling system (its credential names it): `me`
 * and its `connections`. Read from the registry's snapshot (a copy per container, caught up from
 * the change log on each call).
 */

export interface PartnerDeps {
  registry: Pick<Registry, 'snapshot'>;
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

export const partnerMe: PartnerCore<(typeof partnerRoutes)['partner-me'], PartnerDeps> = async (
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

const cursorOf = (offset: number, status: string) =>
  Buffer.from(JSON.stringify({ offset, status }), 'utf8').toString('base64url');

const offsetOf = (cursor: string | undefined, status: string): number => {
  if (cursor === undefined) return 0;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as {
      offset?: unknown;
      status?: unknown;
    };
    if (typeof parsed.offset === 'number' && parsed.offset >= 0 && parsed.status === status) {
      return parsed.offset;
    }
  } catch {
    // answered below
  }
  const message = 'The cursor does not belong to this list; start again without it.';
  throw new ValidationError(message, [{ path: 'cursor', message }]);
};

/**
 * The connections the calling system takes part in — as the sponsor-side system, or as the site
 * system once the site accepted with it — newest change first, each with the other side.
 */
export const partnerConnections: PartnerCore<
  (typeof partnerRoutes)['partner-connections'],
  PartnerDeps
> = async (input, ctx, deps) => {
  const snapshot = await deps.registry.snapshot();
  const { systemId } = ctx.client;
  const status = input.status ?? '';
  const offset = offsetOf(input.cursor, status);
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
  const size = input.limit ?? PAGE;
  const page = mine
    .slice(offset, offset + size)
    .flatMap((c) => toPartnerConnection(c, systemId, snapshot) ?? []);
  return {
    connections: page,
    nextCursor: offset + size < mine.length ? cursorOf(offset + size, status) : null,
  };
};
