import { describe, expect, it } from 'vitest';
import { silentLogger } from '../core/testing/fakes';
import { sampleExe } from '../core/testing/sample-files';
import { ORG, STUDY, SYS } from '../core/testing/connection-test-network';
import {
  type FiledRecord,
  type ImportRecord,
  importedFileKeyOf,
} from '../core/ports/document-imports';
import { DOCUMENTS_BUCKET, pdf, setUp, sha, type World } from './document-world-kit';
import type { ScanResultStatus } from './scan-event';
import { receiveScanResult } from './scan-result.core';
import { sweepPendingJoins } from './scan-sweep';
import { guardDutyScanEvent } from './scan-test-kit';

/**
 * Imports join the study (issue 34 item 5; import-join.ts, import-join-run.ts): what an import
 * filed becomes documents of the study on its file's malware verdict — one per receiving sponsor
 * system, content-checked, classified through the receiver's standard from the artifact the
 * import filed, delivered or held or quarantined, audited once — and a lost verdict is read from
 * the file's tag by the sweep.
 */

const IMPORT_ID = 'imp-1';

const anImport = (more: Partial<ImportRecord> = {}): ImportRecord => ({
  importId: IMPORT_ID,
  revision: 1,
  studyId: STUDY.main.studyId,
  protocolNumber: 'ABC-001',
  sponsorOrganisationId: ORG.sponsor.organisationId,
  croOrganisationId: null,
  organisationId: ORG.sponsor.organisationId,
  state: 'importing',
  fileName: 'cro-handover.zip',
  size: 1000,
  uploadKey: `incoming/imports/${IMPORT_ID}.zip`,
  startedAt: '2025-03-12T08:00:00.000Z',
  startedBy: 'sub-sponsor-admin',
  completedAt: null,
  batch: null,
  rejection: null,
  problems: [],
  inventory: 'exchange.xml',
  inventoryCheck: { size: 10, crc32: 1 },
  objects: 3,
  files: 3,
  filed: 0,
  alreadyFiled: 0,
  notFiled: 0,
  next: { object: 0, file: 0 },
  leaseUntil: null,
  ...more,
});

const filedRow = (
  object: number,
  bytes: Buffer,
  more: Partial<FiledRecord> & Pick<FiledRecord, 'artifactNumber' | 'artifactName' | 'level'>,
): FiledRecord => ({
  seq: object + 1,
  importId: IMPORT_ID,
  studyId: STUDY.main.studyId,
  objectKey: importedFileKeyOf(STUDY.main.studyId, IMPORT_ID, { object, file: 0 }),
  filedAt: '2025-03-12T08:30:00.000Z',
  objectId: `OBJ-${String(object)}`,
  subArtifact: null,
  countryId: null,
  siteNumber: null,
  connectionId: null,
  title: `Object ${String(object)}`,
  version: '1',
  versionState: 'Current',
  artifactDate: '2025-03-01',
  language: 'en',
  personNames: [],
  fileName: `file-${String(object)}.pdf`,
  contentType: 'application/pdf',
  size: bytes.length,
  sha256: sha(bytes),
  integrity: `sha256-${sha(bytes)}`,
  integrityNote: null,
  ...more,
});

/** The import files `row` (its object's step, with its join marker), its copy kept. */
const file = async (w: World, row: FiledRecord, bytes: Buffer, position: number) => {
  const now = (await w.imports.getImport(IMPORT_ID)) ?? anImport();
  if (!w.imports.imports.has(IMPORT_ID)) await w.imports.createImport(now);
  w.files.put(row.objectKey, bytes);
  const next = {
    ...now,
    revision: now.revision + 1,
    filed: now.filed + 1,
    next: { object: position + 1, file: 0 },
  };
  const outcome = await w.imports.step(next, now.revision, {
    kind: 'filed',
    rows: [{ row, claim: `claim-${String(row.seq)}` }],
  });
  expect(outcome).toBe('written');
};

const verdict = (w: World, objectKey: string, status: ScanResultStatus = 'NO_THREATS_FOUND') =>
  receiveScanResult(
    guardDutyScanEvent(DOCUMENTS_BUCKET, objectKey, status, ['EICAR-Test-File']),
    {
      documents: w.documents,
      writes: w.deps.writes,
      bucket: DOCUMENTS_BUCKET,
      logger: silentLogger(),
      joins: { imports: w.imports, registry: w.registry, clock: w.clock },
    },
    { requestId: 'req-scan', by: 'test-scanner' },
  );

const documentsOf = async (w: World) =>
  (await w.documents.page({ list: 'study', key: STUDY.main.studyId, limit: 50 })).records;

const CV = pdf('CV of Dr. Jana Müller, imported');
const cvRow = filedRow(0, CV, {
  artifactNumber: '05.02.04',
  artifactName: 'Principal Investigator Curriculum Vitae',
  level: 'site',
  connectionId: 'conn-1',
  siteNumber: '101',
  personNames: ['Jana Müller'],
  signatures: [
    // Without an offset (the package's own form): a document cannot state it; the next one is.
    {
      methodology: 'electronic',
      signerId: 'u-1',
      signerName: 'Jana Müller',
      signedAt: '2025-03-01T10:00:00',
      reason: 'Authorship',
    },
    {
      methodology: 'digital',
      signerId: 'u-2',
      signerName: 'Jana Müller',
      signedAt: '2025-03-01T10:00:00Z',
      reason: 'Approval',
    },
  ],
});

