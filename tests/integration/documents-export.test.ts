import { beforeAll, describe, expect, it } from 'vitest';
import { EXCHANGE_XML, openZip, parseExchangeXml } from '@ccsc/lambdas/exchange';
import { must, ok } from '../support/registry';
import {
  c,
  inbox,
  n,
  partner,
  pdf,
  read,
  SEND,
  send,
  type Sent,
  setUpDocuments,
  sha,
  site,
  studyId,
} from './documents-kit';

/**
 * What the study's eTMF-EMS export says for a receiving eTMF (issue 34 item 6), through the
 * running console: the site (301, invited with country DE by connectedStudy) is in Germany, so its site-level documents carry COUNTRYID DEU and
 * the site; a CV sent with its signer carries SIGNATURE; a second version sent as superseding
 * the first makes the first Superseded — in the partner API, the console and the export, whose
 * exchange.xml validates by the standard's schema.
 */

beforeAll(setUpDocuments, 180_000);

const SIGNER = {
  methodology: 'electronic',
  signerId: 'jmueller',
  signerName: 'Dr. Jana Müller',
  signedAt: '2026-11-01T08:30:00Z',
  reason: 'Authorship',
};

describe('the study’s eTMF-EMS export', () => {
  it('writes COUNTRYID DEU and the site, the signature, and the first version as Superseded', async () => {
    const firstFile = pdf('CV, first version, signed');
    const first = await send(firstFile, {
      typeCode: 'CV-SIGNED',
      title: 'CV Dr. Jana Müller',
      personName: 'Jana Müller',
      signature: SIGNER,
    });
    expect(first.document).toMatchObject({ state: 'delivered', signature: SIGNER });
    const secondFile = pdf('CV, second version');
    const second = await send(secondFile, {
      typeCode: 'CV-SIGNED',
      title: 'CV Dr. Jana Müller',
      version: '2.0',
      personName: 'Jana Müller',
      supersedesDocumentId: first.document.documentId,
    });
    expect(second.document).toMatchObject({
      state: 'delivered',
      supersedesDocumentId: first.document.documentId,
    });
    // The sender and the receiver are told; so is the console.
    const followed = await partner<{ document: Sent & { supersededByDocumentId: string } }>(
      site,
      SEND,
      'GET',
      `documents/${first.document.documentId}`,
    );
    expect(followed.data.document.supersededByDocumentId).toBe(second.document.documentId);
    const received = (await inbox()).data.documents;
    expect(must(received.find((d) => d.documentId === first.document.documentId))).toMatchObject({
      supersededByDocumentId: second.document.documentId,
      signature: SIGNER,
    });
    const detail = (
      await read<{ document: { supersededByDocumentId: string | null } }>(
        n.people.sponsorAdmin,
        's3documents/get',
        { documentId: first.document.documentId },
      )
    ).data;
    expect(detail.document.supersededByDocumentId).toBe(second.document.documentId);

    const exported = await ok<{ url: string; documents: number }>(
      c,
      n.people.sponsorAdmin,
      's3documents/export-etmf',
      { studyId },
    );
    const zip = Buffer.from(await (await fetch(exported.url)).arrayBuffer());
    const archive = await openZip(
      (start, end) => Promise.resolve(new Uint8Array(zip.subarray(start, end + 1))),
      zip.length,
    );
    const xmlEntry = must(archive.entries.find((e) => e.name === EXCHANGE_XML));
    const chunks: Uint8Array[] = [];
    for await (const chunk of archive.entryStream(xmlEntry)) chunks.push(chunk);
    const parsed = await parseExchangeXml(Buffer.concat(chunks));
    expect(parsed.problems).toEqual([]);
    // Every site-level document of the German site: COUNTRYID DEU and the site.
    const siteLevel = parsed.objects.filter((o) => o.objectLevel === 'Site');
    expect(siteLevel.length).toBeGreaterThanOrEqual(2);
    for (const object of siteLevel) {
      expect(object).toMatchObject({ countryId: 'DEU', siteId: '301' });
    }
    const sri = (file: Buffer) => `sha256-${Buffer.from(sha(file), 'hex').toString('base64')}`;
    const versions = parsed.objects.filter((o) => o.objectId === first.document.documentId);
    expect(versions.map((o) => [o.objectVersion, o.objectVersionState]).sort()).toEqual([
      ['1.0', 'Superseded'],
      ['2.0', 'Current'],
    ]);
    expect(versions.find((o) => o.objectVersion === '1.0')?.files[0]).toMatchObject({
      integrity: sri(firstFile),
      signatures: [
        {
          methodology: 'Electronic',
          userOid: 'jmueller',
          name: 'Dr. Jana Müller',
          dateTime: '2026-11-01T08:30:00+00:00',
          reason: 'Authorship',
        },
      ],
    });
    expect(versions.find((o) => o.objectVersion === '2.0')?.files[0]).toMatchObject({
      integrity: sri(secondFile),
      signatures: [],
    });
  });
});
