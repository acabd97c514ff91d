import type { EventKind } from '@ccsc/contract/events';
import type { EventDraft } from '../core/ports/events';
import type { ConnectionRecord, RegistrySnapshot } from '../core/ports/registry';
import { connectionTarget } from './connection-writes';

/**
 * A connection's step as events (issue 35): one for each party organisation (sponsor, CRO,
 * site) other than the one whose administrator took the step — a PlatformAdmin's step is news to
 * every party. A site hears of it from the sponsor, the sponsor's side from the site.
 */
export const connectionEvents = (
  kind: Extract<EventKind, `connection.${string}`>,
  connection: Pick<
    ConnectionRecord,
    | 'connectionId'
    | 'studyId'
    | 'sponsorOrganisationId'
    | 'croOrganisationId'
    | 'siteOrganisationId'
  >,
  snapshot: RegistrySnapshot,
  actorOrganisationId: string | null,
  reason: string | null = null,
): EventDraft[] => {
  const target = connectionTarget(connection, snapshot);
  const subject = { type: 'connection' as const, id: target.id, name: target.label ?? target.id };
  const named = (organisationId: string) => ({
    organisationId,
    name: snapshot.organisations.get(organisationId)?.name ?? organisationId,
  });
  const parties = [
    connection.sponsorOrganisationId,
    connection.croOrganisationId,
    connection.siteOrganisationId,
  ].filter((id): id is string => id !== null && id !== actorOrganisationId);
  return [...new Set(parties)].map((organisationId) => ({
    kind,
    organisationId,
    subject,
    counterpart: named(
      organisationId === connection.siteOrganisationId
        ? connection.sponsorOrganisationId
        : connection.siteOrganisationId,
    ),
    reason,
  }));
};
