import { OPEN_CONNECTION_STATUSES } from '@ccsc/contract/organisations';
import { reachOf } from '@ccsc/contract/reach';
import { mayManageStudies } from '@ccsc/contract/registry-access';
import { auditEntry } from '../core/audit-entry';
import { ForbiddenError, NotFoundError } from '../core/errors';
import type { AuditEntry } from '../core/ports/audit-trail';
import type { Clock } from '../core/ports/clock';
import type { DocumentRequestStore } from '../core/ports/document-requests';
import type { DocumentStore } from '../core/ports/documents';
import type {
  ConnectionRecord,
  Registry,
  RegistrySnapshot,
  StudyRecord,
} from '../core/ports/registry';
import type { Caller, RequestContext } from '../core/request';
import { onSponsorSide } from './document-views';
import type { RequestWrites } from './request-writes';

/**
 * Who sees and changes a study's expected documents and requests (issue 35), on the server:
 * the study's sponsor side (its sponsor, its CRO) and whoever reaches every organisation read
 * every site's; a site's organisation reads its own connections' only; anyone else gets 404, as
 * for a study that does not exist. Changes: the sponsor's OrgAdmin, or a PlatformAdmin (as for
 * the study itself, registry-access.ts `mayManageStudies`); everyone else within reach 403.
 */

export interface RequestDeps {
  registry: Pick<Registry, 'snapshot'>;
  documents: Pick<DocumentStore, 'page'>;
  requests: Pick<DocumentRequestStore, 'expected' | 'requests' | 'request'>;
  writes: RequestWrites;
  clock: Clock;
  newId: () => string;
}

export interface StudyInReach {
  snapshot: RegistrySnapshot;
  study: StudyRecord;
  sponsorSide: boolean;
  /** The study's connections the caller sees that exchange or did, by site number. */
  connections: ConnectionRecord[];
}

export const studyNotFound = () => new NotFoundError('No study with that id is within your reach.');

export const studyInReach = async (
  deps: Pick<RequestDeps, 'registry'>,
  caller: Caller,
  studyId: string,
): Promise<StudyInReach> => {
  const reach = reachOf(caller);
  const snapshot = await deps.registry.snapshot();
  const study = snapshot.studies.get(studyId);
  if (study === undefined || reach.kind === 'nothing') throw studyNotFound();
  const own = reach.kind === 'organisation' ? reach.organisationId : null;
  const sponsorSide = onSponsorSide(reach, study);
  const connections = [...snapshot.connections.values()]
    .filter((c) => c.studyId === study.studyId)
    .filter((c) => sponsorSide || c.siteOrganisationId === own)
    .filter((c) => c.siteSystemId !== null || OPEN_CONNECTION_STATUSES.includes(c.status))
    .sort((a, b) => (a.siteNumber < b.siteNumber ? -1 : a.siteNumber > b.siteNumber ? 1 : 0));
  if (!sponsorSide && connections.length === 0) throw studyNotFound();
  return { snapshot, study, sponsorSide, connections };
};

/** The study's sponsor's OrgAdmin or a PlatformAdmin; else 403 (after the reach's 404). */
export const mustManage = (caller: Caller, seen: StudyInReach): void => {
  const sponsor = seen.snapshot.organisations.get(seen.study.sponsorOrganisationId);
  if (
    sponsor === undefined ||
    !mayManageStudies({ role: caller.role, organisationId: caller.organisationId }, sponsor)
  ) {
    throw new ForbiddenError(
      "Only the study sponsor's OrgAdmin or a PlatformAdmin changes its expected documents and requests.",
    );
  }
};

/** One audit record in each organisation's trail (null and repeats left out). */
export const auditEach = (
  ctx: RequestContext<Caller>,
  fact: Pick<AuditEntry, 'action' | 'target' | 'before' | 'after' | 'reason'>,
  organisations: readonly (string | null)[],
): AuditEntry[] =>
  [...new Set(organisations.filter((o): o is string => o !== null))].map((o) =>
    auditEntry(ctx, fact, o),
  );

export const studyTarget = (study: StudyRecord) => ({
  type: 'study' as const,
  id: study.studyId,
  label: study.protocolNumber,
});
