import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { AUDIT_CHAIN_PK, sortKeyOf } from '@ccsc/lambdas/adapters';
import type { AuditRecord } from '@ccsc/contract';
import { TABLES, tableName } from '@ccsc/lambdas/data-model';
import { callApi } from '../support/api';
import { createEnrolledUser, dynamodbDocuments, type EnrolledTestUser } from '../support/aws';

/**
 * The audit screen's calls through the offline console (issue 5): list-audit-records (filters,
 * paging, who sees what) and verify-audit-chain, which finds a record an attacker overwrote
 * straight in the table.
 */

const c = inject('console');
const documents = dynamodbDocuments(c);
const AUDIT_TABLE = tableName('local', TABLES.audit);
const ORG = 'site-it-audit-a';
const OTHER = 'sponsor-it-audit-b';

interface ListData {
  records: AuditRecord[];
  count: number;
  nextCursor: string | null;
}
interface VerifyData {
  intact: boolean;
  records: number;
  brokenAt: number | null;
  reason: string | null;
  checkedAt: string;
}
interface Envelope<T> {
  status: 'success' | 'error';
  data?: T;
  error?: { code: string; message: string; fields?: { path: string; message: string }[] };
}

const list = async (caller: EnrolledTestUser | null, body: unknown) => {
  const res = await callApi(c, 'list-audit-records', {
    body,
    ...(caller === null ? {} : { token: caller.idToken }),
  });
  return { status: res.status, body: res.body as Envelope<ListData> };
};

const records = async (caller: EnrolledTestUser, body: Record<string, unknown>) => {
  const res = await list(caller, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data?.records ?? [];
};

const verify = async (caller: EnrolledTestUser) => {
  const res = await callApi(c, 'verify-audit-chain', { body: {}, token: caller.idToken });
  return { status: res.status, body: res.body as Envelope<VerifyData> };
};

/** The number of records in the chain, read straight from the table. */
const chainLength = async (): Promise<number> => {
  let count = 0;
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
    count += out.Count ?? 0;
    start = out.LastEvaluatedKey;
  } while (start !== undefined);
  return count;
};

