import { beforeAll, describe, expect, it } from 'vitest';
import { EXCHANGE_XML, type EmsObject, openZip, parseExchangeXml } from '@ccsc/lambdas/exchange';
import { type ConnectionRow, must, ok, protocol } from '../support/registry';
import { importPackage } from './document-imports-kit';
import { c, n, pdf, read, send, setUpDocuments, studyId } from './documents-kit';

/**
 * The eTMF-EMS round trip (issue 34 item 6), through the running console: study A's documents
 * (a signed CV, its second version superseding the first, a digitally signed licence — all at
 * site 301 in Germany) exported; that package imported into study B of the same sponsor, whose
 * site 301 is the same site and system; B exported. The two inventories agree object by object.
 *
 * Compared, for every object: what a receiving eTMF files by — the artifact (ARTIFACTNUMBER,
 * UNIQUEID, SUBARTIFACT, OBJECTLEVEL), the version (OBJECTID, which links a document's versions
 * and which the import keeps; OBJECTVERSION; OBJECTVERSIONSTATE), the place (COUNTRYID, SITEID,
 * SITESYSTEMID), and each file's INTEGRITY, FILENAME and SIGNATUREs; with the title, person
 * names, language and date the import keeps. Not compared: the BATCH (another study, another
 * transfer), CONTENTURL (the path a package gives a file is its own), AUDITRECORD (the trail of
 * the sending study: the importing study keeps its own audit trail of the import),
 * ORGANIZATIONNAME and METADATA (the sending side's own names: DOCUMENTID, SENDER, RECEIVER in A;
 * IMPORTID in B).
 */

beforeAll(setUpDocuments, 180_000);

/** Study A's site (documents-kit.ts connects it as 301, in DE), and study B's of the same number. */
const SITE = '301';

const SIGNER = {
  methodology: 'electronic',
  signerId: 'jmueller',
  signerName: 'Dr. Jana Müller',
  signedAt: '2026-11-01T08:30:00Z',
  reason: 'Authorship',
};
const LICENCE_SIGNER = {
  methodology: 'digital',
  signerId: 'CN=Jana Mueller,O=Uniklinik',
  signerName: 'Dr. Jana Müller',
  signedAt: '2026-10-15T14:00:25+02:00',
  reason: 'Approval',
};

