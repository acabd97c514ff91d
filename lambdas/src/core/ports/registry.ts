import type { EventDraft } from './events';
import type {
  ConnectionSide,
  ConnectionStatus,
  OrganisationKind,
  RegistryStatus,
  StudyStatus,
  SystemKind,
} from '@ccsc/contract/organisations';
import type { CatalogueVersion } from '@ccsc/contract/standard-rows';
import type { SignatureMeaning, StandardStatus } from '@ccsc/contract/standards';
import type { AuditEntry } from './audit-trail';

/**
 * The registry (issue 14): organisations, their systems, studies and connections, as stored.
 * The model and its rules are written down in @ccsc/contract/organisations and
 * @ccsc/contract/registry-access; this port is how the features read and change it.
 *
 * Every record carries `revision` (1 when created, one more per change) and the id of the write
 * that last changed it (`writeId`), so a write that is run again after an interruption can tell
 * that it already happened. Times are ISO strings; `createdBy`/`updatedBy` the actor's e-mail
 * ("system" for the seed).
 */

interface Stamped {
  revision: number;
  writeId: string;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  updatedBy: string;
}

export interface OrganisationRecord extends Stamped {
  organisationId: string;
  name: string;
  kind: OrganisationKind;
  country: string;
  identifiers: { label: string; value: string }[];
  contactEmail: string | null;
  status: RegistryStatus;
}

export interface SystemRecord extends Stamped {
  systemId: string;
  organisationId: string;
  name: string;
  kind: SystemKind;
  vendor: string;
  product: string;
  environment: 'production' | 'validation' | 'test';
  technicalContactEmail: string;
  status: RegistryStatus;
}

export interface StudyRecord extends Stamped {
  studyId: string;
  sponsorOrganisationId: string;
  croOrganisationId: string | null;
  protocolNumber: string;
  title: string;
  phase:
    'phase-1' | 'phase-1-2' | 'phase-2' | 'phase-2-3' | 'phase-3' | 'phase-4' | 'not-applicable';
  status: StudyStatus;
}

export interface ConnectionEvent {
  status: ConnectionStatus;
  at: string;
  by: string;
  side: ConnectionSide;
  reason: string | null;
}

export interface ConnectionRecord extends Stamped {
  connectionId: string;
  studyId: string;
  /** Copied from the study when invited (a study never changes sponsor). */
  sponsorOrganisationId: string;
  /** The study's CRO as it stands: kept in step when the study's CRO changes. */
  croOrganisationId: string | null;
  siteOrganisationId: string;
  siteNumber: string;
  country: string;
  principalInvestigator: string;
  sponsorSystemId: string;
  siteSystemId: string | null;
  status: ConnectionStatus;
  suspendedBy: ConnectionSide | null;
  /** Every step, oldest first (the invitation first). */
  history: ConnectionEvent[];
}

/**
 * One version of a mapping standard (issue 16; the model: @ccsc/contract/standards). Its rows
 * are in the artifacts bucket at `rowsKey` (named by their SHA-256, so a key always means the
 * same rows); name, description, systems and product belong to the version like its rows.
 */
export interface StandardVersionRecord {
  version: number;
  status: StandardStatus;
  name: string;
  description: string | null;
  systemIds: string[];
  product: string | null;
  rowsKey: string;
  rowCount: number;
  problemCount: number;
  basedOnVersion: number | null;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  updatedBy: string;
  signature: {
    signerName: string;
    signerEmail: string;
    signerSub: string;
    meaning: SignatureMeaning;
    signedAt: string;
  } | null;
  retired: { at: string; by: string; reason: string } | null;
}

/** A mapping standard: its organisation, its catalogue version, and every version (oldest first). */
export interface StandardRecord extends Stamped {
  standardId: string;
  organisationId: string;
  catalogueVersion: CatalogueVersion;
  versions: StandardVersionRecord[];
}

export type RegistryRecord =
  | { type: 'organisation'; record: OrganisationRecord }
  | { type: 'system'; record: SystemRecord }
  | { type: 'study'; record: StudyRecord }
  | { type: 'connection'; record: ConnectionRecord }
  | { type: 'standard'; record: StandardRecord };
export type RegistryType = RegistryRecord['type'];

/**
 * The whole registry at one version, for lists, searches and the rules that look across records.
 * Read-only: the same objects are handed to every reader until the registry changes.
 */
