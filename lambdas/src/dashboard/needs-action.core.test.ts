import { describe, expect, it } from 'vitest';
import { DASHBOARD_USERS_SHOWN } from '@ccsc/contract/dashboard';
import { routes } from '@ccsc/contract/routes';
import type { CredentialRecord } from '../core/ports/credentials';
import type { DocumentRecord } from '../core/ports/documents';
import type { StandardRecord, StandardVersionRecord } from '../core/ports/registry';
import type { IndexedUser } from '../core/ports/user-index';
import type { Caller, RequestContext } from '../core/request';
import { directoryUser } from '../core/testing/fake-user-directory';
import { aCredential } from '../core/testing/credential-records';
import { callerContext, FakeClock, FakeUserIndex } from '../core/testing/fakes';
import { documentRecordOf } from '../core/testing/document-records';
import { MemoryCredentialStore } from '../core/testing/memory-credentials';
import { MemoryDocumentStore } from '../core/testing/memory-documents';
import { aDatedVersion, aStandard } from '../core/testing/standard-records';
import { connection, network, ORG, STUDY, WHO } from '../core/testing/connection-test-network';
import { dashboardNeedsAction, type NeedsActionDeps, STALE_DRAFT_DAYS } from './needs-action.core';

/** dashboard/needs-action: what waits for an administrator, within the caller's reach. */

