import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DistributionDetail } from '@ccsc/contract/distributions';
import { readCsv } from '@ccsc/formats/read-csv';
import { documentKey, TABLES, tableName } from '@ccsc/lambdas/data-model';
import { createEnrolledUser, dynamodbDocuments } from '../support/aws';
import { connectedStudy, publishStandard, type StandardDetail } from '../support/connected-study';
import { issueCredential } from '../support/oauth';
import { type Mail, mailTo } from '../support/mail';
import {
  must,
  newOrganisation,
  newSystem,
  ok,
  registryCall,
  type Network,
} from '../support/registry';
import {
  c,
  partner,
  pdf,
  read,
  RECEIVE,
  SEND,
  sha,
  siteRows,
  sponsorRows,
  type Sent,
} from './documents-kit';

/**
 * Safety-letter distribution over the offline stack (issue 35 part D): a letter the sponsor's
 * system sent to one site goes to the study's three sites; the first site's OrgAdmin
 * acknowledges in the console, the second site's system through the partner API; the third,
 * overdue after the configured days, gets a reminder from the scheduled pass; the CSV shows who
 * acknowledged when.
 */

const DOCUMENTS_TABLE = tableName('local', TABLES.documents);
const db = dynamodbDocuments(c);

let n: Network;
let studyId: string;
let sponsor: { clientId: string; clientSecret: string };
let otherSite: { clientId: string; clientSecret: string };
let third: { organisationId: string; systemId: string };
/** The third site's OrgAdmin, who reads Turkish: the reminder's recipient. */
let thirdAdmin: Awaited<ReturnType<typeof createEnrolledUser>>;
let letterId: string;
/** The study's first site connection (401), as connectedStudy made it. */
let firstConnection = '';

/** A site organisation's standard, drafted from the site rows and published by `who`. */
const siteStandard = async (
  who: Network['admin'],
  organisationId: string,
  systemId: string,
): Promise<StandardDetail> => {
  const draft = await ok<StandardDetail>(c, who, 'artifact/create-standard', {
    organisationId,
    name: `Site eISF ${randomUUID().slice(0, 6)}`,
    systemIds: [systemId],
    catalogueVersion: '3.3',
    source: { kind: 'import', fileName: 'site.csv', rows: siteRows() },
  });
  return publishStandard(c, who, draft);
};

