import { describe, expect, it } from 'vitest';
import { routes } from '@ccsc/contract/routes';
import type { CredentialRecord } from '../core/ports/credentials';
import { aCredential } from '../core/testing/credential-records';
import { callerContext } from '../core/testing/fakes';
import type { Caller, RequestContext } from '../core/request';
import { as, world, written, type Who } from './credential-test-kit';
import { listCredentials } from './list-credentials.core';

/** list-api-credentials: what the caller may see, filtered and paged, newest first. */

/** Now is 2026-01-10T09:00Z (the kit's clock). */
const SEEDED: CredentialRecord[] = [
  aCredential('a-active', { createdAt: '2026-01-05T00:00:00.000Z' }),
  aCredential('a-pending', {
    status: 'pending',
    revealedAt: null,
    revision: 1,
    createdAt: '2026-01-09T00:00:00.000Z',
  }),
  // Active, 20 days from its expiry: shown as expiring.
  aCredential('a-soon', {
    validUntil: '2026-01-30T00:00:00.000Z',
    createdAt: '2026-01-04T00:00:00.000Z',
  }),
  aCredential('a-revoked', {
    status: 'revoked',
    revokedAt: '2026-01-08T00:00:00.000Z',
    revokedBy: 'admin@example.com',
    createdAt: '2026-01-03T00:00:00.000Z',
  }),
  // Past its date: expired, whatever is stored.
  aCredential('a-old', {
    validUntil: '2026-01-09T00:00:00.000Z',
    createdAt: '2026-01-02T00:00:00.000Z',
  }),
  aCredential('b-active', {
    organisationId: 'B',
    systemId: 'b-eisf',
    createdAt: '2026-01-07T00:00:00.000Z',
  }),
];

const seeded = () => {
  const w = world();
  for (const record of SEEDED) w.credentials.records.set(record.apiId, record);
  // One was called by its system.
  w.credentials.uses.set('a-active', '2026-01-09T12:00:00.000Z');
  return w;
};

const ids = async (
  w: ReturnType<typeof world>,
  ctx: RequestContext<Caller>,
  query: Record<string, unknown> = {},
) =>
  (
    await listCredentials(routes['list-api-credentials'].request.parse(query), ctx, w.deps)
  ).credentials.map((c) => c.apiId);

describe('list-api-credentials', () => {
  it('answers the credentials newest first, as shown (names, status as of now), with count and total', async () => {
    const w = seeded();
    const out = await listCredentials({}, as('admin'), w.deps);
    expect(routes['list-api-credentials'].response.parse(out)).toEqual(out);
    expect(out.credentials.map((c) => c.apiId)).toEqual([
      'a-pending',
      'b-active',
      'a-active',
      'a-soon',
      'a-revoked',
      'a-old',
    ]);
    expect(out).toMatchObject({ count: 6, total: 6, nextCursor: null });
    const byId = new Map(out.credentials.map((c) => [c.apiId, c]));
    expect(byId.get('b-active')).toMatchObject({
      organisationName: 'Klinik Süd',
      systemName: 'Süd eISF',
      status: 'active',
    });
    expect(byId.get('a-soon')?.status).toBe('expiring');
    expect(byId.get('a-old')?.status).toBe('expired');
    expect(byId.get('a-active')?.lastUsedAt).toBe('2026-01-09T12:00:00.000Z');
  });

  it('shows each caller what lies within their reach, and nothing to an account without an organisation', async () => {
    const w = seeded();
    const everything = ['a-pending', 'b-active', 'a-active', 'a-soon', 'a-revoked', 'a-old'];
    const ofA = everything.filter((id) => id.startsWith('a-'));
    const table: [Who, string[]][] = [
      ['admin', everything],
      ['auditorAll', everything],
      ['orgAdminA', ofA],
      ['auditorA', ofA],
      ['orgAdminB', ['b-active']],
    ];
    for (const [who, expected] of table) expect(await ids(w, as(who)), who).toEqual(expected);
    const placeless = callerContext({ role: 'OrgAdmin', organisationId: null });
    expect(await ids(w, placeless)).toEqual([]);
    // A filter on another organisation does not widen the reach.
    expect(await ids(w, as('orgAdminB'), { organisationId: 'A' })).toEqual([]);
  });

  it('filters by status as shown, organisation, system, never used, and searches names and client ids', async () => {
    const w = seeded();
    const admin = as('admin');
    expect(await ids(w, admin, { status: 'active' })).toEqual(['b-active', 'a-active']);
    expect(await ids(w, admin, { status: 'expiring' })).toEqual(['a-soon']);
    expect(await ids(w, admin, { status: 'expired' })).toEqual(['a-old']);
    expect(await ids(w, admin, { status: 'revoked' })).toEqual(['a-revoked']);
    expect(await ids(w, admin, { status: 'pending' })).toEqual(['a-pending']);
    expect(await ids(w, admin, { organisationId: 'B' })).toEqual(['b-active']);
    expect(await ids(w, admin, { systemId: 'a-eisf', status: 'active' })).toEqual(['a-active']);
    // Usable and never called: not the revoked, the expired or the one called.
    expect(await ids(w, admin, { use: 'never' })).toEqual(['a-pending', 'b-active', 'a-soon']);
    // The start of any word, accents and case ignored; or the start of the client id.
    expect(await ids(w, admin, { search: 'sud' })).toEqual(['b-active']);
    expect(await ids(w, admin, { search: 'EISF', status: 'pending' })).toEqual(['a-pending']);
    expect(await ids(w, admin, { search: 'client-a-s' })).toEqual(['a-soon']);
    expect(await ids(w, admin, { search: 'ord' })).toEqual([]);
  });

  it('pages with a cursor bound to its query, and refuses one of another query on cursor', async () => {
    const w = seeded();
    const admin = as('admin');
    const first = await listCredentials({ limit: 4 }, admin, w.deps);
    expect(first).toMatchObject({ count: 4, total: 6 });
    expect(first.nextCursor).not.toBeNull();
    const second = await listCredentials(
      { limit: 4, cursor: first.nextCursor ?? '' },
      admin,
      w.deps,
    );
    expect(second.credentials.map((c) => c.apiId)).toEqual(['a-revoked', 'a-old']);
    expect(second).toMatchObject({ count: 2, total: 6, nextCursor: null });
    for (const cursor of [first.nextCursor ?? '', 'not-a-cursor']) {
      await expect(
        listCredentials({ limit: 4, cursor, status: 'active' }, admin, w.deps),
      ).rejects.toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path: 'cursor' }] });
    }
  });

  it('reads only: nothing is written or audited', async () => {
    const w = seeded();
    const before = written(w);
    await listCredentials({}, as('orgAdminA'), w.deps);
    expect(written(w)).toEqual(before);
  });
});