const NOW = new Date('2025-03-10T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const ahead = (ms: number) => new Date(NOW.getTime() + ms).toISOString();
const SITE = ORG.site.organisationId;
const SPONSOR = ORG.sponsor.organisationId;

const user = (n: number, over: Partial<IndexedUser> = {}): IndexedUser => ({
  ...directoryUser(n, { organisationId: SITE }),
  mfaEnrolled: true,
  locked: false,
  invitationSentAt: null,
  ...over,
});
const waiting = { status: 'FORCE_CHANGE_PASSWORD' as const, mfaEnrolled: false };

const USERS: IndexedUser[] = [
  user(1, { locked: true }),
  user(2, { locked: true, organisationId: SPONSOR }),
  // Invited a day ago: pending (the temporary password lasts 7 days).
  user(3, { ...waiting, invitationSentAt: ago(DAY) }),
  // Six days ago: pending, and expiring within 48 hours.
  user(4, { ...waiting, invitationSentAt: ago(6 * DAY) }),
  // Eight days ago: expired.
  user(5, { ...waiting, invitationSentAt: ago(8 * DAY) }),
  user(6, { mfaEnrolled: false }),
  user(7, { role: 'PlatformAdmin', organisationId: null }),
  // Disabled: not waiting for anything, whatever Cognito's status says.
  user(8, { ...waiting, enabled: false, invitationSentAt: ago(8 * DAY) }),
];

/** The site's eISF credentials, active and unused, valid 200 days ahead unless told. */
const credential = (apiId: string, over: Partial<CredentialRecord>): CredentialRecord =>
  aCredential(apiId, {
    organisationId: SITE,
    systemId: 'sys-site',
    validUntil: ahead(200 * DAY),
    createdAt: ago(DAY),
    revealedAt: ago(DAY),
    ...over,
  });

const CREDENTIALS: CredentialRecord[] = [
  credential('site-soon', { validUntil: ahead(20 * DAY) }), // expiring and never used
  credential('site-used', {}), // used below: neither
  credential('site-pending', { status: 'pending', revealedAt: null }), // never used
  credential('site-revoked', { status: 'revoked', revokedAt: ago(DAY) }), // neither
  credential('sponsor-soon', {
    organisationId: SPONSOR,
    systemId: 'sys-sponsor',
    validUntil: ahead(10 * DAY),
  }), // expiring, used below
];

/** A standard with one version, created `daysAgo`. */
const standard = (
  id: string,
  organisationId: string,
  status: StandardVersionRecord['status'],
  daysAgo: number,
): StandardRecord => aStandard(id, organisationId, [aDatedVersion(1, status, ago(daysAgo * DAY))]);

const held = (holdReason: DocumentRecord['holdReason'], over: Partial<DocumentRecord> = {}) =>
  documentRecordOf({
    siteOrganisationId: SITE,
    sponsorOrganisationId: SPONSOR,
    state: 'held',
    holdReason,
    sentAt: ago(DAY),
    updatedAt: ago(DAY),
    ...over,
  });

const setUp = async (users: IndexedUser[] = USERS) => {
  const { registry } = network([
    { type: 'connection', record: connection('c-invited', STUDY.main, SITE) },
    {
      type: 'connection',
      record: connection('c-active', STUDY.own, SITE, { status: 'active', siteNumber: '102' }),
    },
    // A draft older than 30 days, a recent one, another organisation's old one, a published one.
    { type: 'standard', record: standard('s-old', SITE, 'draft', 40) },
    { type: 'standard', record: standard('s-new', SITE, 'draft', 10) },
    { type: 'standard', record: standard('s-sp', SPONSOR, 'draft', 31) },
    { type: 'standard', record: standard('s-pub', SPONSOR, 'published', 90) },
  ]);
  const index = new FakeUserIndex();
  for (const u of users) index.rows.set(u.userName, u);
  const credentials = new MemoryCredentialStore();
  for (const c of CREDENTIALS) credentials.records.set(c.apiId, c);
  credentials.uses.set('site-used', ago(DAY));
  credentials.uses.set('sponsor-soon', ago(DAY));
  const documents = new MemoryDocumentStore();
  for (const record of [
    held('receiver-no-standard'),
    held('sender-type-unmapped'),
    // Waiting for the sender's file, not for a mapping.
    held('checksum-mismatch'),
    // Another pair's.
    held('receiver-no-standard', {
      siteOrganisationId: ORG.otherSite.organisationId,
      sponsorOrganisationId: ORG.otherSponsor.organisationId,
    }),
  ]) {
    await documents.create(record);
  }
  let builds = 0;
  const deps: NeedsActionDeps = {
    index,
    ensureBuilt: () => {
      builds += 1;
      return Promise.resolve();
    },
    credentials,
    registry,
    documents,
    clock: new FakeClock(NOW),
    temporaryPasswordDays: 7,
  };
  return { deps, index, builds: () => builds };
};

/** Every figure's value, by where it sits in the answer. */
const values = async (ctx: RequestContext<Caller>, deps: NeedsActionDeps) => {
  const out = await dashboardNeedsAction({}, ctx, deps);
  return {
    locked: out.lockedAccounts.value,
    pending: out.invitations.pending.value,
    expiring: out.invitations.expiring.value,
    expired: out.invitations.expired.value,
    withoutAuthenticator: out.withoutAuthenticator.value,
    connectionInvitations: out.connectionInvitations.value,
    credentialsExpiring: out.credentials.expiring.value,
    neverUsed: out.credentials.neverUsed.value,
    heldForMapping: out.heldForMapping.value,
    staleDrafts: out.staleDrafts.value,
  };
};

describe('dashboard/needs-action', () => {
  it('counts everything that waits, for whoever reaches everything, each figure linked to its list', async () => {
    const { deps, builds } = await setUp();
    const out = await dashboardNeedsAction({}, WHO.platformAdmin, deps);
    expect(routes['dashboard/needs-action'].response.parse(out)).toEqual(out);
    expect(builds()).toBe(1);
    expect(await values(WHO.platformAdmin, deps)).toEqual({
      locked: 2,
      pending: 2,
      expiring: 1,
      expired: 1,
      withoutAuthenticator: 1,
      connectionInvitations: 1,
      credentialsExpiring: 2,
      neverUsed: 2,
      heldForMapping: 3,
      staleDrafts: 2,
    });
    const draftBefore = new Date(NOW.getTime() - STALE_DRAFT_DAYS * DAY).toISOString().slice(0, 10);
    expect(draftBefore).toBe('2025-02-08');
    expect({
      locked: out.lockedAccounts.link,
      pending: out.invitations.pending.link,
      expiring: out.invitations.expiring.link,
      expired: out.invitations.expired.link,
      withoutAuthenticator: out.withoutAuthenticator.link,
      connections: out.connectionInvitations.link,
      credentialsExpiring: out.credentials.expiring.link,
      neverUsed: out.credentials.neverUsed.link,
      held: out.heldForMapping.link,
      drafts: out.staleDrafts.link,
    }).toEqual({
      locked: { list: 'users', query: { status: 'LOCKED' } },
      pending: { list: 'users', query: { invitation: 'pending' } },
      expiring: { list: 'users', query: { invitation: 'expiring' } },
      expired: { list: 'users', query: { invitation: 'expired' } },
      withoutAuthenticator: { list: 'users', query: { status: 'MFA_NOT_ENROLLED' } },
      connections: { list: 'connections', query: { status: 'invited' } },
      credentialsExpiring: { list: 'credentials', query: { status: 'expiring' } },
      neverUsed: { list: 'credentials', query: { use: 'never' } },
      held: { list: 'documents', query: { state: 'held', holdKind: 'mapping' } },
      drafts: { list: 'standards', query: { status: 'draft', draftBefore: '2025-02-08' } },
    });
  });

  it('names the users to act on (Unlock, Resend) with the list’s rows, and only where an action waits', async () => {
    const { deps } = await setUp();
    const out = await dashboardNeedsAction({}, WHO.platformAdmin, deps);
    expect(out.lockedAccounts.users.map((u) => u.email)).toEqual([
      'user1@example.com',
      'user2@example.com',
    ]);
    expect(out.invitations.expiring.users).toEqual([
      expect.objectContaining({
        email: 'user4@example.com',
        status: 'FORCE_CHANGE_PASSWORD',
        invitationExpiresAt: ago(-DAY),
      }),
    ]);
    expect(out.invitations.expired.users.map((u) => u.email)).toEqual(['user5@example.com']);
    expect('users' in out.invitations.pending).toBe(false);
    expect('users' in out.withoutAuthenticator).toBe(false);
  });

  it('shows at most the first few users, in the list’s e-mail order', async () => {
    const many = Array.from({ length: 12 }, (_, i) => user(i + 1, { locked: true }));
    const { deps } = await setUp(many);
    const out = await dashboardNeedsAction({}, WHO.platformAdmin, deps);
    expect(out.lockedAccounts.value).toBe(12);
    expect(out.lockedAccounts.users).toHaveLength(DASHBOARD_USERS_SHOWN);
    // Numbers in e-mails compare as numbers, as the list sorts them.
    expect(out.lockedAccounts.users.map((u) => u.email)).toEqual([
      'user1@example.com',
      'user2@example.com',
      'user3@example.com',
      'user4@example.com',
      'user5@example.com',
    ]);
  });

  it('keeps an OrgAdmin and an Auditor of an organisation to it; an account reaching nothing sees zeros', async () => {
    const { deps } = await setUp();
    const site = {
      locked: 1,
      pending: 2,
      expiring: 1,
      expired: 1,
      withoutAuthenticator: 1,
      connectionInvitations: 1,
      credentialsExpiring: 1,
      neverUsed: 2,
      heldForMapping: 2,
      staleDrafts: 1,
    };
    expect(await values(WHO.siteAdmin, deps)).toEqual(site);
    expect(await values(WHO.siteAuditor, deps)).toEqual(site);
    expect(await values(WHO.sponsorAdmin, deps)).toEqual({
      locked: 1,
      pending: 0,
      expiring: 0,
      expired: 0,
      withoutAuthenticator: 0,
      connectionInvitations: 1,
      credentialsExpiring: 1,
      neverUsed: 0,
      heldForMapping: 2,
      staleDrafts: 1,
    });
    const sponsorOut = await dashboardNeedsAction({}, WHO.sponsorAdmin, deps);
    expect(sponsorOut.lockedAccounts.users.map((u) => u.email)).toEqual(['user2@example.com']);
    const placeless = callerContext({ role: 'OrgAdmin', organisationId: null });
    for (const ctx of [WHO.unrelatedAdmin, placeless]) {
      const none = await values(ctx, deps);
      expect(Object.values(none).every((v) => v === 0)).toBe(true);
    }
  });

  it('says whom a connection invitation waits for, as the caller sees it', async () => {
    const { deps } = await setUp();
    const perspective = async (ctx: RequestContext<Caller>) =>
      (await dashboardNeedsAction({}, ctx, deps)).connectionInvitations.perspective;
    expect(await perspective(WHO.platformAdmin)).toBe('all');
    expect(await perspective(WHO.auditorAll)).toBe('all');
    // A site's OrgAdmin answers; its Auditor cannot, so reads them as waiting for a site.
    expect(await perspective(WHO.siteAdmin)).toBe('answer');
    expect(await perspective(WHO.siteAuditor)).toBe('all');
    expect(await perspective(WHO.sponsorAdmin)).toBe('site');
    expect(await perspective(WHO.croAdmin)).toBe('site');
  });

  it('builds the user index first when it never was built', async () => {
    const { deps, index } = await setUp([]);
    const building: NeedsActionDeps = {
      ...deps,
      ensureBuilt: async () => {
        for (const u of USERS) await index.put(u);
      },
    };
    expect((await dashboardNeedsAction({}, WHO.platformAdmin, building)).lockedAccounts.value).toBe(
      2,
    );
  });
});