describe('an imported file joins the study on its malware verdict', () => {
  it('becomes a document to the connection’s sponsor system, classified by its standard and delivered, audited once', async () => {
    const w = setUp();
    await file(w, cvRow, CV, 0);
    const answer = await verdict(w, cvRow.objectKey);
    expect(answer.outcome).toBe('applied');
    const [document, ...more] = await documentsOf(w);
    expect(more).toEqual([]);
    expect(document).toMatchObject({
      state: 'delivered',
      connectionId: 'conn-1',
      receiverSystemId: SYS.sponsor.systemId,
      senderSystemId: `import:${IMPORT_ID}`,
      siteOrganisationId: ORG.site.organisationId,
      objectKey: cvRow.objectKey,
      personName: 'Jana Müller',
      signature: { methodology: 'digital', signerId: 'u-2', reason: 'Approval' },
      source: { kind: 'import', importId: IMPORT_ID, seq: 1, packageName: 'cro-handover.zip' },
      classification: {
        artifactNumber: '05.02.04',
        sender: { standardId: '', typeCode: '05.02.04' },
        receiver: { typeCode: 'TMF-CV' },
      },
    });
    expect(document?.events.map((e) => e.event)).toEqual([
      'announced',
      'received',
      'content-checked',
      'scanned',
      'classified',
      'delivered',
    ]);
    expect(await w.imports.joinOf(IMPORT_ID, 0)).toBeNull();
    const actions = w.audit.entries.map((r) => r.action);
    // In the importer's (the sponsor's) trail, which is the receiver's too: once.
    expect(actions.filter((a) => a === 'document.imported')).toHaveLength(1);
    expect(actions.filter((a) => a === 'document.scanned')).toHaveLength(1);

    // The same verdict again (EventBridge delivers at least once): nothing more.
    expect((await verdict(w, cvRow.objectKey)).outcome).toBe('ignored');
    expect(await documentsOf(w)).toHaveLength(1);
  });

  it('sends a trial-level file to each sponsor system of the study once, no site named; held where the standard maps nothing', async () => {
    const w = setUp();
    const plan = pdf('TMF plan, imported');
    const row = filedRow(1, plan, {
      artifactNumber: '01.01.01',
      artifactName: 'Trial Master File Plan',
      level: 'trial',
    });
    await file(w, row, plan, 1);
    await verdict(w, row.objectKey);
    const documents = await documentsOf(w);
    // conn-1 and conn-2 share the sponsor system: one document, on the first of them.
    expect(documents).toHaveLength(1);
    expect(documents[0]).toMatchObject({
      state: 'held',
      holdReason: 'receiver-artifact-unmapped',
      connectionId: 'conn-1',
      siteOrganisationId: ORG.sponsor.organisationId,
    });
  });

  it('quarantines what the content check refuses, and a malware verdict names the threat', async () => {
    const w = setUp();
    const exe = sampleExe('an imported program');
    const row = filedRow(2, exe, {
      artifactNumber: '05.02.04',
      artifactName: 'Principal Investigator Curriculum Vitae',
      level: 'site',
      connectionId: 'conn-1',
      fileName: 'cv.pdf',
    });
    await file(w, row, exe, 2);
    await verdict(w, row.objectKey, 'THREATS_FOUND');
    const [document] = await documentsOf(w);
    expect(document).toMatchObject({ state: 'quarantined', quarantineReason: 'malware-found' });
    expect(document?.quarantineDetail).toContain('EICAR-Test-File');
    const actions = w.audit.entries.map((r) => r.action);
    expect(actions.filter((a) => a === 'document.quarantined')).toHaveLength(2);
  });

  it('answers early while the import has not filed the file yet, and ignores a file never filed', async () => {
    const w = setUp();
    await w.imports.createImport(anImport());
    expect((await verdict(w, cvRow.objectKey)).outcome).toBe('early');
    const done = anImport({ revision: 2, state: 'completed', next: { object: 3, file: 0 } });
    await w.imports.step(done, 1, { kind: 'none' });
    expect((await verdict(w, cvRow.objectKey)).outcome).toBe('ignored');
    expect(await documentsOf(w)).toEqual([]);
  });

  it('is joined by the sweep from the file’s tag when the verdict never came', async () => {
    const w = setUp();
    await file(w, cvRow, CV, 0);
    w.files.scanTags.set(cvRow.objectKey, 'NO_THREATS_FOUND');
    const swept = await sweepPendingJoins(
      {
        documents: w.documents,
        files: w.files,
        writes: w.deps.writes,
        bucket: DOCUMENTS_BUCKET,
        logger: silentLogger(),
        clock: w.clock,
        joins: { imports: w.imports, registry: w.registry, clock: w.clock },
      },
      { requestId: 'req-sweep', by: 'test-sweep' },
      Number.POSITIVE_INFINITY,
      0,
    );
    expect(swept.applied).toBe(1);
    const [document] = await documentsOf(w);
    expect(document).toMatchObject({ state: 'delivered', source: { importId: IMPORT_ID } });
    expect(await w.imports.pendingJoins(10)).toEqual([]);
  });
});