export interface RegistrySnapshot {
  version: number;
  organisations: ReadonlyMap<string, OrganisationRecord>;
  systems: ReadonlyMap<string, SystemRecord>;
  studies: ReadonlyMap<string, StudyRecord>;
  connections: ReadonlyMap<string, ConnectionRecord>;
  standards: ReadonlyMap<string, StandardRecord>;
}

/**
 * A claim on a unique value: made when a record takes the value, released when it gives it up.
 * A claim already held by someone else makes the whole change fail with the claim's message.
 * Keys (lower case): `study-protocol#<sponsorId>#<protocol>`, `open-connection#<studyId>#<siteId>`,
 * `organisation-name#<country>#<name>`, `system-name#<organisationId>#<name>`, built with
 * `claimKeys` below. A key both released and
 * claimed in one change stays held.
 */
export interface Claim {
  key: string;
  /** The 409 message when the value is taken (names the field in `field`). */
  message: string;
  field?: string;
}

/**
 * One atomic change of the registry: every record put, claim made and released, and use counted
 * happens, or none does.
 */
export interface RegistryChange {
  /** The write's id, stamped on every record it puts (`writeId`). */
  writeId: string;
  /**
   * Records to store. `expectedRevision`: the revision the stored record must still have (null:
   * it must not exist yet). A record that changed meanwhile fails the change with 409.
   */
  puts: { item: RegistryRecord; expectedRevision: number | null }[];
  claims?: Claim[];
  releases?: string[];
  /**
   * Open connections per organisation, system and study ("<type>#<id>"), counted up (+1) or
   * down (-1) as connections open and close: what the guards below read, safe against races
   * that the snapshot cannot see.
   */
  uses?: { key: string; by: 1 | -1 }[];
  /**
   * Guards: these must hold when the change is made, else it fails with the message (409).
   * `unused`: no open connection counted on the key. `active`: the record is active (or, for a
   * study, not closed) at the given revision or later.
   */
  guards?: (
    | { kind: 'unused'; key: string; message: string }
    | { kind: 'active'; type: RegistryType; id: string; message: string }
  )[];
  /**
   * Records created by an import that is being undone: removed only if still at revision 1 and
   * unused (else left, and reported), each with the claims (`claimsOf`) the write that created
   * it made. Made one by one, after the rest of the change.
   */
  removals?: { type: RegistryType; id: string }[];
}

/** The use key of a record, for `uses` and `unused` guards. */
export const useKey = (type: Exclude<RegistryType, 'connection'>, id: string): string =>
  `${type}#${id}`;

/** Lower case, spaces collapsed: "ACME  Pharma" and "acme pharma" claim the same name. */
const claimable = (value: string): string =>
  value.normalize('NFC').trim().replace(/\s+/gu, ' ').toLowerCase();

/** The claim keys above, built one way for every feature and store. */
export const claimKeys = {
  organisationName: (country: string, name: string): string =>
    `organisation-name#${claimable(country)}#${claimable(name)}`,
  studyProtocol: (sponsorOrganisationId: string, protocolNumber: string): string =>
    `study-protocol#${sponsorOrganisationId}#${claimable(protocolNumber)}`,
  openConnection: (studyId: string, siteOrganisationId: string): string =>
    `open-connection#${studyId}#${siteOrganisationId}`,
  /** A system's name is its organisation's once: the name a credential and a connection show. */
  systemName: (organisationId: string, name: string): string =>
    `system-name#${organisationId}#${claimable(name)}`,
  /** A site number names one open study site of the study (as a trial's site list requires). */
  siteNumber: (studyId: string, siteNumber: string): string =>
    `site-number#${studyId}#${claimable(siteNumber)}`,
  /** A standard's name is unique within its organisation. */
  standardName: (organisationId: string, name: string): string =>
    `standard-name#${organisationId}#${claimable(name)}`,
  /** A system uses exactly one published standard. */
  systemStandard: (systemId: string): string => `system-standard#${systemId}`,
};

/**
 * The claims a record holds by its values: what a removal (an undone import) releases with it,
 * when the write that created the record made them.
 */
