import { type HoldReason } from '@ccsc/contract/documents';
import type { Caller } from '../core/request';
import { type DocumentRecord } from '../core/ports/documents';
import type { OrganisationRecord, RegistrySnapshot } from '../core/ports/registry';
import { anOrganisation } from '../core/testing/memory-registry';
import { documentRecordOf, nextRevision } from '../core/testing/document-records';

/** The documents list's test world: a registry snapshot, documents at each step, callers. */

/**
 * The document list's scope, matcher and total (lists/documents.ts) over the in-memory store,
 * whose counters move exactly as the DynamoDB adapter's transactions move them: every total the
 * counters give is checked against the list read to its end, for the hub and for each
 * organisation in its role.
 */

export const org = (id: string, kind: OrganisationRecord['kind']) => anOrganisation(id, { kind });
const ORGS = [
  org('org-site-a', 'site'),
  org('org-site-b', 'site'),
  org('org-sponsor', 'sponsor'),
  org('org-cro', 'cro'),
  org('org-cro-old', 'cro'),
];

export const snapshot: RegistrySnapshot = {
  version: 1,
  organisations: new Map(ORGS.map((o) => [o.organisationId, o])),
  systems: new Map(),
  studies: new Map(),
  connections: new Map(),
  standards: new Map(),
};
export const registry = { snapshot: () => Promise.resolve(snapshot) };

export const aDocument = documentRecordOf;
export const next = nextRevision;
export const held = (record: DocumentRecord, reason: HoldReason) =>
  next(record, { state: 'held', holdReason: reason, holdDetail: reason });
export const delivered = (record: DocumentRecord, at: string) =>
  next(record, {
    state: 'delivered',
    holdReason: null,
    holdDetail: null,
    deliveredAt: at,
    updatedAt: at,
  });

export const admin: Partial<Caller> = { role: 'PlatformAdmin', organisationId: null };
export const orgAdmin = (organisationId: string): Partial<Caller> => ({
  role: 'OrgAdmin',
  organisationId,
});
