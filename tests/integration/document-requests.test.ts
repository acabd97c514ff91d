import { beforeAll, describe, expect, it } from 'vitest';
import { ok, registryCall } from '../support/registry';
import {
  c,
  connection,
  n,
  partner,
  pdf,
  read,
  send,
  SEND,
  setUpDocuments,
  site,
  studyId,
} from './documents-kit';

/**
 * Document requests (issue 35, part 3), through the running console and the partner API: the
 * sponsor's administrator requests three artifacts from the site; the site's system sees them
 * and fulfils two by sending; the third, past its due date, shows overdue — in the console's
 * list, the partner API and the study's completeness. The states are computed when read, from
 * today (UTC) on the server: the third is due yesterday, as the unit tests turn a fake clock
 * over the day (lambdas/src/documents/document-requests.core.test.ts).
 */

beforeAll(setUpDocuments, 180_000);

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

interface Request {
  requestId: string;
  artifactNumber: string;
  state: string;
  dueDate: string;
  fulfilledBy: { documentId: string } | null;
}

const states = (requests: readonly Request[]) =>
  Object.fromEntries(requests.map((r) => [r.artifactNumber, r.state]));

describe('document requests', () => {
  it('three requested, two fulfilled by the site system sending, the third overdue after its due date', async () => {
    const created = await ok<{ requests: Request[] }>(
      c,
      n.people.sponsorAdmin,
      'document-requests/create',
      {
        studyId,
        sites: { kind: 'some', connectionIds: [connection.connectionId] },
        artifacts: [
          { artifactNumber: '05.02.04', dueDate: day(14) },
          { artifactNumber: '05.02.07', dueDate: day(14), note: 'The current licence' },
          { artifactNumber: '05.02.08', dueDate: day(-1) },
        ],
      },
    );
    expect(created.requests).toHaveLength(3);

    // The site's system sees what it is asked for; the one past its due date already overdue.
    const asked = await partner<{ requests: Request[] }>(site, SEND, 'GET', 'requests');
    expect(asked.status).toBe(200);
    expect(states(asked.data.requests)).toEqual({
      '05.02.04': 'open',
      '05.02.07': 'open',
      '05.02.08': 'overdue',
    });

    const cv = await send(pdf('requested CV'), {
      typeCode: 'CV-SIGNED',
      personName: 'Dr. Ada Request',
      title: 'CV of the PI',
    });
    const licence = await send(pdf('requested licence'), {
      typeCode: 'MED-LIC',
      personName: 'Dr. Ada Request',
      title: 'Medical licence',
    });
    expect([cv.document.state, licence.document.state]).toEqual(['delivered', 'delivered']);

    const fulfilled = await partner<{ requests: Request[] }>(
      site,
      SEND,
      'GET',
      'requests?state=fulfilled',
    );
    expect(
      fulfilled.data.requests.map((r) => [r.artifactNumber, r.fulfilledBy?.documentId]).sort(),
    ).toEqual(
      [
        ['05.02.04', cv.document.documentId],
        ['05.02.07', licence.document.documentId],
      ].sort(),
    );

    const listed = await read<{ requests: Request[]; total: number }>(
      n.people.sponsorAdmin,
      'document-requests/list',
      { studyId },
    );
    expect(listed.status).toBe(200);
    expect(states(listed.data.requests)).toEqual({
      '05.02.04': 'fulfilled',
      '05.02.07': 'fulfilled',
      '05.02.08': 'overdue',
    });

    const completeness = await read<{
      sites: { connectionId: string; requests: Record<string, number> }[];
    }>(n.people.sponsorAdmin, 'artifact/study-completeness', { studyId });
    expect(
      completeness.data.sites.find((s) => s.connectionId === connection.connectionId)?.requests,
    ).toEqual({ requested: 3, received: 2, overdue: 1 });
  });

  it("refuses the site's administrator a request and a malformed artifact; the site reads its own", async () => {
    const refused = await registryCall(c, n.people.siteAdmin, 'document-requests/create', {
      studyId,
      sites: { kind: 'all' },
      artifacts: [{ artifactNumber: '05.02.04', dueDate: day(7) }],
    });
    expect(refused.status).toBe(403);
    const bad = await registryCall(c, n.people.sponsorAdmin, 'document-requests/create', {
      studyId,
      sites: { kind: 'all' },
      artifacts: [{ artifactNumber: '5.2.4', dueDate: day(7) }],
    });
    expect(bad.status).toBe(400);
    // The site's own list holds what was asked of it (the first test's three).
    const own = await read<{ total: number }>(n.people.siteAdmin, 'document-requests/list', {
      studyId,
    });
    expect(own.data.total).toBe(3);
  });
});
