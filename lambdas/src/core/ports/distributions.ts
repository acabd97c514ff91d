/**
 * Safety-letter distributions (issue 35 part D): one record per distribution, in the documents
 * table, naming each site's delivery (a document record of its own, in the site system's inbox).
 * What a site acknowledged is read from its document; the record keeps what the document does
 * not: the targets, when reminders went out, and whether the fan-out and its audit are done.
 */
export interface DistributionTarget {
  connectionId: string;
  siteOrganisationId: string;
  siteSystemId: string;
  siteNumber: string;
  /** The site's delivered copy; null until the fan-out made it. */
  documentId: string | null;
  /** When a reminder went out, oldest first, and whether its audit record is written. */
  reminders: { at: string; audited: boolean }[];
}

export interface DistributionRecord {
  distributionId: string;
  /** Raised by every change; a change is written only over the revision it was made from. */
  revision: number;
  studyId: string;
  sponsorOrganisationId: string;
  sourceDocumentId: string;
  title: string;
  fileName: string;
  overdueDays: number;
  createdAt: string;
  /** The administrator's e-mail or `system:<id>`. */
  createdBy: string;
  /**
   * Who created it, as its audit record names them: a fan-out finished by the scheduled pass
   * audits under the same request, so the record written before an interruption is found.
   */
  createdWho: {
    actor: {
      sub: string;
      email: string | null;
      role: 'PlatformAdmin' | 'OrgAdmin' | 'Auditor' | null;
    } | null;
    source: { ip: string; userAgent: string | null };
    requestId: string;
    apiId?: string;
  };
  /** Every target has its delivery, and the distribution's audit record is written. */
  complete: boolean;
  /** Every delivered copy acknowledged: the reminder pass passes it over. */
  closed: boolean;
  targets: DistributionTarget[];
}

export interface DistributionPage {
  ids: string[];
  /** Where the next page starts; null at the end. */
  next: string | null;
}

/** Whose list: an organisation (the sponsor's, and each site's), or every distribution ('ALL'). */
export const ALL_DISTRIBUTIONS = 'ALL';

export interface DistributionStore {
  get(distributionId: string): Promise<DistributionRecord | null>;
  getMany(distributionIds: readonly string[]): Promise<DistributionRecord[]>;
  /** Writes a new record and its place in each list (the sponsor's, each site's, ALL). */
  create(record: DistributionRecord): Promise<void>;
  /** Writes `next` if the stored record is still at `expectedRevision`; false otherwise. */
  update(next: DistributionRecord, expectedRevision: number): Promise<boolean>;
  /** One page of a list, newest first. */
  page(list: string, limit: number, after?: string): Promise<DistributionPage>;
  /** The distributions not closed yet (the reminder pass), oldest first. */
  open(limit: number, after?: string): Promise<DistributionPage>;
}

/** The lists a distribution is in: the sponsor's, each site organisation's, every one's. */
export const distributionListsOf = (
  record: Pick<DistributionRecord, 'sponsorOrganisationId' | 'targets'>,
): string[] => [
  ALL_DISTRIBUTIONS,
  ...new Set([record.sponsorOrganisationId, ...record.targets.map((t) => t.siteOrganisationId)]),
];