describe('the audit trail calls', () => {
  let admin: EnrolledTestUser;
  /** An Auditor of every organisation (none of their own). */
  let auditor: EnrolledTestUser;
  /** An Auditor of one organisation: reads it only. */
  let orgAuditor: EnrolledTestUser;
  let orgAdmin: EnrolledTestUser;
  let otherOrgAdmin: EnrolledTestUser;
  let inOrg: EnrolledTestUser;
  let inOther: EnrolledTestUser;

  beforeAll(async () => {
    [admin, auditor, orgAuditor, orgAdmin, otherOrgAdmin, inOrg, inOther] = await Promise.all([
      createEnrolledUser(c, 'PlatformAdmin'),
      createEnrolledUser(c, 'Auditor'),
      createEnrolledUser(c, 'Auditor', ORG),
      createEnrolledUser(c, 'OrgAdmin', ORG),
      createEnrolledUser(c, 'OrgAdmin', OTHER),
      createEnrolledUser(c, 'Auditor', ORG),
      createEnrolledUser(c, 'Auditor', OTHER),
    ]);
    for (const user of [inOrg, inOther]) {
      const res = await callApi(c, 'disable-user', {
        token: admin.idToken,
        body: { userName: user.userName, userRole: 'Auditor' },
      });
      expect(res.status).toBe(200);
    }
  });

  it('records a user action with who, what, whom, from where, before and after', async () => {
    const [record, ...more] = await records(admin, {
      action: 'user.disabled',
      target: inOrg.email,
    });
    expect(more).toEqual([]);
    expect(record).toMatchObject({
      action: 'user.disabled',
      outcome: 'success',
      actor: { email: admin.email, role: 'PlatformAdmin' },
      target: { type: 'user', id: inOrg.userName, label: inOrg.email },
      organisationId: ORG,
      before: { enabled: true },
      after: { enabled: false },
      reason: null,
      source: { ip: expect.any(String) as unknown },
      hash: expect.stringMatching(/^[0-9a-f]{64}$/) as unknown,
      prevHash: expect.stringMatching(/^[0-9a-f]{64}$/) as unknown,
    });
    expect(Date.parse(record?.at ?? '')).toBeGreaterThan(Date.now() - 5 * 60_000);
  });

  it('serves a PlatformAdmin and an Auditor of every organisation every record, newest first', async () => {
    for (const caller of [admin, auditor]) {
      const found = await records(caller, { action: 'user.disabled', limit: 100 });
      const targets = found.map((r) => r.target?.id);
      expect(targets).toEqual(expect.arrayContaining([inOrg.userName, inOther.userName]));
      const seqs = found.map((r) => r.seq);
      expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
    }
  });

  it('shows an OrgAdmin or an Auditor of one organisation only the records about it', async () => {
    for (const reader of [orgAdmin, orgAuditor]) {
      const mine = await records(reader, { limit: 100 });
      expect(mine.length).toBeGreaterThan(0);
      expect(new Set(mine.map((r) => r.organisationId))).toEqual(new Set([ORG]));
      expect(mine.map((r) => r.target?.id)).toContain(inOrg.userName);
      expect(mine.map((r) => r.target?.id)).not.toContain(inOther.userName);
    }

    const theirs = await records(otherOrgAdmin, { action: 'user.', limit: 100 });
    expect(theirs.map((r) => r.target?.id)).toContain(inOther.userName);
    expect(theirs.map((r) => r.target?.id)).not.toContain(inOrg.userName);
    // Asking for the other organisation's user by name changes nothing.
    expect(await records(orgAdmin, { target: inOther.email })).toEqual([]);
  });

  it('filters by actor (e-mail start or sub), outcome and time', async () => {
    // The local part is unique to this test's administrator; any case matches.
    const localPart = admin.email.split('@')[0] ?? '';
    const byEmail = await records(admin, { actor: localPart.toUpperCase(), action: 'user.' });
    expect(byEmail.map((r) => r.target?.id).sort()).toEqual(
      [inOrg.userName, inOther.userName].sort(),
    );
    const sub = byEmail[0]?.actor?.sub ?? '';
    expect(await records(admin, { actor: sub, action: 'user.' })).toEqual(byEmail);
    expect(await records(admin, { actor: admin.email, outcome: 'failure' })).toEqual([]);
    const future = new Date(Date.now() + 60 * 60_000).toISOString();
    expect(await records(admin, { from: future })).toEqual([]);
    expect((await records(admin, { to: future, actor: admin.email, action: 'user.' })).length).toBe(
      byEmail.length,
    );
  });

  it('pages with an opaque cursor that continues where the last page ended', async () => {
    const first = await list(admin, { limit: 3 });
    expect(first.status).toBe(200);
    const page1 = first.body.data;
    expect(page1?.records).toHaveLength(3);
    expect(page1?.count).toBe(3);
    expect(page1?.nextCursor).toEqual(expect.any(String));
    const second = await list(admin, { limit: 3, cursor: page1?.nextCursor });
    const page2 = second.body.data?.records ?? [];
    expect(page2[0]?.seq).toBeLessThan(page1?.records.at(-1)?.seq ?? 0);
    expect(page2[0]?.hash).toBe(page1?.records.at(-1)?.prevHash);
    // A cursor belongs to its filters.
    const other = await list(admin, { limit: 3, cursor: page1?.nextCursor, outcome: 'failure' });
    expect(other.status).toBe(400);
  });

  it('exports the filtered trail as CSV with the hashes, scoped like the list, and records it', async () => {
    const csvOf = async (caller: EnrolledTestUser, body: Record<string, unknown>) => {
      const res = await callApi(c, 'export-audit-records', { token: caller.idToken, body });
      expect(res.status).toBe(200);
      const data = (res.body as Envelope<{ url: string; fileName: string; rows: number }>).data;
      if (data === undefined) throw new Error('no data');
      expect(data.fileName).toMatch(/^audit-trail-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
      const text = (await (await fetch(data.url)).text()).replace(/^\uFEFF/, '');
      const lines = text.split('\r\n').filter((l) => l !== '');
      expect(lines).toHaveLength(data.rows + 1);
      return lines;
    };
    const all = await csvOf(admin, { action: 'user.disabled' });
    expect(all[0]).toMatch(/^Sequence,Time \(UTC\),Action,Outcome,Actor email,/);
    expect(all.slice(1).every((l) => l.split(',')[2] === 'user.disabled')).toBe(true);
    expect(all.join('\n')).toContain(inOther.userName);
    const seqs = all.slice(1).map((l) => Number(l.split(',')[0]));
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
    expect(all[1]).toMatch(/,[0-9a-f]{64},[0-9a-f]{64}$/);

    const scoped = await csvOf(orgAdmin, { action: 'user.disabled' });
    expect(scoped.join('\n')).toContain(inOrg.userName);
    expect(scoped.join('\n')).not.toContain(inOther.userName);

    const [exported] = await records(orgAdmin, { action: 'audit.export', actor: orgAdmin.email });
    expect(exported).toMatchObject({ organisationId: ORG, after: { rows: scoped.length - 1 } });
  });

  it('refuses bad input with 400 and the field, before reading anything', async () => {
    const refused = async (body: unknown, field: string) => {
      const res = await list(admin, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error?.code).toBe('VALIDATION_FAILED');
      expect(res.body.error?.fields?.map((f) => f.path).join(','), JSON.stringify(body)).toContain(
        field,
      );
    };
    await refused({ unknown: 1 }, 'unknown');
    await refused({ organisationId: OTHER }, 'organisationId');
    await refused({ from: 'yesterday' }, 'from');
    await refused({ from: '2025-13-45T00:00:00Z' }, 'from');
    await refused({ to: '2025-01-01' }, 'to');
    await refused({ from: '2025-02-01T00:00:00Z', to: '2025-01-01T00:00:00Z' }, 'to');
    await refused({ actor: "' OR 1=1 --" }, 'actor');
    await refused({ actor: { $ne: null } }, 'actor');
    await refused({ target: 'a"; DROP TABLE audit; --' }, 'target');
    await refused({ target: '<script>alert(1)</script>' }, 'target');
    await refused({ action: 'USER.DISABLED' }, 'action');
    await refused({ action: 'user.*' }, 'action');
    await refused({ outcome: 'maybe' }, 'outcome');
    await refused({ limit: 0 }, 'limit');
    await refused({ limit: 101 }, 'limit');
    await refused({ cursor: 'not-a-cursor-of-ours' }, 'cursor');
    expect((await verify(admin)).status).toBe(200);
    const extra = await callApi(c, 'verify-audit-chain', {
      body: { seq: 1 },
      token: admin.idToken,
    });
    expect(extra.status).toBe(400);
  });

  it('needs a token, and verifying the whole chain needs a reader of every organisation', async () => {
    expect((await list(null, {})).status).toBe(401);
    expect((await verify(orgAdmin)).status).toBe(403);
    // An Auditor of one organisation reads its records, not the chain of everyone's.
    const scoped = await verify(orgAuditor);
    expect(scoped.status).toBe(403);
    expect(scoped.body.error?.message).toBe(
      'Only an account that reads every organisation can verify the whole chain.',
    );
    expect((await verify(auditor)).status).toBe(200);
  });

  it('verifies the chain intact, and finds a record overwritten in the table at its seq', async () => {
    const intact = await verify(admin);
    expect(intact.status).toBe(200);
    expect(intact.body.data).toMatchObject({ intact: true, brokenAt: null, reason: null });
    expect(intact.body.data?.records).toBe(await chainLength());

    const [target] = await records(admin, { action: 'user.disabled', target: inOther.email });
    const seq = target?.seq ?? 0;
    const key = { pk: AUDIT_CHAIN_PK, sk: sortKeyOf(seq) };
    const original = (await documents.send(new GetCommand({ TableName: AUDIT_TABLE, Key: key })))
      .Item;
    expect(original).toBeDefined();
    try {
      // An attacker with write access to the table covers their tracks: an unconditional put.
      await documents.send(
        new PutCommand({
          TableName: AUDIT_TABLE,
          Item: { ...original, after: { enabled: true }, organisationId: ORG },
        }),
      );
      const broken = await verify(auditor);
      expect(broken.status).toBe(200);
      expect(broken.body.data).toMatchObject({ intact: false, brokenAt: seq, records: seq - 1 });
      expect(broken.body.data?.reason).toMatch(/altered/);
    } finally {
      // The console is shared with the other test files: put the record back as it was.
      await documents.send(new PutCommand({ TableName: AUDIT_TABLE, Item: original }));
    }
    expect((await verify(admin)).body.data).toMatchObject({ intact: true });
  });
});
