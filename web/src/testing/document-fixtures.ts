import type { ResponseOf } from '@ccsc/contract';
import type { DocumentDetail, DocumentSummary } from '@ccsc/contract/documents';
import { CATALOGUES } from '@ccsc/contract/tmf-catalogue';
import { success, type ApiAnswer } from './fake-api';

/**
 * Documents as the server answers them (valid against the contract's schemas, which the API
 * client checks), for the document screens' tests.
 */

/** A document id as the hub writes them: doc- and 26 lowercase letters or digits. */
export const documentId = (n: number): string => `doc-${String(n).padStart(26, '0')}`;

const SITE_SYSTEM = {
  systemId: 'sys-eisf',
  name: 'Klinikum eISF',
  organisationId: 'site-1',
  organisationName: 'Klinikum Eins',
};
const SPONSOR_SYSTEM = {
  systemId: 'sys-etmf',
  name: 'Pharma eTMF',
  organisationId: 'sponsor-1',
  organisationName: 'Pharma Zwei',
};

export const documentSummary = (
  n: number,
  overrides: Partial<DocumentSummary> = {},
): DocumentSummary => ({
  documentId: documentId(n),
  state: 'delivered',
  holdReason: null,
  direction: 'site-to-sponsor',
  connectionId: 'con-1',
  studyId: 'study-1',
  protocolNumber: 'PZ-2025-01',
  siteNumber: '104',
  sender: SITE_SYSTEM,
  receiver: SPONSOR_SYSTEM,
  typeCode: 'ISF-VL',
  title: `Visit log ${n}`,
  version: '1.0',
  documentDate: '2025-02-01',
  fileName: `visit-log-${n}.pdf`,
  contentType: 'application/pdf',
  size: 1_234_567,
  artifactNumber: '05.04.04',
  receiverTypeCode: 'TMF-0504',
  sentAt: '2025-02-03T10:00:00.000Z',
  updatedAt: '2025-02-03T10:05:00.000Z',
  ...overrides,
});

export const CLASSIFIED: NonNullable<DocumentDetail['classification']> = {
  catalogueVersion: '3.3',
  artifactNumber: '05.04.04',
  artifactName: 'Visit Log',
  zoneName: 'Site Management',
  sectionName: 'Site Management',
  subArtifact: 'Monitoring Visit Log',
  filingLevel: 'site',
  sender: {
    standardId: 'std-klinikum0001',
    version: 2,
    typeCode: 'ISF-VL',
    typeName: 'Visit log (ISF)',
  },
  receiver: {
    standardId: 'std-pharma00001',
    version: 4,
    typeCode: 'TMF-0504',
    typeName: 'Monitoring visit log',
  },
};

export const documentDetail = (
  n: number,
  overrides: Partial<DocumentDetail> = {},
): DocumentDetail => ({
  ...documentSummary(n),
  holdDetail: null,
  language: 'en',
  personName: null,
  organisationName: null,
  sha256: 'ab'.repeat(32),
  receivedSize: 1_234_567,
  classification: CLASSIFIED,
  standards: {
    sender: { standardId: 'std-klinikum0001', version: 2, name: 'Klinikum eISF' },
    receiver: { standardId: 'std-pharma00001', version: 4, name: 'Pharma eTMF' },
  },
  events: [
    { at: '2025-02-03T10:00:00.000Z', event: 'announced', by: 'system:sys-eisf', detail: null },
    { at: '2025-02-03T10:01:00.000Z', event: 'received', by: 'hub', detail: 'SHA-256 matches' },
    { at: '2025-02-03T10:02:00.000Z', event: 'delivered', by: 'hub', detail: null },
  ],
  downloads: [{ at: '2025-02-04T08:00:00.000Z', by: 'auditor@example.com' }],
  downloadCount: 1,
  ...overrides,
});

/** One page of s3documents/list. */
export const documentPage = (
  documents: DocumentSummary[],
  nextCursor: string | null = null,
): ApiAnswer => success({ documents, nextCursor });

/** The answer of s3documents/get or s3documents/retry. */
export const documentAnswer = (document: DocumentDetail): ApiAnswer => success({ document });

/** The answer of s3documents/export-etmf: a package of 12 documents, 4.5 MB, 3 left out. */
export const etmfExport = (
  overrides: Partial<ResponseOf<'s3documents/export-etmf'>> = {},
): ResponseOf<'s3documents/export-etmf'> => ({
  url: 'https://exports.example.com/study-1-etmf-ems.zip?sig=abc',
  expiresAt: '2025-02-03T10:05:00.000Z',
  fileName: 'PZ-2025-01-etmf-ems-20250203T100000.zip',
  documents: 12,
  bytes: 4_500_000,
  unclassified: 3,
  ...overrides,
});

type StudyCompleteness = ResponseOf<'artifact/study-completeness'>;

/** Every artifact of the TMF Reference Model 3.3, as the completeness answer lists them. */
const ARTIFACTS = CATALOGUES['3.3'].zones.flatMap((z) => z.sections.flatMap((s) => s.artifacts));

/** The core artifacts that may be filed at site level, by number. */
export const CORE_SITE_ARTIFACTS = ARTIFACTS.filter((a) => a.core && a.levels.includes('site')).map(
  (a) => a.number,
);

/**
 * The completeness of study-1 (PZ-2025-01): documents under 05.04.04 Visit Log (5) and
 * 01.01.04 List of SOPs (2, a core artifact not filed at site level); site 104 (con-1) misses
 * every core site-level artifact but the visit log, site 201 (con-2) has no documents at all.
 */
export const studyCompleteness = (
  overrides: Partial<StudyCompleteness> = {},
): StudyCompleteness => {
  const counts = new Map([
    ['05.04.04', 5],
    ['01.01.04', 2],
  ]);
  return {
    study: { studyId: 'study-1', protocolNumber: 'PZ-2025-01', title: 'A phase II study' },
    catalogueVersion: '3.3',
    artifacts: ARTIFACTS.map((a) => ({
      number: a.number,
      name: a.name,
      core: a.core,
      siteLevel: a.levels.includes('site'),
      documents: counts.get(a.number) ?? 0,
    })),
    sites: [
      {
        connectionId: 'con-1',
        siteNumber: '104',
        siteName: 'Klinikum Eins',
        status: 'active',
        documents: 5,
        coreSiteArtifacts: CORE_SITE_ARTIFACTS.length,
        missingCore: CORE_SITE_ARTIFACTS.filter((n) => n !== '05.04.04'),
      },
      {
        connectionId: 'con-2',
        siteNumber: '201',
        siteName: 'Hospital Two',
        status: 'suspended',
        documents: 0,
        coreSiteArtifacts: CORE_SITE_ARTIFACTS.length,
        missingCore: CORE_SITE_ARTIFACTS,
      },
    ],
    ...overrides,
  };
};
