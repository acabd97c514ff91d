import type { ResponseOf } from '@ccsc/contract';
import type {
  DocumentDetail,
  DocumentSummary,
  FiledObject,
  ImportDetail,
  ImportSummary,
} from '@ccsc/contract/documents';
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
  quarantineReason: null,
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
  quarantineDetail: null,
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
  signature: null,
  supersedesDocumentId: null,
  supersededByDocumentId: null,
  rejection: null,
  recall: null,
  ...overrides,
});

/** One page of s3documents/list; `total` null where the server counts no total for the filters. */
export const documentPage = (
  documents: DocumentSummary[],
  nextCursor: string | null = null,
  total: number | null = null,
): ApiAnswer => success({ documents, nextCursor, total });

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
 * Imports filed 4 files under 01.01.04 and 2 under 01.01.11 Debarment Statement (recommended,
 * filed at site level) for site 104: no core site-level artifact among them.
 */
export const studyCompleteness = (
  overrides: Partial<StudyCompleteness> = {},
): StudyCompleteness => {
  const counts = new Map([
    ['05.04.04', 5],
    ['01.01.04', 2],
  ]);
  const imported = new Map([
    ['01.01.04', 4],
    ['01.01.11', 2],
  ]);
  return {
    study: { studyId: 'study-1', protocolNumber: 'PZ-2025-01', title: 'A phase II study' },
    sponsorSide: true,
    catalogueVersion: '3.3',
    artifacts: ARTIFACTS.map((a) => ({
      number: a.number,
      name: a.name,
      core: a.core,
      siteLevel: a.levels.includes('site'),
      documents: counts.get(a.number) ?? 0,
      imported: imported.get(a.number) ?? 0,
    })),
    sites: [
      {
        connectionId: 'con-1',
        siteNumber: '104',
        siteName: 'Klinikum Eins',
        status: 'active',
        documents: 5,
        imported: 2,
        coreSiteArtifacts: CORE_SITE_ARTIFACTS.length,
        missingCore: CORE_SITE_ARTIFACTS.filter((n) => n !== '05.04.04'),
        requests: { requested: 3, received: 2, overdue: 1 },
      },
      {
        connectionId: 'con-2',
        siteNumber: '201',
        siteName: 'Hospital Two',
        status: 'suspended',
        documents: 0,
        imported: 0,
        coreSiteArtifacts: CORE_SITE_ARTIFACTS.length,
        missingCore: CORE_SITE_ARTIFACTS,
        requests: { requested: 0, received: 0, overdue: 0 },
      },
    ],
    ...overrides,
  };
};

/** An import id as the hub writes them: imp- and 26 lowercase letters or digits. */
export const importId = (n: number): string => `imp-${String(n).padStart(26, '0')}`;

/** An import of study-1 as s3documents/imports lists it: completed, 12 files of 10 objects. */
export const importSummary = (
  n: number,
  overrides: Partial<ImportSummary> = {},
): ImportSummary => ({
  importId: importId(n),
  studyId: 'study-1',
  protocolNumber: 'PZ-2025-01',
  state: 'completed',
  fileName: `cro-transfer-${String(n)}.zip`,
  size: 4_500_000,
  startedAt: '2025-03-01T09:00:00.000Z',
  startedBy: 'admin@pharma.example.com',
  completedAt: '2025-03-01T09:02:00.000Z',
  objects: 10,
  files: 12,
  filed: 8,
  alreadyFiled: 1,
  notFiled: 3,
  conflicts: 0,
  conflictFiles: 0,
  ...overrides,
});

/** Its report: the batch, and the three files it could not file, each with its reason. */
export const importDetail = (n: number, overrides: Partial<ImportDetail> = {}): ImportDetail => ({
  ...importSummary(n),
  batch: {
    studyId: 'CRO-PZ-01',
    transferSourceId: 'cro-etmf',
    transferId: 'TR-2025-0007',
    specificationId: 'eTMF-EMS 1.0.1',
    tmfRmVersion: '3.3',
  },
  rejection: null,
  problems: [],
  notFiledList: [
    {
      objectId: 'OBJ-0007',
      fileName: 'content/visit-log-7.pdf',
      artifactNumber: '05.04.04',
      reason: 'checksum-mismatch',
      detail: 'The file hashes to 3a7bd3e2…, the inventory states 9f86d081….',
      files: [
        {
          fileName: 'content/visit-log-7.pdf',
          outcome: 'checksum-mismatch',
          detail: 'The file hashes to 3a7bd3e2…, the inventory states 9f86d081….',
          integrityNote: null,
        },
      ],
    },
    {
      objectId: 'OBJ-0008',
      fileName: 'content/delegation-log.pdf',
      artifactNumber: '05.02.04',
      reason: 'site-unknown',
      detail: 'SITEID 999 is no site of study PZ-2025-01.',
      files: [],
    },
    {
      objectId: 'OBJ-0009',
      fileName: 'content/plan.docx',
      artifactNumber: '99.01.01',
      reason: 'artifact-unknown',
      detail: '99.01.01 is not an artifact of the TMF Reference Model 3.3.',
      files: [],
    },
  ],
  conflictList: [],
  ...overrides,
});

