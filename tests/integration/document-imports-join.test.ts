import { beforeAll, describe, expect, it } from 'vitest';
import { type EmsObject, exchangeXml, utf8 } from '@ccsc/lambdas/exchange';
import { ok } from '../support/registry';
import { batch, file, importPackage, object, zipOf } from './document-imports-kit';
import {
  c,
  inbox,
  n,
  pdf,
  read,
  type Received,
  setUpDocuments,
  sha,
  studyId,
} from './documents-kit';

/**
 * Issue 34 item 5 through the running console, its DynamoDB, its bucket, the GuardDuty stand-in
 * and clamd: the files an eTMF-EMS import filed become documents of the study — scanned (the
 * verdict on the import's own copy), classified through the sponsor system's published standard
 * (the artifact the import filed them as), delivered to its inbox, downloadable, audited once; a
 * trial-level one the sponsor's standard does not map is held for it, and no site sees it.
 */

beforeAll(setUpDocuments, 180_000);

interface Listed {
  documentId: string;
  state: string;
  holdReason: string | null;
  fileName: string;
  siteNumber: string;
  sender: { systemId: string; name: string };
}

const until = async <T>(probe: () => Promise<T | undefined>, what: string): Promise<T> => {
  const giveUpAt = Date.now() + 30_000;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > giveUpAt) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
};

describe('an import joins the study', () => {
  it('delivers what it filed to the study’s sponsor system, classified by that system’s standard', async () => {
    const cv = pdf('CV of Dr. Jana Müller, imported');
    const plan = pdf('TMF plan, imported');
    const objects: EmsObject[] = [
      object({
        objectId: 'JOIN-CV',
        objectLevel: 'Site',
        siteId: '301',
        countryId: 'DEU',
        uniqueId: 87,
        artifactNumber: '05.02.04',
        personNames: ['Jana Müller'],
        objectTitle: 'CV Dr. Jana Müller',
        files: [file('CV Müller.pdf', '05/05.02/05.02.04/CV Müller.pdf', cv)],
      }),
      object({
        objectId: 'JOIN-PLAN',
        objectTitle: 'TMF Plan',
        files: [file('TMF Plan.pdf', '01/01.01/01.01.01/TMF Plan.pdf', plan)],
      }),
    ];
    const zip = await zipOf([
      { path: '05/05.02/05.02.04/CV Müller.pdf', data: cv },
      { path: '01/01.01/01.01.01/TMF Plan.pdf', data: plan },
      { path: 'exchange.xml', data: utf8(exchangeXml(batch, objects)), deflate: true },
    ]);
    const detail = await importPackage(zip, n.people.sponsorAdmin, 'cro-handover.zip', studyId);
    expect(detail).toMatchObject({ state: 'completed', filed: 2, notFiled: 0 });

    // The CV reaches the sponsor system's inbox as its own type (ETMF-CV-PI for 05.02.04).
    const received = await until(async () => {
      const page = await inbox();
      return page.data.documents.find((d: Received) => d.sha256 === sha(cv));
    }, 'the imported CV in the sponsor system’s inbox');
    expect(received).toMatchObject({
      typeCode: 'ETMF-CV-PI',
      artifactNumber: '05.02.04',
      personName: 'Jana Müller',
      state: 'delivered',
    });
    const bytes = Buffer.from(await (await fetch(received.download.url)).arrayBuffer());
    expect(sha(bytes)).toBe(sha(cv));

    // In the console: the CV delivered, sent by the import (named by its package), at site 301;
    // the plan (trial level, which the sponsor's standard does not map) held for that mapping.
    const listed = async (who = n.people.sponsorAdmin) =>
      (await read<{ documents: Listed[] }>(who, 's3documents/list', { studyId })).data.documents;
    const plan1 = await until(async () => {
      const found = (await listed()).find((d) => d.fileName === 'TMF Plan.pdf');
      return found?.state === 'held' ? found : undefined;
    }, 'the imported plan held');
    expect(plan1).toMatchObject({ holdReason: 'receiver-artifact-unmapped', siteNumber: '' });
    const cvListed = (await listed()).find((d) => d.documentId === received.documentId);
    expect(cvListed).toMatchObject({
      state: 'delivered',
      siteNumber: '301',
      sender: { name: 'cro-handover.zip', systemId: expect.stringMatching(/^import:/) as unknown },
    });
    // The site sees its own connection's CV, not the trial-level plan.
    const siteSees = (await listed(n.people.siteAdmin)).map((d) => d.documentId);
    expect(siteSees).toContain(received.documentId);
    expect(siteSees).not.toContain(plan1.documentId);

    // Audited once as imported, then scanned (each in the importer's and the receiver's trail).
    const audit = await ok<{ records: { action: string }[] }>(c, n.admin, 'list-audit-records', {
      target: received.documentId,
    });
    const actions = audit.records.map((r) => r.action);
    expect(actions.filter((a) => a === 'document.imported')).toHaveLength(1);
    expect(actions).toContain('document.scanned');

    // Counted once: as imported (its row), not again when its document was delivered.
    const view = (
      await read<{ artifacts: { number: string; documents: number; imported: number }[] }>(
        n.people.sponsorAdmin,
        'artifact/study-completeness',
        { studyId },
      )
    ).data;
    expect(view.artifacts.find((a) => a.number === '05.02.04')).toMatchObject({
      documents: 0,
      imported: 1,
    });
  });
});