/** The sponsor system's send of `file` over `connectionId`, its scan awaited. */
const sponsorSends = async (connectionId: string, title: string): Promise<Sent> => {
  const file = pdf(title);
  const announced = await partner<{
    document: Sent;
    upload: { url: string; headers: Record<string, string> };
  }>(sponsor, SEND, 'POST', 'documents', {
    idempotencyKey: `it-${randomUUID()}`,
    connectionId,
    typeCode: 'ETMF-CV-PI',
    title,
    version: '1.0',
    documentDate: '2026-11-01',
    language: 'en',
    personName: 'Jana Müller',
    fileName: 'ind-safety-report.pdf',
    contentType: 'application/pdf',
    size: file.length,
    sha256: sha(file),
  });
  expect(announced.status, JSON.stringify(announced.error)).toBe(200);
  const put = await fetch(announced.data.upload.url, {
    method: 'PUT',
    headers: announced.data.upload.headers,
    body: new Uint8Array(file),
  });
  expect(put.status).toBe(200);
  const id = announced.data.document.documentId;
  expect((await partner(sponsor, SEND, 'POST', `documents/${id}/complete`, {})).status).toBe(200);
  for (const giveUpAt = Date.now() + 30_000; Date.now() < giveUpAt;) {
    const now = await partner<{ document: Sent }>(sponsor, SEND, 'GET', `documents/${id}`);
    if (now.data.document.state !== 'awaiting-scan') return now.data.document;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the scan gave no verdict');
};

const tracking = async (who: Network['admin']) =>
  (
    await read<{ distribution: DistributionDetail }>(who, 'distributions/get', {
      distributionId: letterId,
    })
  ).data.distribution;

beforeAll(async () => {
  const connected = await connectedStudy(c, 'Distributions', {
    title: 'A trial with safety letters',
    phase: 'phase-3',
    siteNumber: '401',
  });
  ({ n, studyId } = connected);
  firstConnection = connected.connection.connectionId;
  const thirdOrg = await newOrganisation(c, n.admin, `Third Site ${n.tag}`, 'site', 'TR');
  const thirdSystem = await newSystem(
    c,
    n.admin,
    thirdOrg.organisationId,
    `Third eISF ${n.tag}`,
    'eisf',
  );
  third = { organisationId: thirdOrg.organisationId, systemId: thirdSystem.systemId };
  thirdAdmin = await createEnrolledUser(c, 'OrgAdmin', third.organisationId);
  await ok(c, thirdAdmin, 'notifications/update-preferences', { preferences: [], language: 'tr' });
  // The other two sites invited and accepted, each with its system.
  for (const [siteOrg, siteSystem, siteNumber, admin] of [
    [n.otherSite.organisationId, n.otherSiteSystem.systemId, '402', n.people.otherSiteAdmin],
    [third.organisationId, third.systemId, '403', thirdAdmin],
  ] as const) {
    const invited = await ok<{ connection: { connectionId: string; revision: number } }>(
      c,
      n.people.sponsorAdmin,
      'invite-site',
      {
        studyId,
        siteOrganisationId: siteOrg,
        siteNumber,
        country: 'DE',
        principalInvestigator: 'Dr. Ada Lovelace',
        sponsorSystemId: n.sponsorSystem.systemId,
      },
    );
    await ok(c, admin, 'accept-connection', {
      connectionId: invited.connection.connectionId,
      revision: invited.connection.revision,
      siteSystemId: siteSystem,
    });
  }
  const sponsorDraft = await ok<StandardDetail>(
    c,
    n.people.sponsorAdmin,
    'artifact/create-standard',
    {
      organisationId: n.sponsor.organisationId,
      name: `Sponsor eTMF ${n.tag}`,
      systemIds: [n.sponsorSystem.systemId],
      catalogueVersion: '3.3',
      source: { kind: 'import', fileName: 'sponsor.csv', rows: sponsorRows() },
    },
  );
  await Promise.all([
    publishStandard(c, n.people.sponsorAdmin, sponsorDraft),
    siteStandard(n.people.siteAdmin, n.site.organisationId, n.siteSystem.systemId),
    siteStandard(n.people.otherSiteAdmin, n.otherSite.organisationId, n.otherSiteSystem.systemId),
    siteStandard(thirdAdmin, third.organisationId, third.systemId),
  ]);
  [sponsor, otherSite] = await Promise.all([
    issueCredential(c, n.admin, n.sponsorSystem.systemId, [SEND, RECEIVE]),
    issueCredential(c, n.admin, n.otherSiteSystem.systemId, [RECEIVE]),
  ]);
}, 180_000);

describe('a safety letter to three sites', () => {
  it('is delivered to each site, acknowledged by two, the third reminded when overdue, and the CSV says who acknowledged when', async () => {
    const source = await sponsorSends(firstConnection, 'IND safety report 12');
    expect(source.state).toBe('delivered');

    const created = await ok<{ distribution: DistributionDetail }>(
      c,
      n.people.sponsorAdmin,
      'distributions/create',
      { sourceDocumentId: source.documentId, overdueDays: 2 },
    );
    letterId = created.distribution.distributionId;
    expect(created.distribution.sites.map((s) => [s.siteNumber, s.state])).toEqual([
      ['401', 'delivered'],
      ['402', 'delivered'],
      ['403', 'delivered'],
    ]);
    // Each copy's id is a document id as the contract reads it, so every call that takes a
    // document (download, acknowledge, reject, recall) accepts it.
    for (const site of created.distribution.sites) {
      expect(site.documentId).toMatch(/^doc-[0-9a-z]{26}$/);
    }

    // The first site's OrgAdmin in the console: only its own site is shown and acknowledged.
    const bySite = await ok<{ distribution: DistributionDetail }>(
      c,
      n.people.siteAdmin,
      'distributions/acknowledge',
      { distributionId: letterId },
    );
    expect(bySite.distribution.sites.map((s) => [s.siteNumber, s.state])).toEqual([
      ['401', 'acknowledged'],
    ]);

    // The second site's system: its list, then its acknowledgement (twice: the same answer).
    const listed = await partner<{ distributions: DistributionDetail[] }>(
      otherSite,
      RECEIVE,
      'GET',
      'distributions',
    );
    expect(listed.status).toBe(200);
    expect(
      listed.data.distributions
        .find((d) => d.distributionId === letterId)
        ?.sites.map((s) => s.siteNumber),
    ).toEqual(['402']);
    for (let i = 0; i < 2; i += 1) {
      const acked = await partner<{ distribution: DistributionDetail }>(
        otherSite,
        RECEIVE,
        'POST',
        `distributions/${letterId}/acknowledge`,
        {},
      );
      expect(acked.status, JSON.stringify(acked.error)).toBe(200);
      expect(acked.data.distribution.sites[0]?.acknowledgedBy).toBe(
        `system:${n.otherSiteSystem.systemId}`,
      );
    }
    // A stranger is refused: the sponsor's system acknowledges nothing.
    expect(
      (await partner(sponsor, RECEIVE, 'POST', `distributions/${letterId}/acknowledge`, {})).status,
    ).toBe(404);

    // Three days pass (the record's date and its copies' deliveries moved back: a site is due
    // its days after its copy reached it): the next pass of the scheduled jobs (every 10 s in
    // the tests' console: support/global-setup.ts) reminds the third site, once.
    const threeDaysAgo = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000).toISOString();
    const backdate = async (Key: Record<string, string>, field: string) => {
      const stored = must(
        (await db.send(new GetCommand({ TableName: DOCUMENTS_TABLE, Key }))).Item,
      );
      await db.send(
        new PutCommand({ TableName: DOCUMENTS_TABLE, Item: { ...stored, [field]: threeDaysAgo } }),
      );
    };
    await backdate({ pk: `DIST#${letterId}`, sk: 'DIST' }, 'createdAt');
    for (const site of created.distribution.sites) {
      if (site.siteNumber !== '401') {
        await backdate(documentKey(must(site.documentId)), 'deliveredAt');
      }
    }
    let sites = (await tracking(n.people.sponsorAdmin)).sites;
    for (const giveUpAt = Date.now() + 150_000; Date.now() < giveUpAt;) {
      sites = (await tracking(n.people.sponsorAdmin)).sites;
      if (sites.some((s) => s.reminders.length > 0)) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    expect(sites.map((s) => [s.siteNumber, s.state, s.overdue, s.reminders.length])).toEqual([
      ['401', 'acknowledged', false, 0],
      ['402', 'acknowledged', false, 0],
      ['403', 'overdue', true, 1],
    ]);

    // The reminder reaches the third site's OrgAdmin through the events (issue 35): told to
    // acknowledge at the delivery, then overdue — in the list and by mail, in Turkish.
    const kinds = async (who: Network['admin'], want: string[]) => {
      let seen: string[] = [];
      for (let i = 0; i < 80; i += 1) {
        const res = await registryCall<{
          notifications: { kind: string; subject: { id: string } }[];
        }>(c, who, 'notifications/list', undefined, 'GET');
        seen = (res.body.data?.notifications ?? [])
          .filter((x) => x.subject.id === letterId)
          .map((x) => x.kind)
          .sort();
        if (want.every((k) => seen.includes(k))) return seen;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      return seen;
    };
    expect(
      await kinds(thirdAdmin, ['distribution.overdue', 'distribution.to-acknowledge']),
    ).toEqual(['distribution.overdue', 'distribution.to-acknowledge']);
    let reminders: Mail[] = [];
    for (let i = 0; i < 80 && reminders.length === 0; i += 1) {
      reminders = (await mailTo(c, thirdAdmin.email)).filter((m) =>
        m.subject.includes('güvenlik mektubunun onay süresi geçti'),
      );
      if (reminders.length === 0) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(reminders.map((m) => m.subject)).toEqual([
      'CCSC: IND safety report 12 güvenlik mektubunun onay süresi geçti.',
    ]);
    // The sponsor heard of both acknowledgements, once each.
    expect(await kinds(n.people.sponsorAdmin, ['distribution.acknowledged'])).toEqual([
      'distribution.acknowledged',
      'distribution.acknowledged',
    ]);

    const link = await ok<{ url: string; rows: number }>(
      c,
      n.people.sponsorAdmin,
      'distributions/export',
      {
        distributionId: letterId,
      },
    );
    expect(link.rows).toBe(3);
    const csv = readCsv(await (await fetch(link.url)).text()).records.map((r) => r.cells);
    expect(csv[0]?.slice(0, 7)).toEqual([
      'Site number',
      'Site name',
      'Delivered at (UTC)',
      'Acknowledged at (UTC)',
      'Acknowledged by',
      'Overdue',
      'Reminders',
    ]);
    const bySiteNumber = new Map(csv.slice(1).map((cells) => [cells[0], cells]));
    expect(bySiteNumber.get('401')?.[4]).toBe(n.people.siteAdmin.email);
    expect(bySiteNumber.get('401')?.[3]).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(bySiteNumber.get('402')?.[4]).toBe(`system:${n.otherSiteSystem.systemId}`);
    expect(bySiteNumber.get('403')?.slice(3, 7)).toEqual(['', '', 'yes', '1']);
  }, 240_000);
});