/**
 * A conflict (issue 34), as the official eTMF-EMS example's Medical License comes out: its
 * package of TMF RM 3.0 files it under 05.02.01 with UNIQUEID 091, in a folder named "Medical
 * License"; three artifacts of ours it may be.
 */
export const importConflict = (
  seq: number,
  overrides: Partial<ImportDetail['conflictList'][number]> = {},
): ImportDetail['conflictList'][number] => ({
  seq,
  objectId: `PCO-AKT-101-MED-${String(seq).padStart(3, '0')}`,
  artifactNumber: '05.02.01',
  uniqueId: '091',
  tmfRmVersion: '3.0',
  statedName: 'Medical License',
  title: 'Medical License, John Smith',
  level: 'site',
  siteNumber: '101',
  why: 'The package is TMF Reference Model 3.0, which the hub has no crosswalk to 3.3.1 for.',
  candidates: [
    { number: '05.02.01', name: 'Acceptance of Investigator Brochure', basis: 'number' },
    { number: '05.02.08', name: 'Form FDA 1572', basis: 'unique-id' },
    { number: '05.02.07', name: 'Site Staff Qualification Supporting Information', basis: 'name' },
  ],
  files: [
    {
      fileName: 'PCO-AKT-101-MED-001.pdf',
      size: 48_213,
      sha256: 'ab'.repeat(32),
      integrityNote: 'Checked with MD5 only, the one hash the package states.',
    },
  ],
  state: 'open',
  resolvedBy: null,
  resolvedAt: null,
  filedAs: null,
  ...overrides,
});

/** The same import refused whole: its exchange.xml does not validate, nothing filed. */
export const rejectedImport = (n: number): ImportDetail =>
  importDetail(n, {
    state: 'rejected',
    objects: 0,
    files: 0,
    filed: 0,
    alreadyFiled: 0,
    notFiled: 0,
    batch: null,
    rejection: 'exchange.xml does not validate against the eTMF-EMS schema.',
    problems: [
      { line: 12, message: "Element 'ARTIFACTNUMBER': '5.4.4' is not a valid value." },
      { line: 40, message: "Element 'OBJECT': Missing child element 'INTEGRITY'." },
    ],
    notFiledList: [],
  });

/** A file an import filed: the n-th of the inventory, a site-level visit log of site 104. */
export const filedObject = (seq: number, overrides: Partial<FiledObject> = {}): FiledObject => ({
  seq,
  objectId: `OBJ-${String(seq).padStart(4, '0')}`,
  artifactNumber: '05.04.04',
  artifactName: 'Visit Log',
  subArtifact: null,
  level: 'site',
  countryId: null,
  siteNumber: '104',
  connectionId: 'con-1',
  title: `Monitoring visit log ${String(seq)}`,
  version: '2.0',
  versionState: 'Current',
  artifactDate: '2025-01-15',
  language: 'en',
  personNames: [],
  fileName: `content/visit-log-${String(seq)}.pdf`,
  contentType: 'application/pdf',
  size: 245_000,
  sha256: `${String(seq).padStart(2, '0')}${'cd'.repeat(31)}`,
  integrity: `sha256:${String(seq).padStart(2, '0')}${'cd'.repeat(31)}`,
  integrityNote: null,
  signatures: [],
  ...overrides,
});

/** One page of s3documents/import-get. */
export const importPage = (
  report: ImportDetail,
  objects: FiledObject[],
  nextCursor: string | null = null,
): ApiAnswer => success({ import: report, objects, nextCursor });

/** The answer of s3documents/import-etmf-upload for a package of `size` bytes. */
export const announcedImport = (n: number, fileName: string, size: number): ApiAnswer =>
  success({
    import: importSummary(n, {
      state: 'awaiting-upload',
      fileName,
      size,
      completedAt: null,
      objects: 0,
      files: 0,
      filed: 0,
      alreadyFiled: 0,
      notFiled: 0,
    }),
    upload: {
      url: `https://uploads.example.com/imports/${importId(n)}.zip?X-Amz-Signature=abc`,
      headers: { 'content-type': 'application/zip' },
      expiresAt: '2999-01-01T00:00:00.000Z',
    },
  });

/** Where the fake server takes the PUT of import n (the fake API's path: the link's address). */
export const uploadPath = (n: number): string =>
  `https://uploads.example.com/imports/${importId(n)}.zip`;
