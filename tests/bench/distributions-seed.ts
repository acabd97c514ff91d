/**
 * The distribution bench's seed (`distributions.ts`): the mapping row each side's standard has,
 * the 499 sites loaded in bulk beside the first, and the letter the sponsor's system sends.
 */
import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { MappingRow } from '@ccsc/contract/standard-rows';
import {
  claimKeys,
  type ConnectionRecord,
  type OrganisationRecord,
  type RegistryChange,
  type StandardRecord,
  type SystemRecord,
  useKey,
} from '@ccsc/lambdas/adapters';
import type { ConsoleInfo } from '../support/console';
import { samplePdf } from '../support/sample-files';

export const SITES = 500;
export const AT = '2026-01-05T09:00:00.000Z';
const BY = 'bench.admin@bench.example';

export const mappingRow = (code: string, subArtifact: string): MappingRow => ({
  sourceCode: code,
  sourceName: 'Signed CV of the PI',
  sourcePath: '',
  artifactNumber: '05.02.04',
  subArtifact,
  filingLevel: 'site',
  requiredMetadata: ['site', 'personName'],
  equivalence: 'equal',
  comment: '',
});

const stamp = {
  revision: 1,
  writeId: '',
  createdAt: AT,
  createdBy: BY,
  updatedAt: AT,
  updatedBy: BY,
};
const pad = (n: number) => String(n).padStart(3, '0');

/** The bulk: 499 more sites of the study, their eISFs on one standard of the first site's rows. */
export const moreSites = (
  study: { studyId: string; sponsorOrganisationId: string; sponsorSystemId: string },
  rowsKey: string,
  tag: string,
): { changes: RegistryChange[]; organisations: OrganisationRecord[] } => {
  const changes: RegistryChange[] = [];
  const organisations: OrganisationRecord[] = [];
  const systems: string[] = [];
  for (let n = 2; n <= SITES; n += 1) {
    const organisation: OrganisationRecord = {
      organisationId: `bench-dist-site-${tag}-${pad(n)}`,
      name: `Bench Klinikum ${pad(n)} ${tag}`,
      kind: 'site',
      country: 'DE',
      identifiers: [],
      contactEmail: `site-${pad(n)}@bench.example`,
      status: 'active',
      ...stamp,
    };
    const system: SystemRecord = {
      systemId: `${organisation.organisationId}-eisf`,
      organisationId: organisation.organisationId,
      name: `Bench eISF ${pad(n)}`,
      kind: 'eisf',
      vendor: 'Bench',
      product: 'ISF',
      environment: 'production',
      technicalContactEmail: `it-${pad(n)}@bench.example`,
      status: 'active',
      ...stamp,
    };
    const connection: ConnectionRecord = {
      connectionId: `bench-dist-conn-${tag}-${pad(n)}`,
      studyId: study.studyId,
      sponsorOrganisationId: study.sponsorOrganisationId,
      croOrganisationId: null,
      siteOrganisationId: organisation.organisationId,
      siteNumber: String(n).padStart(4, '0'),
      country: 'DE',
      principalInvestigator: `Dr. Bench ${pad(n)}`,
      sponsorSystemId: study.sponsorSystemId,
      siteSystemId: system.systemId,
      status: 'active',
      suspendedBy: null,
      history: [
        { status: 'invited', at: AT, by: BY, side: 'sponsor', reason: null },
        { status: 'active', at: AT, by: BY, side: 'site', reason: null },
      ],
      ...stamp,
    };
    organisations.push(organisation);
    systems.push(system.systemId);
    changes.push(
      {
        writeId: `bench-dist-org-${pad(n)}`,
        puts: [{ item: { type: 'organisation', record: organisation }, expectedRevision: null }],
        claims: [
          {
            key: claimKeys.organisationName(organisation.country, organisation.name),
            message: `${organisation.name} is loaded twice.`,
          },
        ],
      },
      {
        writeId: `bench-dist-sys-${pad(n)}`,
        puts: [{ item: { type: 'system', record: system }, expectedRevision: null }],
      },
      {
        writeId: `bench-dist-conn-${pad(n)}`,
        puts: [{ item: { type: 'connection', record: connection }, expectedRevision: null }],
        claims: [
          {
            key: claimKeys.openConnection(study.studyId, organisation.organisationId),
            message: `${connection.connectionId} is loaded twice.`,
          },
        ],
        uses: [
          useKey('study', study.studyId),
          useKey('organisation', study.sponsorOrganisationId),
          useKey('organisation', organisation.organisationId),
          useKey('system', study.sponsorSystemId),
          useKey('system', system.systemId),
        ].map((key) => ({ key, by: 1 as const })),
      },
    );
  }
  const standard: StandardRecord = {
    standardId: `bench-dist-std-${tag}`,
    organisationId: organisations[0]?.organisationId ?? '',
    catalogueVersion: '3.3',
    versions: [
      {
        version: 1,
        status: 'published',
        name: 'Bench eISF mapping',
        description: null,
        systemIds: systems,
        product: null,
        rowsKey,
        rowCount: 1,
        problemCount: 0,
        basedOnVersion: null,
        createdAt: AT,
        createdBy: BY,
        updatedAt: AT,
        updatedBy: BY,
        signature: {
          signerName: 'Bench Admin',
          signerEmail: BY,
          signerSub: 'bench',
          meaning: 'Approved',
          signedAt: AT,
        },
        retired: null,
      },
    ],
    ...stamp,
  };
  changes.push({
    writeId: 'bench-dist-standard',
    puts: [{ item: { type: 'standard', record: standard }, expectedRevision: null }],
  });
  return { changes, organisations };
};

/** The sponsor system's send of the letter over `connectionId`; answers it once delivered. */
export const sendLetter = async (
  c: ConsoleInfo,
  token: string,
  connectionId: string,
): Promise<string> => {
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${c.url}/ccsc/api/v1/${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await res.json()) as { data?: Record<string, unknown> };
    if (res.status !== 200)
      throw new Error(`${path}: ${String(res.status)} ${JSON.stringify(json)}`);
    return json.data ?? {};
  };
  const file = samplePdf(`IND safety report ${randomUUID()}`);
  const announced = (await call('POST', 'documents', {
    idempotencyKey: `bench-${randomUUID()}`,
    connectionId,
    typeCode: 'ETMF-CV-PI',
    title: 'IND safety report 500',
    version: '1.0',
    documentDate: '2026-01-05',
    language: 'en',
    personName: 'Jana Müller',
    fileName: 'ind-safety-report.pdf',
    contentType: 'application/pdf',
    size: file.length,
    sha256: createHash('sha256').update(file).digest('hex'),
  })) as {
    document: { documentId: string };
    upload: { url: string; headers: Record<string, string> };
  };
  const put = await fetch(announced.upload.url, {
    method: 'PUT',
    headers: announced.upload.headers,
    body: new Uint8Array(file),
  });
  if (put.status !== 200) throw new Error(`upload: ${String(put.status)}`);
  const id = announced.document.documentId;
  await call('POST', `documents/${id}/complete`, {});
  for (const giveUpAt = Date.now() + 60_000; Date.now() < giveUpAt;) {
    const { document } = (await call('GET', `documents/${id}`)) as { document: { state: string } };
    if (document.state === 'delivered') return id;
    if (document.state !== 'awaiting-scan') throw new Error(`the letter is ${document.state}`);
    await delay(100);
  }
  throw new Error('the letter was not delivered in 60 s');
};
