import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { AuditRecord, ListLink } from '@ccsc/contract';
import { callApi } from '../support/api';
import { cognito, createEnrolledUser, type EnrolledTestUser, failureOf } from '../support/aws';
import { issueCredential } from '../support/oauth';
import {
  buildNetwork,
  must,
  type Network,
  ok,
  protocol,
  registryCall,
  type StudyRow,
} from '../support/registry';
import { srpSignIn } from '../support/srp-client';

/**
 * The dashboard (issue 18) through the offline console: a fresh network's site gets a locked
 * account, an invitation, an account without an authenticator, a connection invitation and an
 * unused credential; its administrator's figures are exactly those, its neighbours' are not, and
 * for every caller every figure of every block links to a list whose total is the figure.
 */

const c = inject('console');
const idp = cognito(c);

interface FigureLike {
  value: number;
  link: ListLink;
}

const BLOCKS = [
  'dashboard/needs-action',
  'dashboard/activity',
  'dashboard/security',
  'dashboard/recent-changes',
] as const;

const block = async <T = Record<string, unknown>>(caller: EnrolledTestUser, op: string) => {
  const res = await callApi(c, op, { method: 'GET', token: caller.idToken });
  expect(res.status, `${op}: ${JSON.stringify(res.body)}`).toBe(200);
  return (res.body as { data: T }).data;
};

/** Every figure of a block's answer, with where it sits. */
const figuresOf = (value: unknown, path = ''): [string, FigureLike][] => {
  if (Array.isArray(value)) return value.flatMap((v, i) => figuresOf(v, `${path}[${String(i)}]`));
  if (value === null || typeof value !== 'object') return [];
  const record = value as Record<string, unknown>;
  if (typeof record.value === 'number' && typeof record.link === 'object') {
    return [[path, record as unknown as FigureLike]];
  }
  return Object.entries(record).flatMap(([k, v]) => figuresOf(v, path === '' ? k : `${path}.${k}`));
};

/** The list call a link names, with its query, as the list page makes it: its total. */
const totalOf = async (caller: EnrolledTestUser, link: ListLink): Promise<number | null> => {
  const get = (op: string) =>
    callApi(c, `${op}?${new URLSearchParams(link.query).toString()}`, {
      method: 'GET',
      token: caller.idToken,
    });
  const post = (op: string) => callApi(c, op, { token: caller.idToken, body: link.query });
  const res = await {
    users: () => post('list-all-users'),
    credentials: () => post('list-api-credentials'),
    connections: () => post('list-connections'),
    documents: () => get('s3documents/list'),
    standards: () => get('artifact/list-standards'),
    audit: () => post('list-audit-records'),
  }[link.list]();
  expect(
    res.status,
    `${link.list} ${JSON.stringify(link.query)}: ${JSON.stringify(res.body)}`,
  ).toBe(200);
  return (res.body as { data: { total?: number | null } }).data.total ?? null;
};

