import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { invitationKey, TABLES, tableName } from '@ccsc/lambdas/data-model';
import { callApi } from '../support/api';
import { createEnrolledUser, dynamodbDocuments, type EnrolledTestUser } from '../support/aws';

/**
 * list-all-users over the user index (issue 5): organisation scoping, every status filter as the
 * console's own calls change the accounts, search, sorting, the total, bad input.
 */

const c = inject('console');
const ORG = 'site-hamburg-nord';
const OTHER = 'site-izmir-ege';

interface Row {
  userName: string;
  email: string;
  givenName: string | null;
  familyName: string | null;
  role: string | null;
  organisationId: string | null;
  status: string;
  locked: boolean;
  mfaEnrolled: boolean;
  createdAt: string;
  invitationExpiresAt: string | null;
}
interface ListBody {
  status: 'success' | 'error';
  data: { users: Row[]; count: number; total: number; nextCursor: string | null };
  error?: { code: string; message: string; fields?: { path: string; message: string }[] };
}

const list = async (caller: EnrolledTestUser, body: Record<string, unknown> = {}) => {
  const res = await callApi(c, 'list-all-users', { token: caller.idToken, body });
  return { status: res.status, body: res.body as ListBody };
};

const rowOf = async (caller: EnrolledTestUser, email: string): Promise<Row | undefined> =>
  (await list(caller, { search: email })).body.data.users.find((u) => u.email === email);

const HOUR = 60 * 60 * 1000;
/** The offline pool's TemporaryPasswordValidityDays (the contract's password policy). */
const VALID_DAYS = 7;
const documents = dynamodbDocuments(c);

