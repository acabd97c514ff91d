import type { DocumentDetail, DocumentEvent, DocumentSummary } from '@ccsc/contract/documents';
import type { PartnerSentDocument } from '@ccsc/contract/partner-api';
import type { Reach } from '@ccsc/contract/reach';
import type { PartnerContext } from '../core/request';
import { placesOf } from '../core/audit-entry';
import type { AuditEntry } from '../core/ports/audit-trail';
import type { DocumentRecord } from '../core/ports/documents';
import type { RegistrySnapshot } from '../core/ports/registry';
import { standardOf } from './classify';

/** How a document is shown to its sender, its receiver and the console; its audit records. */

/**
 * Whether a caller with `reach` is on a study's sponsor side (its sponsor, its CRO) or reaches
 * every organisation: who sees every site of the study, its exports and its imports.
 */
export const onSponsorSide = (
  reach: Reach,
  study: { sponsorOrganisationId: string; croOrganisationId: string | null },
): boolean =>
  reach.kind === 'everything' ||
  (reach.kind === 'organisation' &&
    (reach.organisationId === study.sponsorOrganisationId ||
      reach.organisationId === study.croOrganisationId));

/** How long an upload or download link works. */
export const LINK_SECONDS = 15 * 60;

export const systemActor = (systemId: string): string => `system:${systemId}`;
export const HUB = 'hub';

export const withEvent = (
  record: DocumentRecord,
  event: DocumentEvent['event'],
  at: string,
  by: string,
  detail: string | null = null,
): DocumentEvent[] => [...record.events, { at, event, by, detail }];

/** The rejection and the recall every view of a document shows (issue 35; null: none). */
export const returnViewOf = (record: DocumentRecord) => ({
  rejection: record.rejection ?? null,
  recall: record.recall ?? null,
});

/** The signature and version links every view of a document shows (issue 34). */
export const versionViewOf = (record: DocumentRecord) => ({
  signature: record.signature ?? null,
  supersedesDocumentId: record.supersedesDocumentId ?? null,
  supersededByDocumentId: record.supersededByDocumentId ?? null,
});

const systemRef = (snapshot: RegistrySnapshot, systemId: string, organisationId: string) => {
  const system = snapshot.systems.get(systemId);
  const organisation = snapshot.organisations.get(organisationId);
  return {
    systemId,
    name: system?.name ?? systemId,
    organisationId,
    organisationName: organisation?.name ?? organisationId,
  };
};

/** The sender's name: its system's, or the package of the import that filed the document. */
export const senderNameOf = (record: DocumentRecord, snapshot: RegistrySnapshot): string =>
  record.source?.packageName ??
  snapshot.systems.get(record.senderSystemId)?.name ??
  record.senderSystemId;

/** The site a document is of: none for a trial- or country-level one an import filed. */
export const siteNumberOf = (record: DocumentRecord, snapshot: RegistrySnapshot): string =>
  record.source != null && record.source.level !== 'site'
    ? ''
    : (snapshot.connections.get(record.connectionId)?.siteNumber ?? '');

const senderRefOf = (record: DocumentRecord, snapshot: RegistrySnapshot) => ({
  ...systemRef(snapshot, record.senderSystemId, record.senderOrganisationId),
  name: senderNameOf(record, snapshot),
});

export const sentViewOf = (
  record: DocumentRecord,
  snapshot: RegistrySnapshot,
): PartnerSentDocument => {
  const receiver = systemRef(snapshot, record.receiverSystemId, record.receiverOrganisationId);
  return {
    documentId: record.documentId,
    idempotencyKey: record.idempotencyKey,
    state: record.state,
    holdReason: record.holdReason,
    holdDetail: record.holdDetail,
    quarantineReason: record.quarantineReason ?? null,
    quarantineDetail: record.quarantineDetail ?? null,
    connectionId: record.connectionId,
    studyId: record.studyId,
    receiver: {
      systemId: receiver.systemId,
      name: receiver.name,
      organisationName: receiver.organisationName,
    },
    typeCode: record.typeCode,
    title: record.title,
    fileName: record.fileName,
    size: record.size,
    sha256: record.sha256,
    classification: record.classification,
    ...versionViewOf(record),
    ...returnViewOf(record),
    ...returnViewOf(record),
    // A system sees what the hub and the systems did; an administrator only as such, unnamed.
    events: record.events.map((e) =>
      e.by === HUB || e.by.startsWith('system:') ? e : { ...e, by: 'administrator' },
    ),
    sentAt: record.sentAt,
    updatedAt: record.updatedAt,
  };
};