describe('the dashboard', () => {
  let n: Network;
  let study: StudyRow;
  let locked: EnrolledTestUser;
  let invitedEmail = '';

  beforeAll(async () => {
    n = await buildNetwork(c, 'Dash');
    const siteId = n.site.organisationId;
    study = (
      await ok<{ study: StudyRow }>(c, n.people.sponsorAdmin, 'create-study', {
        sponsorOrganisationId: n.sponsor.organisationId,
        protocolNumber: protocol(),
        title: 'A dashboard trial',
        phase: 'phase-2',
      })
    ).study;
    // A connection invitation, waiting for the site.
    await ok(c, n.people.sponsorAdmin, 'invite-site', {
      studyId: study.studyId,
      siteOrganisationId: siteId,
      siteNumber: '301',
      country: 'DE',
      principalInvestigator: 'Dr. Ada Weiss',
      sponsorSystemId: n.sponsorSystem.systemId,
    });
    // A locked account: five failed sign-ins, then the login screen's accountLockout.
    locked = await createEnrolledUser(c, 'Auditor', siteId);
    for (let i = 0; i < 5; i += 1) {
      await failureOf(
        srpSignIn(idp, {
          userPoolId: c.userPoolId,
          clientId: c.userPoolClientId,
          username: locked.email,
          password: `${locked.password}-wrong`,
        }),
      );
    }
    const lockout = await callApi(c, 'accountLockout', {
      body: { clientId: c.userPoolClientId, email: locked.email },
    });
    expect(lockout.body).toEqual({ status: 'success', data: { locked: true } });
    // An invitation, not yet accepted.
    invitedEmail = `dash-invited-${randomUUID().slice(0, 8)}@example.com`;
    await ok(c, n.people.siteAdmin, 'create-user', {
      userAttributes: {
        email: invitedEmail,
        givenName: 'Deniz',
        familyName: 'Kaya',
        role: 'Auditor',
        organisationId: siteId,
      },
    });
    // An account whose authenticator was reset: no authenticator.
    const colleague = await createEnrolledUser(c, 'Auditor', siteId);
    await ok(c, n.people.siteAdmin, 'reset-user-mfa', {
      userName: colleague.userName,
      userRole: 'Auditor',
    });
    // A credential nobody used yet.
    await issueCredential(c, n.admin, n.siteSystem.systemId, ['ccsc-api/system.read']);
  }, 180_000);

  it('shows the site’s administrator exactly what needs the site', async () => {
    const mine = await block<{
      lockedAccounts: FigureLike & { users: { email: string }[] };
      invitations: Record<'pending' | 'expiring' | 'expired', FigureLike>;
      withoutAuthenticator: FigureLike;
      connectionInvitations: FigureLike & { perspective: string };
      credentials: Record<'expiring' | 'neverUsed', FigureLike>;
      heldForMapping: FigureLike;
      staleDrafts: FigureLike;
    }>(n.people.siteAdmin, 'dashboard/needs-action');
    expect(mine.lockedAccounts.value).toBe(1);
    expect(mine.lockedAccounts.users.map((u) => u.email)).toEqual([locked.email]);
    expect(mine.lockedAccounts.link).toEqual({ list: 'users', query: { status: 'LOCKED' } });
    expect(mine.invitations.pending.value).toBe(1);
    expect(mine.invitations.expiring.value).toBe(0);
    expect(mine.invitations.expired.value).toBe(0);
    expect(mine.withoutAuthenticator.value).toBe(1);
    expect(mine.connectionInvitations).toMatchObject({ value: 1, perspective: 'answer' });
    expect(mine.credentials.neverUsed.value).toBe(1);
    expect(mine.credentials.expiring.value).toBe(0);
    expect(mine.heldForMapping.value).toBe(0);
    expect(mine.staleDrafts.value).toBe(0);

    // The sponsor waits for the site; the other site has nothing of it.
    const sponsor = await block<{ connectionInvitations: FigureLike & { perspective: string } }>(
      n.people.sponsorAdmin,
      'dashboard/needs-action',
    );
    expect(sponsor.connectionInvitations).toMatchObject({ value: 1, perspective: 'site' });
    const other = await block<{
      lockedAccounts: FigureLike;
      invitations: Record<'pending', FigureLike>;
      connectionInvitations: FigureLike;
    }>(n.people.otherSiteAdmin, 'dashboard/needs-action');
    expect(other.lockedAccounts.value).toBe(0);
    expect(other.invitations.pending.value).toBe(0);
    expect(other.connectionInvitations.value).toBe(0);

    // A PlatformAdmin sees at least the site's, and the invitation for everyone's perspective.
    const all = await block<{
      lockedAccounts: FigureLike;
      connectionInvitations: FigureLike & { perspective: string };
    }>(n.admin, 'dashboard/needs-action');
    expect(all.lockedAccounts.value).toBeGreaterThanOrEqual(1);
    expect(all.connectionInvitations.perspective).toBe('all');
  });

  it('counts the site’s security events, and the chain only for those who read everything', async () => {
    const mine = await block<{
      failedSignIns: Record<'day' | 'week', FigureLike>;
      lockouts: Record<'day' | 'week', FigureLike>;
      mfaResets: Record<'day' | 'week', FigureLike>;
      chain: unknown;
    }>(n.people.siteAdmin, 'dashboard/security');
    expect(mine.failedSignIns.day.value).toBe(5);
    expect(mine.lockouts.day.value).toBe(1);
    expect(mine.mfaResets.week.value).toBe(1);
    expect(mine.chain).toBeNull();
    const all = await block<{ chain: { last: unknown } | null }>(n.admin, 'dashboard/security');
    expect(all.chain).not.toBeNull();

    // Verify now: the last verification is the one just made.
    const verified = await ok<{ checkedAt: string; intact: boolean }>(
      c,
      n.people.auditorAll,
      'verify-audit-chain',
      {},
    );
    expect(verified.intact).toBe(true);
    const after = await block<{ chain: { last: { checkedAt: string; by: { email: string } } } }>(
      n.admin,
      'dashboard/security',
    );
    expect(after.chain.last.checkedAt).toBe(verified.checkedAt);
    expect(after.chain.last.by.email).toBe(n.people.auditorAll.email);
  });

  it('lists the site’s recent changes, newest first, and nobody else’s', async () => {
    const mine = await block<{ records: AuditRecord[] }>(
      n.people.siteAdmin,
      'dashboard/recent-changes',
    );
    expect(mine.records.length).toBeGreaterThan(0);
    // Each about the site: its own, or one it is also about (a connection's, issue 37).
    const site = n.site.organisationId;
    expect(mine.records.every((r) => r.organisationId === site || r.alsoFor.includes(site))).toBe(
      true,
    );
    expect(mine.records.map((r) => r.action)).toContain('user.created');
    const seqs = mine.records.map((r) => r.seq);
    expect([...seqs].sort((a, b) => b - a)).toEqual(seqs);
  });

  it('links every figure, for every reader, to a list whose total is the figure', async () => {
    const readers = [
      n.admin,
      n.people.auditorAll,
      n.people.siteAdmin,
      n.people.sponsorAdmin,
      n.people.croAdmin,
      n.people.siteAuditor,
    ];
    let checked = 0;
    for (const reader of readers) {
      for (const op of BLOCKS) {
        const figures = figuresOf(await block(reader, op));
        if (op !== 'dashboard/recent-changes') expect(figures.length, op).toBeGreaterThan(0);
        for (const [path, figure] of figures) {
          expect(await totalOf(reader, figure.link), `${reader.email} ${op} ${path}`).toBe(
            figure.value,
          );
          checked += 1;
        }
      }
    }
    // needs-action 10, activity 30×2 + 2 + 1 + 5, security 8: per reader.
    expect(checked).toBe(readers.length * (10 + 68 + 8));
    // The recent changes' link too: the changes of the last 30 days, with a total.
    const recent = await block<{ link: ListLink }>(n.people.siteAdmin, 'dashboard/recent-changes');
    expect(await totalOf(n.people.siteAdmin, recent.link)).toBeGreaterThan(0);
  });

  it('answers a caller without a session nothing, and refuses input it does not take', async () => {
    const anonymous = await callApi(c, 'dashboard/needs-action', { method: 'GET' });
    expect(anonymous.status).toBe(401);
    const extra = await registryCall(
      c,
      n.people.siteAdmin,
      'dashboard/activity?days=90',
      undefined,
      'GET',
    );
    expect(extra.status).toBe(400);
    expect(must(extra.body.error).message).toMatch(/\S/);
  });
});