describe('list-all-users', () => {
  let admin: EnrolledTestUser;
  let orgAdmin: EnrolledTestUser;
  let colleague: EnrolledTestUser;
  let outsider: EnrolledTestUser;
  let auditor: EnrolledTestUser;
  beforeAll(async () => {
    [admin, orgAdmin, colleague, outsider, auditor] = await Promise.all([
      createEnrolledUser(c, 'PlatformAdmin'),
      createEnrolledUser(c, 'OrgAdmin', ORG),
      createEnrolledUser(c, 'OrgAdmin', ORG),
      createEnrolledUser(c, 'OrgAdmin', OTHER),
      createEnrolledUser(c, 'Auditor'),
    ]);
  });

  it('shows an OrgAdmin their own organisation only, with the total of what matches', async () => {
    const mine = await list(orgAdmin);
    expect(mine.status).toBe(200);
    const emails = mine.body.data.users.map((u) => u.email);
    expect(emails).toEqual(expect.arrayContaining([orgAdmin.email, colleague.email]));
    expect(emails).not.toContain(outsider.email);
    expect(emails).not.toContain(admin.email);
    expect(new Set(mine.body.data.users.map((u) => u.organisationId))).toEqual(new Set([ORG]));
    expect(mine.body.data.total).toBe(mine.body.data.users.length);
    // Asking for another organisation shows nothing, not an error that confirms it exists.
    const other = await list(orgAdmin, { organisationId: OTHER });
    expect(other.status).toBe(200);
    expect(other.body.data).toMatchObject({ users: [], total: 0 });
  });

  it('filters a PlatformAdmin and an Auditor by organisation and role', async () => {
    for (const caller of [admin, auditor]) {
      const byOrg = await list(caller, { organisationId: OTHER });
      expect(byOrg.body.data.users.map((u) => u.email)).toContain(outsider.email);
      expect(byOrg.body.data.users.every((u) => u.organisationId === OTHER)).toBe(true);
      const byRole = await list(caller, { role: 'Auditor' });
      expect(byRole.body.data.users.every((u) => u.role === 'Auditor')).toBe(true);
      expect(byRole.body.data.users.map((u) => u.email)).toContain(auditor.email);
    }
  });

  it('follows each status as the console changes the account', async () => {
    const email = `listed-${randomUUID().slice(0, 8)}@example.com`;
    const created = await callApi(c, 'create-user', {
      token: admin.idToken,
      body: {
        userAttributes: {
          email,
          givenName: 'Zeynep',
          familyName: 'Kaya',
          role: 'OrgAdmin',
          organisationId: ORG,
        },
      },
    });
    expect(created.status).toBe(200);
    const invited = await rowOf(admin, email);
    expect(invited).toMatchObject({ status: 'FORCE_CHANGE_PASSWORD', mfaEnrolled: false });
    const waiting = await list(admin, { status: 'FORCE_CHANGE_PASSWORD', search: email });
    expect(waiting.body.data.users.map((u) => u.email)).toEqual([email]);

    const target = { userName: invited?.userName, userRole: 'OrgAdmin' };
    expect((await callApi(c, 'disable-user', { token: admin.idToken, body: target })).status).toBe(
      200,
    );
    expect(await rowOf(admin, email)).toMatchObject({ status: 'DISABLED', locked: false });
    const disabled = await list(admin, { status: 'DISABLED' });
    expect(disabled.body.data.users.map((u) => u.email)).toContain(email);
    expect(disabled.body.data.users.every((u) => u.status === 'DISABLED')).toBe(true);

    expect((await callApi(c, 'enable-user', { token: admin.idToken, body: target })).status).toBe(
      200,
    );
    expect((await rowOf(admin, email))?.status).toBe('FORCE_CHANGE_PASSWORD');

    expect((await callApi(c, 'delete-user', { token: admin.idToken, body: target })).status).toBe(
      200,
    );
    expect(await rowOf(admin, email)).toBeUndefined();
  });

  it('filters invitations pending, expiring within 48 hours and expired, as sent and resent', async () => {
    const email = `invited-${randomUUID().slice(0, 8)}@example.com`;
    const before = Date.now();
    const created = await callApi(c, 'create-user', {
      token: admin.idToken,
      body: {
        userAttributes: {
          email,
          givenName: 'Elif',
          familyName: 'Demir',
          role: 'Auditor',
          organisationId: ORG,
        },
      },
    });
    expect(created.status).toBe(200);
    const userName = (created.body as { data: { user: { userName: string } } }).data.user.userName;
    const names = async (caller: EnrolledTestUser, invitation: string) => {
      const res = await list(caller, { invitation, search: email });
      expect(res.status).toBe(200);
      expect(res.body.data.total).toBe(res.body.data.users.length);
      return res.body.data.users.map((u) => u.email);
    };
    // Just sent: pending, expiring in the pool's 7 days.
    expect(await names(admin, 'pending')).toEqual([email]);
    expect(await names(admin, 'expiring')).toEqual([]);
    expect(await names(admin, 'expired')).toEqual([]);
    const expiresAt = Date.parse((await rowOf(admin, email))?.invitationExpiresAt ?? '');
    expect(expiresAt).toBeGreaterThanOrEqual(before + VALID_DAYS * 24 * HOUR - 5_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + VALID_DAYS * 24 * HOUR);

    // When it was sent, set back (no clock is turned), then the row brought into step by the
    // next write on the user.
    const sentBack = async (hours: number, givenName: string) => {
      await documents.send(
        new PutCommand({
          TableName: tableName('local', TABLES.main),
          Item: {
            ...invitationKey(userName),
            userName,
            sentAt: new Date(Date.now() - hours * HOUR).toISOString(),
          },
        }),
      );
      const renamed = await callApi(c, 'update-user', {
        token: admin.idToken,
        body: { userName, userAttributes: { givenName } },
      });
      expect(renamed.status).toBe(200);
    };
    await sentBack(VALID_DAYS * 24 - 20, 'Elif A');
    expect(await names(admin, 'pending')).toEqual([email]);
    expect(await names(admin, 'expiring')).toEqual([email]);
    expect(await names(orgAdmin, 'expiring')).toEqual([email]);
    expect(await names(outsider, 'expiring')).toEqual([]);

    await sentBack(VALID_DAYS * 24 + 1, 'Elif B');
    expect(await names(admin, 'pending')).toEqual([]);
    expect(await names(admin, 'expired')).toEqual([email]);
    expect(await names(auditor, 'expired')).toEqual([email]);
    expect(Date.parse((await rowOf(admin, email))?.invitationExpiresAt ?? '')).toBeLessThan(
      Date.now(),
    );
    // Pending and expired together are the users waiting for their first sign-in.
    const waiting = await list(orgAdmin, { status: 'FORCE_CHANGE_PASSWORD' });
    const pending = await list(orgAdmin, { invitation: 'pending' });
    const expired = await list(orgAdmin, { invitation: 'expired' });
    expect(pending.body.data.total + expired.body.data.total).toBe(waiting.body.data.total);

    // Sent again: valid for the pool's 7 days from now.
    const resent = await callApi(c, 'resend-invitation', {
      token: admin.idToken,
      body: { userName, userRole: 'Auditor' },
    });
    expect(resent.status).toBe(200);
    expect(await names(admin, 'expired')).toEqual([]);
    expect(await names(admin, 'pending')).toEqual([email]);
    expect(Date.parse((await rowOf(admin, email))?.invitationExpiresAt ?? '')).toBeGreaterThan(
      Date.now() + (VALID_DAYS * 24 - 1) * HOUR,
    );

    // The filter is a string; anything else is a 400 naming it.
    const bad = await list(admin, { invitation: 'soon' });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields?.map((f) => f.path)).toContain('invitation');
  });

  it('shows an enrolled user as enabled and one whose authenticator was reset as not enrolled', async () => {
    expect(await rowOf(admin, colleague.email)).toMatchObject({
      status: 'ENABLED',
      mfaEnrolled: true,
    });
    const reset = await callApi(c, 'reset-user-mfa', {
      token: orgAdmin.idToken,
      body: { userName: colleague.userName, userRole: 'OrgAdmin' },
    });
    expect(reset.status).toBe(200);
    expect(await rowOf(admin, colleague.email)).toMatchObject({
      status: 'MFA_NOT_ENROLLED',
      mfaEnrolled: false,
    });
    const notEnrolled = await list(orgAdmin, { status: 'MFA_NOT_ENROLLED' });
    expect(notEnrolled.body.data.users.map((u) => u.email)).toContain(colleague.email);
  });

  it('searches names in any case and sorts, newest first on request', async () => {
    const named = await callApi(c, 'update-user', {
      token: admin.idToken,
      body: {
        userName: outsider.userName,
        userAttributes: { givenName: 'Umran', familyName: 'Ozdemir' },
      },
    });
    expect(named.status).toBe(200);
    const found = await list(admin, { search: 'OZD' });
    expect(found.body.data.users.map((u) => u.email)).toEqual([outsider.email]);
    const full = await list(admin, { search: 'umran oz' });
    expect(full.body.data.users.map((u) => u.email)).toEqual([outsider.email]);

    const newest = await list(admin, { sort: 'createdAt', order: 'desc' });
    const times = newest.body.data.users.map((u) => Date.parse(u.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const byEmail = await list(admin, { sort: 'email' });
    const emails = byEmail.body.data.users.map((u) => u.email);
    // The list sorts as people read (case and accents aside, numbers by value).
    const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
    expect(emails).toEqual([...emails].sort(collator.compare));
  });

  it('refuses a filter-injection attempt, unknown fields and bad values with 400 naming the field', async () => {
    const injection = await list(admin, { search: 'a" or email ^= "' });
    expect(injection.status).toBe(400);
    expect(injection.body.error?.fields?.map((f) => f.path)).toContain('search');
    for (const body of [
      { status: 'ACTIVE' },
      { role: 'Root' },
      { sort: 'password' },
      { order: 'sideways' },
      { organisationId: 'bad id!' },
      { limit: 0 },
      { colour: 'red' },
    ]) {
      const res = await list(admin, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('exports the filtered list as CSV through a link that expires, and records the export', async () => {
    const res = await callApi(c, 'export-users', {
      token: orgAdmin.idToken,
      body: { status: 'ENABLED' },
    });
    expect(res.status).toBe(200);
    const data = (
      res.body as { data: { url: string; fileName: string; rows: number; expiresAt: string } }
    ).data;
    expect(data.fileName).toMatch(/^users-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
    expect(Date.parse(data.expiresAt) - Date.now()).toBeLessThanOrEqual(300_000);
    const download = await fetch(data.url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="${data.fileName}"`,
    );
    const text = (await download.text()).replace(/^\uFEFF/, '');
    const lines = text.split('\r\n').filter((l) => l !== '');
    expect(lines[0]).toMatch(/^Email,Given name,Family name,/);
    expect(lines).toHaveLength(data.rows + 1);
    const emails = lines.slice(1).map((l) => l.split(',')[0]);
    expect(emails).toContain(orgAdmin.email);
    expect(emails).not.toContain(outsider.email);
    expect(emails).not.toContain(colleague.email); // authenticator reset above: not ENABLED
    expect(emails).toEqual([...emails].sort());
    // A presigned GET valid for five minutes (s3rver does not check signatures; S3 does, and the
    // bucket blocks every public read).
    const signed = new URL(data.url);
    expect(signed.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(signed.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses unknown export fields and sorting (the export is in e-mail order)', async () => {
    const res = await callApi(c, 'export-users', { token: admin.idToken, body: { sort: 'name' } });
    expect(res.status).toBe(400);
  });
});
