import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { verifyAuditChain } from '@ccsc/lambdas/adapters';
import { AUDIT_CHAIN_PK } from '@ccsc/lambdas/adapters';
import { TABLES, tableName } from '@ccsc/lambdas/data-model';
import { callApi } from '../support/api';
import {
  createEnrolledUser,
  createSignedInUser,
  dynamodbDocuments,
  type EnrolledTestUser,
} from '../support/aws';

/** redirectUser and logout write the hash-chained audit trail, and the chain verifies. */

const c = inject('console');
const documents = dynamodbDocuments(c);
const AUDIT_TABLE = tableName('local', TABLES.audit);

/** Every record of the chain, in order. */
const auditRecords = async (): Promise<Record<string, unknown>[]> => {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await documents.send(
      new QueryCommand({
        TableName: AUDIT_TABLE,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': AUDIT_CHAIN_PK },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start !== undefined);
  return items;
};

const recordsOf = async (action: string, sub: string) =>
  (await auditRecords()).filter(
    (r) => r.action === action && (r.actor as { sub?: string } | null)?.sub === sub,
  );

const subOf = (idToken: string): string => {
  const payload = idToken.split('.')[1] ?? '';
  return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub: string }).sub;
};

describe('the audit trail of sign-ins and sign-outs', () => {
  let user: EnrolledTestUser;
  beforeAll(async () => {
    user = await createEnrolledUser(c, 'Auditor');
  });

  it('redirectUser records the sign-in of the verified caller, with server time and source', async () => {
    const before = Date.now();
    const res = await callApi(c, 'redirectUser?logLogin=true', {
      token: user.idToken,
      headers: { 'user-agent': 'session-audit-test' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', data: { recorded: true } });
    const sub = subOf(user.idToken);
    // createEnrolledUser signed in through redirectUser once already, as the web app does.
    const [record, ...more] = (await recordsOf('session.login', sub)).filter(
      (r) => (r.source as { userAgent?: string } | undefined)?.userAgent === 'session-audit-test',
    );
    expect(more).toEqual([]);
    expect(record).toMatchObject({
      outcome: 'success',
      actor: { sub, email: user.email, role: 'Auditor' },
      target: { type: 'user', id: user.userName, label: user.email },
      source: { userAgent: 'session-audit-test' },
      prevHash: expect.stringMatching(/^[0-9a-f]{64}$/) as unknown,
      hash: expect.stringMatching(/^[0-9a-f]{64}$/) as unknown,
      seq: expect.any(Number) as unknown,
    });
    const at = Date.parse(String(record?.at));
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('records a first sign-in as session.first-login, and never a password or TOTP secret', async () => {
    const res = await callApi(c, 'redirectUser?firstLogin=true', { token: user.idToken });
    expect(res.status).toBe(200);
    expect(await recordsOf('session.first-login', subOf(user.idToken))).toHaveLength(1);
    // The spec's old first-login payload (new password + QR secret) is refused outright.
    const refused = await callApi(c, 'redirectUser?firstLogin=true', {
      token: user.idToken,
      body: { updatePassword: user.password, qrCode: 'JBSWY3DPEHPK3PXP' },
    });
    expect(refused.status).toBe(400);
    const trail = JSON.stringify(await auditRecords());
    expect(trail).not.toContain(user.password);
    expect(trail).not.toContain('JBSWY3DPEHPK3PXP');
    expect(trail).not.toContain(user.idToken);
  });

  it('logout records the sign-out (also for a user without TOTP)', async () => {
    const other = await createSignedInUser(c, 'OrgAdmin');
    expect((await callApi(c, 'logout', { body: {}, token: other.idToken })).status).toBe(200);
    expect(await recordsOf('session.logout', subOf(other.idToken))).toHaveLength(1);
  });

  it('keeps an intact hash chain, also under concurrent appends', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        callApi(c, 'redirectUser?logLogin=true', { token: user.idToken }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array<number>(8).fill(200));
    const records = await auditRecords();
    expect(records.map((r) => r.seq)).toEqual(records.map((_, i) => i + 1));
    const verdict = await verifyAuditChain(documents, AUDIT_TABLE);
    expect(verdict).toEqual({
      ok: true,
      records: records.length,
      headHash: records.at(-1)?.hash,
    });
  });
});