export const claimsOf = (item: RegistryRecord): string[] => {
  switch (item.type) {
    case 'organisation':
      return [claimKeys.organisationName(item.record.country, item.record.name)];
    case 'study':
      return [
        claimKeys.studyProtocol(item.record.sponsorOrganisationId, item.record.protocolNumber),
      ];
    case 'connection':
      return ['invited', 'active', 'suspended'].includes(item.record.status)
        ? [
            claimKeys.openConnection(item.record.studyId, item.record.siteOrganisationId),
            claimKeys.siteNumber(item.record.studyId, item.record.siteNumber),
          ]
        : [];
    case 'system':
      return [claimKeys.systemName(item.record.organisationId, item.record.name)];
    case 'standard':
      return standardClaims(item.record).map((c) => c.key);
  }
};

/** A record's id, whatever its type. */
export const idOf = (item: RegistryRecord): string => {
  switch (item.type) {
    case 'organisation':
      return item.record.organisationId;
    case 'system':
      return item.record.systemId;
    case 'study':
      return item.record.studyId;
    case 'connection':
      return item.record.connectionId;
    case 'standard':
      return item.record.standardId;
  }
};

/**
 * The version a standard's systems use: its newest version that is not a draft, if that one is
 * published (null: none). Publishing a version supersedes every earlier one; retiring the version
 * in use leaves the systems without a standard — an older published version never comes back.
 */
export const versionInUse = (record: StandardRecord): StandardVersionRecord | null => {
  const last = record.versions.findLast((v) => v.status !== 'draft');
  return last?.status === 'published' ? last : null;
};

/**
 * The claims a standard holds: each system its version in use names (a system uses exactly one
 * standard), and its newest version's name within its organisation.
 */
export const standardClaims = (record: StandardRecord): Claim[] => {
  const newest = record.versions.at(-1);
  const inUse = versionInUse(record);
  // The newest version's name, and the name of the version in use (a draft may be renamed).
  const names = [...new Set([newest?.name, inUse?.name].filter((n) => n !== undefined))];
  const nameClaims = names.map((name) => ({
    key: claimKeys.standardName(record.organisationId, name),
    message: `The organisation has a standard named "${name}" already.`,
    field: 'name',
  }));
  return [
    ...nameClaims.filter(
      (claim, i) => nameClaims.findIndex((other) => other.key === claim.key) === i,
    ),
    ...(inUse?.systemIds ?? []).map((systemId) => ({
      key: claimKeys.systemStandard(systemId),
      message:
        'A system named here uses another published standard: take it out of that one first.',
      field: 'systemIds',
    })),
  ];
};

export interface Registry {
  /**
   * The registry as it is now: a copy kept in memory per process, brought up to date from the
   * store's change log on each call (one consistent read when nothing changed).
   */
  snapshot(): Promise<RegistrySnapshot>;
  /** One record, read consistently from the store (never from a copy). */
  get<T extends RegistryType>(
    type: T,
    id: string,
  ): Promise<Extract<RegistryRecord, { type: T }>['record'] | null>;
  /**
   * Makes the change atomically. Throws ConflictError (409) with the failing claim's, guard's or
   * revision's message; a record whose `writeId` already equals the change's counts as done.
   */
  commit(change: RegistryChange): Promise<void>;
}

/**
 * A registry write with its audit records: made crash-safe by the write journal (the change
 * first, then every audit record exactly once), so a change is never left unaudited.
 */
export interface RegistryWrites {
  /**
   * Runs the write on `subject` (e.g. "connection:<id>"; one write per subject at a time, else
   * 409 after a moment). The audit entries are appended once the change is made; when the change
   * is refused the refusal reaches the caller and nothing is written.
   */
  apply(
    subject: string,
    change: RegistryChange,
    audit: AuditEntry[],
    /** The facts the change makes for other organisations (issue 35), emitted once after it. */
    events?: EventDraft[],
  ): Promise<void>;
  /**
   * An import, all or nothing: the changes (each at most ~40 records, creations only) are
   * staged, then made one after another; if one is refused, those already made are undone
   * (`removals`), the failure is recorded once (`registry.import`, failure, on the first audit
   * entry's actor and request, saying what was undone and what had to be left) and the refusal
   * reaches the caller. Each change's audit entries are appended once it is made.
   */
  applyAll(
    subject: string,
    parts: { change: RegistryChange; audit: AuditEntry[] }[],
  ): Promise<void>;
}
