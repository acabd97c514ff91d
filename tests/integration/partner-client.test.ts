import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { API_SCOPE_VALUES } from '@ccsc/contract/partner-api';
import { PARTNER_API_TYPES_FILE, partnerJourney, type PartnerSystem } from '@ccsc/mock-server';
import { partnerClientTypes } from '../partner-client/generate';
import { connectedStudy, publishStandard, standardDrafts } from '../support/connected-study';
import { issueCredential, partnerToken } from '../support/oauth';
import { samplePdf } from '../support/sample-files';
import { siteRows, sponsorRows } from './documents-kit';

/**
 * The partner API as a vendor's engineer meets it (issue 36): the OpenAPI document the console
 * serves lints clean with Redocly's recommended rules; a client generated from it by
 * openapi-typescript (unedited) is the one the example integration is written against, and the
 * whole journey — who am I, my connection, send a document, follow it to delivered, receive it,
 * download and check it, acknowledge it, read the events — runs through that client with tokens
 * from a standard OAuth client, at the base URL the document's server names.
 */
const c = inject('console');

describe('a client generated from the partner OpenAPI document', () => {
  let document: { servers: { url: string }[] };

  beforeAll(async () => {
    const res = await fetch(`${c.url}/ccsc/api/v1/openapi.json`);
    expect(res.status).toBe(200);
    document = (await res.json()) as typeof document;
  });

  it('lints clean with Redocly’s recommended rules: no error, no warning', async () => {
    const problems = await lintFromString({
      source: JSON.stringify(document),
      absoluteRef: `${c.url}/ccsc/api/v1/openapi.json`,
      // Offline the server is localhost by design (the console's own origin); in AWS it is the
      // environment's. Every other recommended rule applies.
      config: await createConfig({
        extends: ['recommended'],
        rules: { 'no-server-example.com': 'off' },
      }),
    });
    expect(
      problems.map(
        (p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`,
      ),
    ).toEqual([]);
  });

  it('is generated unedited by openapi-typescript: the same types the example integration is checked against', async () => {
    const committed = await readFile(PARTNER_API_TYPES_FILE, 'utf8');
    // If this fails the contract changed: npm run generate:partner-client -w tests.
    expect(await partnerClientTypes(document)).toBe(committed);
  });

  it('runs the whole partner journey at the base URL the document names, with standard OAuth tokens', async () => {
    const { n, studyId } = await connectedStudy(c, 'Client', {
      title: 'A trial a generated client exchanges documents for',
      phase: 'phase-2',
      siteNumber: '401',
    });
    const drafts = await standardDrafts(c, n, { site: siteRows(), sponsor: sponsorRows() });
    await Promise.all([
      publishStandard(c, n.people.siteAdmin, drafts.site),
      publishStandard(c, n.people.sponsorAdmin, drafts.sponsor),
    ]);
    const scopes = [...API_SCOPE_VALUES];
    const [siteCredential, sponsorCredential] = await Promise.all([
      issueCredential(c, n.admin, n.siteSystem.systemId, scopes),
      issueCredential(c, n.admin, n.sponsorSystem.systemId, scopes),
    ]);
    const baseUrl = document.servers[0]?.url ?? '';
    const systemOf = (credential: { clientId: string; clientSecret: string }): PartnerSystem => {
      let token: Promise<string> | undefined;
      return {
        baseUrl,
        token: () =>
          (token ??= partnerToken(c.cognitoEndpoint, c.userPoolId, credential, scopes.join(' '))),
      };
    };
    const file = new Uint8Array(samplePdf(`Curriculum vitae ${randomUUID()}`));
    const result = await partnerJourney({
      site: systemOf(siteCredential),
      sponsor: systemOf(sponsorCredential),
      studyId,
      typeCode: 'CV-SIGNED',
      file,
      idempotencyKey: `client-${randomUUID()}`,
    });
    expect(baseUrl).toBe(`${new URL(c.url).origin}/ccsc/api/v1`);
    expect(result.me.system.systemId).toBe(n.siteSystem.systemId);
    expect(result.sent.state).toBe('delivered');
    expect(result.sent.classification?.artifactNumber).toBe('05.02.04');
    expect(result.received).toMatchObject({ typeCode: 'ETMF-CV-PI', sha256: result.sha256 });
    expect(result.downloadedSha256).toBe(result.sha256);
    expect(result.acknowledged.state).toBe('acknowledged');
    expect(result.missing).toEqual({ status: 404, code: 'NOT_FOUND' });
  }, 120_000);
});