/** An export of `study`, once it holds `documents` (an imported file waits for its scan). */
const exportOf = async (study: string, documents?: number): Promise<Buffer> => {
  const giveUpAt = Date.now() + 30_000;
  for (;;) {
    const exported = await ok<{ url: string; documents: number; unclassified: number }>(
      c,
      n.people.sponsorAdmin,
      's3documents/export-etmf',
      { studyId: study },
    );
    if (
      documents === undefined ||
      (exported.documents === documents && exported.unclassified === 0) ||
      Date.now() > giveUpAt
    ) {
      if (documents !== undefined) expect(exported).toMatchObject({ documents, unclassified: 0 });
      return Buffer.from(await (await fetch(exported.url)).arrayBuffer());
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
};

/** A package's exchange.xml, as written and as parsed (and checked by the schema's rules). */
const inventoryOf = async (zip: Buffer) => {
  const archive = await openZip(
    (start, end) => Promise.resolve(new Uint8Array(zip.subarray(start, end + 1))),
    zip.length,
  );
  const entry = must(archive.entries.find((e) => e.name === EXCHANGE_XML));
  const chunks: Uint8Array[] = [];
  for await (const chunk of archive.entryStream(entry)) chunks.push(chunk);
  const parsed = await parseExchangeXml(Buffer.concat(chunks));
  expect(parsed.problems).toEqual([]);
  return parsed.objects;
};

/** What the two inventories must agree on, object by object (see above for why these). */
const compared = (o: EmsObject) => ({
  objectId: o.objectId,
  artifactNumber: o.artifactNumber,
  uniqueId: o.uniqueId,
  subArtifact: o.subArtifact,
  objectLevel: o.objectLevel,
  objectVersion: o.objectVersion,
  objectVersionState: o.objectVersionState,
  countryId: o.countryId,
  siteId: o.siteId,
  siteSystemId: o.siteSystemId,
  objectTitle: o.objectTitle,
  personNames: o.personNames,
  objectLanguage: o.objectLanguage,
  artifactDate: o.artifactDate,
  files: o.files.map((f) => ({
    integrity: f.integrity,
    fileName: f.fileName,
    signatures: f.signatures,
  })),
});
/** Objects in one order, whatever order a package lists them in: by version, then content. */
const inOrder = (objects: EmsObject[]) =>
  objects
    .map(compared)
    .sort((a, b) =>
      `${a.objectId} ${a.objectVersion} ${a.files[0]?.integrity ?? ''}`.localeCompare(
        `${b.objectId} ${b.objectVersion} ${b.files[0]?.integrity ?? ''}`,
      ),
    );

/** Study B of the same sponsor, its site 301 the same site organisation and system as A's. */
const studyB = async (): Promise<{ studyId: string; connection: ConnectionRow }> => {
  const created = await ok<{ study: { studyId: string } }>(
    c,
    n.people.sponsorAdmin,
    'create-study',
    {
      sponsorOrganisationId: n.sponsor.organisationId,
      protocolNumber: protocol(),
      title: 'The same trial, its TMF taken over',
      phase: 'phase-2',
    },
  );
  const invited = await ok<{ connection: ConnectionRow }>(c, n.people.sponsorAdmin, 'invite-site', {
    studyId: created.study.studyId,
    siteOrganisationId: n.site.organisationId,
    siteNumber: SITE,
    country: 'DE',
    principalInvestigator: 'Dr. Jana Müller',
    sponsorSystemId: n.sponsorSystem.systemId,
  });
  const accepted = await ok<{ connection: ConnectionRow }>(
    c,
    n.people.siteAdmin,
    'accept-connection',
    {
      connectionId: invited.connection.connectionId,
      revision: invited.connection.revision,
      siteSystemId: n.siteSystem.systemId,
    },
  );
  return { studyId: created.study.studyId, connection: accepted.connection };
};

describe('the eTMF-EMS round trip', () => {
  it('exports a study, imports it into another, exports again: the inventories agree object by object', async () => {
    const first = await send(pdf('CV, first version, signed'), {
      typeCode: 'CV-SIGNED',
      title: 'CV Dr. Jana Müller',
      personName: 'Jana Müller',
      signature: SIGNER,
    });
    const second = await send(pdf('CV, second version'), {
      typeCode: 'CV-SIGNED',
      title: 'CV Dr. Jana Müller',
      version: '2.0',
      personName: 'Jana Müller',
      supersedesDocumentId: first.document.documentId,
    });
    const licence = await send(pdf('Medical licence, signed'), {
      typeCode: 'MED-LIC',
      title: 'Medical licence Dr. Jana Müller',
      personName: 'Jana Müller',
      fileName: 'licence.pdf',
      signature: LICENCE_SIGNER,
    });
    for (const sent of [first, second, licence]) expect(sent.document.state).toBe('delivered');

    const packageA = await exportOf(studyId, 3);
    const a = await inventoryOf(packageA);
    // What A states is what the round trip must keep: the versions, the site in Germany, signers.
    expect(a.map((o) => [o.objectVersion, o.objectVersionState]).sort()).toEqual([
      ['1.0', 'Current'],
      ['1.0', 'Superseded'],
      ['2.0', 'Current'],
    ]);
    for (const object of a) {
      expect(object).toMatchObject({
        objectLevel: 'Site',
        countryId: 'DEU',
        siteId: SITE,
        siteSystemId: n.siteSystem.systemId,
      });
    }
    expect(
      a.flatMap((o) => o.files.flatMap((f) => f.signatures.map((s) => s.methodology))).sort(),
    ).toEqual(['Digital', 'Electronic']);

    const b = await studyB();
    const imported = await importPackage(packageA, n.people.sponsorAdmin, 'study-a.zip', b.studyId);
    expect(imported).toMatchObject({
      state: 'completed',
      objects: 3,
      filed: 3,
      notFiled: 0,
      conflicts: 0,
    });
    // Filed to B's site 301, each file with the signers A stated (shown on the import's page).
    const filed = await read<{
      objects: { connectionId: string | null; signatures: { signerId: string }[] }[];
    }>(n.people.sponsorAdmin, 's3documents/import-get', { importId: imported.importId });
    expect(filed.data.objects.map((o) => o.connectionId)).toEqual([
      b.connection.connectionId,
      b.connection.connectionId,
      b.connection.connectionId,
    ]);
    expect(filed.data.objects.flatMap((o) => o.signatures.map((s) => s.signerId)).sort()).toEqual([
      LICENCE_SIGNER.signerId,
      SIGNER.signerId,
    ]);
    const packageB = await exportOf(b.studyId, 3);
    const again = await inventoryOf(packageB);

    expect(inOrder(again)).toEqual(inOrder(a));
  });
});
