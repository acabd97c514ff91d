import { createHash, randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { blankRow, type MappingRow } from '@ccsc/contract/standard-rows';
import { callApi } from '../support/api';
import { createEnrolledUser, type EnrolledTestUser } from '../support/aws';
import type { ConsoleInfo } from '../support/console';
import { samplePdf } from '../support/sample-files';

/**
 * What documents.spec.ts (issue 17's journey) starts from and calls: the two sides' mapping
 * standards, the console's API as an administrator calls it, and the study the documents travel
 * in, set up as a PlatformAdmin and the two organisations' administrators would.
 */

/** A site-level row of a mapping standard (the contract's blank row, filed at site level). */
export const row = (more: Partial<MappingRow>): MappingRow => ({
  ...blankRow(),
  sourceName: 'A document',
  filingLevel: 'site',
  requiredMetadata: ['site'],
  ...more,
});

export const SITE_ROWS = [
  row({
    sourceCode: 'CV-SIGNED',
    sourceName: 'Signed CV',
    artifactNumber: '05.02.04',
    requiredMetadata: ['site', 'personName'],
  }),
  row({
    sourceCode: 'MED-LIC',
    sourceName: 'Medical licence',
    artifactNumber: '05.02.07',
    subArtifact: 'Medical License',
    requiredMetadata: ['site', 'personName'],
  }),
];
export const SPONSOR_ROWS = [
  row({
    sourceCode: 'TMF-CV',
    sourceName: 'Investigator CV',
    artifactNumber: '05.02.04',
    requiredMetadata: ['site', 'personName'],
  }),
  row({
    sourceCode: 'TMF-QUAL',
    sourceName: 'Qualification',
    artifactNumber: '05.02.07',
    requiredMetadata: ['site', 'personName'],
  }),
  row({ sourceCode: 'TMF-1572', sourceName: 'FDA 1572', artifactNumber: '05.02.08' }),
];

export const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
/** A real PDF (the hub checks what a file is), its bytes its own. */
export const pdf = (text: string) => samplePdf(`${text} ${randomUUID()}`);

export type Data = Record<string, unknown>;
export const call = async <T = Data>(c: ConsoleInfo, token: string, op: string, body: unknown) => {
  const res = await callApi(c, op, { token, body });
  expect(res.status, `${op}: ${JSON.stringify(res.body)}`).toBe(200);
  return (res.body as { data: T }).data;
};

export interface Standard {
  standard: { standardId: string; version: number };
  revision: number;
}

export const publish = async (c: ConsoleInfo, user: EnrolledTestUser, s: Standard) =>
  call<Standard>(c, user.idToken, 'artifact/publish-standard', {
    standardId: s.standard.standardId,
    version: s.standard.version,
    revision: s.revision,
    meaning: 'Approved',
    password: user.password,
    code: await user.authenticator.next(),
  });

/**
 * Organisations and systems made through the API by a PlatformAdmin, the systems' contact named
 * with `tag`: what each e2e network of organisations starts from.
 */
export const registryMakers = (c: ConsoleInfo, admin: EnrolledTestUser, tag: string) => {
  const organisation = async (name: string, kind: string) =>
    (
      await call<{ organisation: { organisationId: string } }>(
        c,
        admin.idToken,
        'create-organisation',
        { name, kind, country: 'DE', identifiers: [] },
      )
    ).organisation.organisationId;
  const system = async (organisationId: string, name: string, kind: string) =>
    (
      await call<{ system: { systemId: string } }>(c, admin.idToken, 'create-system', {
        organisationId,
        name,
        kind,
        vendor: 'Vendor',
        product: 'Product',
        environment: 'production',
        technicalContactEmail: `it-${tag}@example.org`,
      })
    ).system.systemId;
  return { organisation, system };
};

/**
 * A sponsor and a site (named with `tag`), each with a system, a study of the sponsor's, the site
 * invited and accepting with its eISF, an OrgAdmin of each, and each side's mapping standard
 * published.
 */
export const connectedStudy = async (c: ConsoleInfo, admin: EnrolledTestUser, tag: string) => {
  const { organisation, system } = registryMakers(c, admin, tag);
  const sponsorId = await organisation(`Nordsee Pharma ${tag}`, 'sponsor');
  const siteId = await organisation(`Klinikum Süd ${tag}`, 'site');
  const etmf = await system(sponsorId, `Nordsee eTMF ${tag}`, 'etmf');
  const eisf = await system(siteId, `Süd eISF ${tag}`, 'eisf');
  const { study } = await call<{ study: { studyId: string; protocolNumber: string } }>(
    c,
    admin.idToken,
    'create-study',
    {
      sponsorOrganisationId: sponsorId,
      protocolNumber: `NS-${tag}`,
      title: 'A study whose documents travel',
      phase: 'phase-3',
    },
  );
  const invited = await call<{ connection: { connectionId: string; revision: number } }>(
    c,
    admin.idToken,
    'invite-site',
    {
      studyId: study.studyId,
      siteOrganisationId: siteId,
      siteNumber: '017',
      country: 'DE',
      principalInvestigator: 'Dr. Aylin Demir',
      sponsorSystemId: etmf,
    },
  );
  const siteAdmin = await createEnrolledUser(c, 'OrgAdmin', siteId);
  const sponsorAdmin = await createEnrolledUser(c, 'OrgAdmin', sponsorId);
  const { connection } = await call<{ connection: { connectionId: string } }>(
    c,
    siteAdmin.idToken,
    'accept-connection',
    {
      connectionId: invited.connection.connectionId,
      revision: invited.connection.revision,
      siteSystemId: eisf,
    },
  );
  const draft = (
    user: EnrolledTestUser,
    organisationId: string,
    systemId: string,
    rows: MappingRow[],
  ) =>
    call<Standard>(c, user.idToken, 'artifact/create-standard', {
      organisationId,
      name: `Mapping ${systemId.slice(0, 6)} ${tag}`,
      systemIds: [systemId],
      catalogueVersion: '3.3',
      source: { kind: 'import', fileName: 'rows.csv', rows },
    });
  const [siteStandard] = await Promise.all([
    draft(siteAdmin, siteId, eisf, SITE_ROWS).then((d) => publish(c, siteAdmin, d)),
    draft(sponsorAdmin, sponsorId, etmf, SPONSOR_ROWS).then((d) => publish(c, sponsorAdmin, d)),
  ]);
  return {
    sponsorId,
    siteId,
    etmf,
    eisf,
    study,
    connection,
    siteAdmin,
    sponsorAdmin,
    siteStandard,
  };
};
