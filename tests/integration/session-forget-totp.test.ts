import {
  AdminDisableUserCommand,
  AdminGetUserCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { verifyAuditChain } from '@ccsc/lambdas/adapters';
import { TABLES, tableName } from '@ccsc/lambdas/data-model';
import { callApi, type ApiResult } from '../support/api';
import {
  cognito,
  createEnrolledUser,
  dynamodbDocuments,
  type EnrolledTestUser,
  failureOf,
  mailTo,
  signInWeb,
  waitForMail,
} from '../support/aws';

/**
 * "Can't access authenticator app": forget-totp always answers the same; an existing, enabled
 * account gets a single-use link valid for 15 minutes (offline the mail goes through the SES
 * stand-in to the local inbox); confirming it removes the authenticator, ends every session and
 * tells the user; the next sign-in (password still required) has no TOTP challenge and must
 * enrol again.
 */

const c = inject('console');
const idp = cognito(c);
const documents = dynamodbDocuments(c);
const MAIN_TABLE = tableName('local', TABLES.main);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const forget = (email: string): Promise<ApiResult> =>
  callApi(c, 'forget-totp', {
    body: { clientId: c.userPoolClientId, email },
    // As the browser on the console sends it: the link points back at this console.
    headers: { origin: c.url },
  });

const confirm = (token: string) => callApi(c, 'forget-totp/confirm', { body: { token } });

const LINK = /(https?:\/\/[^\s"<>]+)\/forgot-totp-qr-code\?token=([A-Za-z0-9_-]+)/;

/** Asks for the link and reads it from the inbox. */
const requestLink = async (user: EnrolledTestUser) => {
  const before = (await mailTo(c, user.email)).length;
  const res = await forget(user.email);
  expect(res.status).toBe(200);
  const mails = await waitForMail(c, user.email, before + 1);
  const mail = mails.at(-1);
  const match = LINK.exec(`${mail?.text ?? ''} ${mail?.html ?? ''}`);
  if (!match) throw new Error(`no /forgot-totp-qr-code link in "${mail?.subject ?? ''}"`);
  return { origin: match[1], token: match[2] ?? '', mail };
};

const mfaOf = async (user: EnrolledTestUser) =>
  (await idp.send(new AdminGetUserCommand({ UserPoolId: c.userPoolId, Username: user.userName })))
    .UserMFASettingList ?? [];

describe('forget-totp', () => {
  it('answers known and unknown accounts with the same status and body, in about the same time', async () => {
    const user = await createEnrolledUser(c, 'Auditor');
    const time = async (email: string) => {
      const started = performance.now();
      const res = await forget(email);
      return { res, ms: performance.now() - started };
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const k = await time(user.email);
      const u = await time(`nobody-${String(i)}-${user.email}`);
      expect(k.res.status).toBe(200);
      expect(k.res.body).toEqual({ status: 'success', data: { requested: true } });
      expect(u.res.status).toBe(k.res.status);
      expect(u.res.body).toEqual(k.res.body);
      known.push(k.ms);
      unknown.push(u.ms);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    expect(median(known)).toBeGreaterThanOrEqual(950);
    expect(median(unknown)).toBeGreaterThanOrEqual(950);
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(200);
  });

  it('e-mails a link that removes the authenticator once: sessions end, the next sign-in enrols anew', async () => {
    const user = await createEnrolledUser(c, 'PlatformAdmin');
    expect(await mfaOf(user)).toEqual(['SOFTWARE_TOKEN_MFA']);
    const { origin, token, mail } = await requestLink(user);
    expect(origin).toBe(c.url);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail?.subject).toBe('Reset your authenticator app');
    // Only the hash of the token is stored.
    const stored = await documents.send(
      new GetCommand({
        TableName: MAIN_TABLE,
        Key: { pk: `TOTP_RESET#${sha256(token)}`, sk: 'TOTP_RESET' },
      }),
    );
    expect(stored.Item).toMatchObject({ userName: user.userName });
    expect(JSON.stringify(stored.Item)).not.toContain(token);

    const res = await confirm(token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', data: { authenticatorRemoved: true } });
    expect(await mfaOf(user)).toEqual([]);

    // Every session ended.
    expect(
      await failureOf(
        idp.send(
          new InitiateAuthCommand({
            ClientId: c.userPoolClientId,
            AuthFlow: 'REFRESH_TOKEN_AUTH',
            AuthParameters: { REFRESH_TOKEN: user.refreshToken },
          }),
        ),
      ),
    ).toMatchObject({ name: 'NotAuthorizedException' });
    // The password is still needed; no TOTP challenge follows it any more...
    const next = await signInWeb(c, user);
    expect(next.idToken).toEqual(expect.any(String));
    // ...and the console refuses the user until a new authenticator is enrolled.
    const gated = await callApi(c, 'list-all-users', { body: {}, token: next.idToken });
    expect(gated.status).toBe(403);
    expect(gated.body).toMatchObject({ error: { code: 'MFA_ENROLMENT_REQUIRED' } });

    // The user is told.
    const mails = await waitForMail(c, user.email, 2);
    expect(mails.map((m) => m.subject)).toContain('Your authenticator app was removed');

    // Audited in the hash chain, which still verifies.
    const audit = await documents.send(
      new QueryCommand({
        TableName: tableName('local', TABLES.audit),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': 'AUDIT#chain' },
        ScanIndexForward: false,
        Limit: 20,
        ConsistentRead: true,
      }),
    );
    const actions = (audit.Items ?? [])
      .filter((r) => (r.target as { id?: string } | undefined)?.id === user.userName)
      .map((r) => r.action as string);
    expect(actions).toEqual(expect.arrayContaining(['mfa.reset', 'mfa.reset-requested']));
    expect(JSON.stringify(audit.Items)).not.toContain(token);
    expect(await verifyAuditChain(documents, tableName('local', TABLES.audit))).toMatchObject({
      ok: true,
    });

    // Single use.
    const again = await confirm(token);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      status: 'error',
      error: { code: 'VALIDATION_FAILED', fields: [{ path: 'token' }] },
    });
  });

  it('refuses an expired link and one it never issued, and changes nothing', async () => {
    const user = await createEnrolledUser(c, 'Auditor');
    const token = randomBytes(32).toString('base64url');
    const issued = Math.floor(Date.now() / 1000) - 16 * 60;
    await documents.send(
      new PutCommand({
        TableName: MAIN_TABLE,
        Item: {
          pk: `TOTP_RESET#${sha256(token)}`,
          sk: 'TOTP_RESET',
          userName: user.userName,
          issuedAt: new Date(issued * 1000).toISOString(),
          expiresAt: issued + 15 * 60,
        },
      }),
    );
    expect((await confirm(token)).status).toBe(400);
    expect((await confirm(randomBytes(32).toString('base64url'))).status).toBe(400);
    expect(await mfaOf(user)).toEqual(['SOFTWARE_TOKEN_MFA']);
  });

  it('sends nothing to a disabled account, and answers the same', async () => {
    const user = await createEnrolledUser(c, 'Auditor');
    await idp.send(
      new AdminDisableUserCommand({ UserPoolId: c.userPoolId, Username: user.userName }),
    );
    const res = await forget(user.email);
    expect(res.body).toEqual({ status: 'success', data: { requested: true } });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await mailTo(c, user.email)).toEqual([]);
  });
});