export const summaryOf = (record: DocumentRecord, snapshot: RegistrySnapshot): DocumentSummary => {
  const study = snapshot.studies.get(record.studyId);
  return {
    documentId: record.documentId,
    state: record.state,
    holdReason: record.holdReason,
    quarantineReason: record.quarantineReason ?? null,
    direction: record.direction,
    connectionId: record.connectionId,
    studyId: record.studyId,
    protocolNumber: study?.protocolNumber ?? record.studyId,
    siteNumber: siteNumberOf(record, snapshot),
    sender: senderRefOf(record, snapshot),
    receiver: systemRef(snapshot, record.receiverSystemId, record.receiverOrganisationId),
    typeCode: record.typeCode,
    title: record.title,
    version: record.version,
    documentDate: record.documentDate,
    fileName: record.fileName,
    contentType: record.contentType,
    size: record.size,
    artifactNumber: record.classification?.artifactNumber ?? null,
    receiverTypeCode: record.classification?.receiver?.typeCode ?? null,
    sentAt: record.sentAt,
    updatedAt: record.updatedAt,
  };
};

const standardRefOf = (snapshot: RegistrySnapshot, systemId: string) => {
  const found = standardOf(snapshot, systemId);
  return found === null
    ? null
    : {
        standardId: found.standard.standardId,
        version: found.version.version,
        name: found.version.name,
      };
};

export const detailOf = (record: DocumentRecord, snapshot: RegistrySnapshot): DocumentDetail => ({
  ...summaryOf(record, snapshot),
  standards: {
    sender: standardRefOf(snapshot, record.senderSystemId),
    receiver: standardRefOf(snapshot, record.receiverSystemId),
  },
  holdDetail: record.holdDetail,
  quarantineDetail: record.quarantineDetail ?? null,
  language: record.language,
  personName: record.personName,
  organisationName: record.organisationName,
  sha256: record.sha256,
  receivedSize: record.received?.size ?? null,
  classification: record.classification,
  events: record.events,
  downloads: record.downloads,
  downloadCount: record.downloadCount,
  ...versionViewOf(record),
  ...returnViewOf(record),
});

/** The documents's target in the audit trail. */
export const documentTarget = (record: DocumentRecord): NonNullable<AuditEntry['target']> => ({
  type: 'document',
  id: record.documentId,
  label: record.title.slice(0, 200),
});

/**
 * The audit records of what a system did with a document: one in each side's trail (the
 * sender's and the receiver's organisation), so either side's administrators and auditors read
 * it. The actor is the system (`system:<id>`), acting with the credential named in `after`.
 */
export const systemAuditEntries = (
  ctx: PartnerContext,
  record: DocumentRecord,
  fact: Pick<AuditEntry, 'action' | 'before' | 'after' | 'reason'> & {
    outcome?: AuditEntry['outcome'];
  },
): AuditEntry[] => [
  {
    action: fact.action,
    outcome: fact.outcome ?? 'success',
    actor: { sub: systemActor(ctx.client.systemId), email: null, role: null },
    target: documentTarget(record),
    // One record, in the sender's trail and the receiver's (issue 37).
    ...placesOf([record.senderOrganisationId, record.receiverOrganisationId]),
    source: { ip: ctx.sourceIp, userAgent: ctx.userAgent },
    requestId: ctx.requestId,
    ...(fact.before === undefined ? {} : { before: fact.before }),
    after: { ...fact.after, apiId: ctx.client.apiId },
    ...(fact.reason === undefined ? {} : { reason: fact.reason }),
  },
];
