import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../core/ports/audit-trail';
import { FakeClock } from '../core/testing/fakes';
import { MemoryAuditChainTable } from '../testing/memory-audit-chain-table';
import {
  APPEND_BATCH,
  canonicalJson,
  chainRecords,
  GENESIS_HASH,
  hashContent,
  HashChainedAuditReader,
  HashChainedAuditTrail,
  INDEX_ATTRIBUTES,
  MAX_ALSO_FOR,
  REDACTED,
  sortKeyOf,
  storedItemOf,
  verifyChain,
  type ChainedContent,
} from './audit-chain';

const entry = (n: number, extra: Partial<AuditEntry> = {}): AuditEntry => ({
  action: 'session.login',
  outcome: 'success',
  actor: { sub: `sub-${n}`, email: `u${n}@example.com`, role: 'Auditor' },
  target: { type: 'user', id: `sub-${n}` },
  source: { ip: '203.0.113.7', userAgent: 'vitest' },
  requestId: `req-${n}`,
  ...extra,
});

const noWait = () => Promise.resolve();

/** A stored item without its key and hash: what its hash covers. */
const contentOf = (item: Record<string, unknown>): ChainedContent =>
  Object.fromEntries(
    Object.entries(item).filter(([k]) => !['pk', 'sk', 'hash'].includes(k)),
  ) as unknown as ChainedContent;

/** A stored item without its index attributes. */
const stripIndexes = (item: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(item).filter(([k]) => !INDEX_ATTRIBUTES.includes(k)));

const chainOf = async (count: number) => {
  const table = new MemoryAuditChainTable();
  const clock = new FakeClock();
  const trail = new HashChainedAuditTrail(table, { clock, backoff: noWait });
  for (let i = 1; i <= count; i += 1) {
    await trail.append(entry(i));
    clock.advance(1000);
  }
  return { table, trail, clock };
};

describe('canonicalJson', () => {
  it('sorts keys at every level and leaves out undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: [{ z: 1, y: 2 }], c: undefined } })).toBe(
      '{"a":{"d":[{"y":2,"z":1}]},"b":1}',
    );
  });
});

describe('HashChainedAuditTrail', () => {
  it('numbers records from 1, stamps server time and links each to its predecessor', async () => {
    const { table } = await chainOf(3);
    const first = table.record(1);
    expect(first).toMatchObject({
      sk: sortKeyOf(1),
      seq: 1,
      at: '2025-01-15T10:00:00.000Z',
      prevHash: GENESIS_HASH,
      action: 'session.login',
      requestId: 'req-1',
    });
    expect(table.record(2).prevHash).toBe(first.hash);
    expect(table.record(3).prevHash).toBe(table.record(2).hash);
    expect(table.record(2).at).toBe('2025-01-15T10:00:01.000Z');
    expect(first.hash).toBe(hashContent(contentOf(first)));
    expect(first.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keeps order under concurrent appends: no two records claim the same predecessor', async () => {
    const table = new MemoryAuditChainTable();
    const trail = new HashChainedAuditTrail(table, { backoff: noWait, maxAttempts: 100 });
    await Promise.all(Array.from({ length: 25 }, (_, i) => trail.append(entry(i))));
    expect(table.items.size).toBe(25);
    expect(table.lostRaces).toBeGreaterThan(0);
    const prevHashes = [...table.items.values()].map((r) => r.prevHash);
    expect(new Set(prevHashes).size).toBe(25);
    expect(await verifyChain(table)).toMatchObject({ ok: true, records: 25 });
  });

  it('appends many entries in order, in batches written at once, interleaved safely', async () => {
    const table = new MemoryAuditChainTable();
    const trail = new HashChainedAuditTrail(table, { backoff: noWait, maxAttempts: 100 });
    const many = Array.from({ length: APPEND_BATCH * 2 + 3 }, (_, i) => entry(i));
    // Single appends race the batches for the same numbers.
    await Promise.all([
      trail.appendAll(many),
      ...Array.from({ length: 10 }, (_, i) => trail.append(entry(1000 + i))),
    ]);
    expect(table.items.size).toBe(many.length + 10);
    expect(await verifyChain(table)).toMatchObject({ ok: true, records: many.length + 10 });
    // The batch's own entries keep their order.
    const ids = [...table.items.values()]
      .map((r) => (r.requestId as string).replace('req-', ''))
      .map(Number)
      .filter((n) => n < 1000);
    expect(ids).toEqual(many.map((_, i) => i));
    await trail.appendAll([]);
    expect(table.items.size).toBe(many.length + 10);
  });

  it('combines the appends of one process to one chain: they never race, each caller’s in order', async () => {
    const table = new MemoryAuditChainTable();
    // Two trails on the same chain, as two handlers of one process have.
    const options = {
      backoff: noWait,
      maxAttempts: 2,
      combineKey: `chain-${String(Math.random())}`,
    };
    const one = new HashChainedAuditTrail(table, options);
    const two = new HashChainedAuditTrail(table, options);
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 === 0 ? one : two).appendAll([entry(i * 10), entry(i * 10 + 1)]),
      ),
    );
    expect(table.lostRaces).toBe(0);
    expect(table.items.size).toBe(80);
    expect(await verifyChain(table)).toMatchObject({ ok: true, records: 80 });
    const order = [...table.items.values()].map((r) => Number((r.requestId as string).slice(4)));
    for (let i = 0; i < 40; i += 1) {
      expect(order.indexOf(i * 10 + 1)).toBe(order.indexOf(i * 10) + 1);
    }
  });

  it('lets one caller’s failing records fail that caller only', async () => {
    const table = new MemoryAuditChainTable();
    const trail = new HashChainedAuditTrail(table, {
      backoff: noWait,
      combineKey: `chain-${String(Math.random())}`,
    });
    const put = table.putAllIfAbsent.bind(table);
    table.putAllIfAbsent = (records) =>
      records.some((r) => r.action === 'bad.record')
        ? Promise.reject(new Error('item too large'))
        : put(records);
    const results = await Promise.allSettled([
      trail.appendAll([entry(1), entry(2)]),
      trail.appendAll([{ ...entry(3), action: 'bad.record' }, entry(4)]),
      trail.appendAll([entry(5), entry(6)]),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(table.items.size).toBe(4);
  });

  it('writes a batch whole or not at all', async () => {
    const table = new MemoryAuditChainTable();
    table.putAllIfAbsent = () => Promise.resolve(false);
    const trail = new HashChainedAuditTrail(table, { backoff: noWait, maxAttempts: 3 });
    await expect(trail.appendAll([entry(1), entry(2)])).rejects.toThrow(/lost the race 3 times/);
    expect(table.items.size).toBe(0);
  });

  it('gives up after its attempts when it keeps losing the race', async () => {
    const table = new MemoryAuditChainTable();
    table.putIfAbsent = () => Promise.resolve(false);
    const trail = new HashChainedAuditTrail(table, { backoff: noWait, maxAttempts: 3 });
    await expect(trail.append(entry(1))).rejects.toThrow(/lost the race 3 times/);
  });

  it('never stores a password, secret, token or TOTP value, whatever it is given', async () => {
    const table = new MemoryAuditChainTable();
    const trail = new HashChainedAuditTrail(table, { backoff: noWait });
    await trail.append(
      entry(1, {
        before: { password: 'Secret123', nested: { qrCode: 'JBSWY3DPEHPK3PXP', role: 'Auditor' } },
        after: {
          clientSecret: 'abc',
          accessToken: 'a.b.c',
          otp: '123456',
          confirmationCode: '654321',
          enabled: false,
        },
      }),
    );
    const stored = JSON.stringify(table.record(1));
    for (const secret of ['Secret123', 'JBSWY3DPEHPK3PXP', 'abc"', 'a.b.c', '123456', '654321']) {
      expect(stored).not.toContain(secret);
    }
    expect(table.record(1).before).toEqual({
      password: REDACTED,
      nested: { qrCode: REDACTED, role: 'Auditor' },
    });
    expect((table.record(1).after as Record<string, unknown>).enabled).toBe(false);
    expect(await verifyChain(table)).toMatchObject({ ok: true, records: 1 });
  });
});

describe('chainRecords', () => {
  it('chains records onto a head, each with its own time, as appends do: the chain verifies', async () => {
    const { table, trail, clock } = await chainOf(3);
    const head = table.record(3);
    const start = clock.now().getTime();
    const loaded = chainRecords(
      [4, 5, 6].map((n) => ({ entry: entry(n), at: new Date(start + n * 60_000) })),
      { seq: head.seq as number, hash: head.hash as string },
    );
    expect(loaded.map((r) => [r.seq, r.at])).toEqual([
      [4, new Date(start + 240_000).toISOString()],
      [5, new Date(start + 300_000).toISOString()],
      [6, new Date(start + 360_000).toISOString()],
    ]);
    expect(loaded[0]?.prevHash).toBe(head.hash);
    expect(await table.putAllIfAbsent(loaded)).toBe(true);
    // What a later append chains on: the loaded head.
    await trail.append(entry(7));
    expect(table.record(7).prevHash).toBe(loaded[2]?.hash);
    expect(await verifyChain(table)).toMatchObject({ ok: true, records: 7 });
  });

  it('makes the very records an append of the same entries at the same time writes', async () => {
    const { table } = await chainOf(0);
    const trail = new HashChainedAuditTrail(table, { clock: new FakeClock(), backoff: noWait });
    // A plain record, and an administrative change of an organisation (in two indexes).
    const entries = [entry(1), entry(2, { action: 'user.updated', organisationId: 'org-1' })];
    await trail.appendAll(entries);
    const at = new Date(table.record(1).at as string);
    const records = chainRecords(
      entries.map((e) => ({ entry: e, at })),
      null,
    );
    expect(records.map(storedItemOf)).toEqual([table.record(1), table.record(2)]);
    expect(table.record(2)).toMatchObject({ gChg: 'CHANGE', gChgOrg: 'org-1' });
  });
});

describe('verifyChain', () => {
  it('accepts an empty chain and an intact one across pages', async () => {
    expect(await verifyChain(new MemoryAuditChainTable())).toEqual({
      ok: true,
      records: 0,
      headHash: GENESIS_HASH,
    });
    const { table } = await chainOf(20);
    expect(await verifyChain(table)).toEqual({
      ok: true,
      records: 20,
      headHash: table.record(20).hash,
    });
  });

  it('finds a record whose content was altered', async () => {
    const { table } = await chainOf(10);
    table.record(6).action = 'session.logout';
    expect(await verifyChain(table)).toMatchObject({ ok: false, records: 5, brokenAt: 6 });
  });

  it('finds an altered record whose own hash was recomputed: at the next link', async () => {
    const { table } = await chainOf(10);
    const forged = table.record(4);
    forged.reason = 'nothing to see';
    forged.hash = hashContent(contentOf(forged));
    const verdict = await verifyChain(table);
    expect(verdict).toMatchObject({ ok: false, brokenAt: 5 });
    expect(verdict.ok ? '' : verdict.reason).toMatch(/predecessor/);
  });

  it('finds a removed record and a record slipped in', async () => {
    const removed = await chainOf(8);
    removed.table.items.delete(sortKeyOf(3));
    expect(await verifyChain(removed.table)).toMatchObject({ ok: false, brokenAt: 3 });

    const inserted = await chainOf(3);
    const extra = { ...inserted.table.record(3), seq: 4, sk: sortKeyOf(4), action: 'x' };
    inserted.table.items.set(sortKeyOf(4), extra);
    expect(await verifyChain(inserted.table)).toMatchObject({ ok: false, brokenAt: 4 });
  });
});

describe('organisationId on records', () => {
  /** A record's content as written before organisationId existed, and its hash then. */
  const legacy: ChainedContent = {
    seq: 7,
    at: '2025-01-15T10:00:00.000Z',
    prevHash: GENESIS_HASH,
    action: 'user.disabled',
    outcome: 'success',
    actor: { sub: 'sub-1', email: 'a@example.com', role: 'PlatformAdmin' },
    target: { type: 'user', id: 'sub-2', label: 'b@example.com' },
    source: { ip: '203.0.113.7', userAgent: 'vitest' },
    requestId: 'req-7',
    before: { enabled: true },
    after: { enabled: false },
  };
  const LEGACY_HASH = '95f52ecac1619af9576b51825cd0d66afe3ec6a0b53506df8315f761ab508e3f';

  it('hashes a record without it exactly as before the field existed', () => {
    expect(hashContent(legacy)).toBe(LEGACY_HASH);
    expect(canonicalJson(legacy)).not.toContain('organisationId');
  });

  it('is stored and hashed when given (null too), and left out when not', async () => {
    const { table, trail } = await chainOf(1);
    await trail.append(entry(2, { organisationId: 'site-001' }));
    await trail.append(entry(3, { organisationId: null }));
    expect('organisationId' in table.record(1)).toBe(false);
    expect(table.record(2).organisationId).toBe('site-001');
    expect(table.record(3).organisationId).toBeNull();
    expect(await verifyChain(table)).toMatchObject({ ok: true, records: 3 });
  });

  it('keeps a chain of old and new records verifiable, and catches an organisation changed', async () => {
    const { table, trail } = await chainOf(3);
    await trail.append(entry(4, { organisationId: 'site-001' }));
    await trail.append(entry(5));
    expect(await verifyChain(table)).toMatchObject({ ok: true, records: 5 });
    table.record(4).organisationId = 'sponsor-002';
    expect(await verifyChain(table)).toMatchObject({ ok: false, brokenAt: 4 });
  });

  it('catches an organisation slipped into an old record', async () => {
    const { table } = await chainOf(3);
    table.record(2).organisationId = 'site-001';
    expect(await verifyChain(table)).toMatchObject({ ok: false, brokenAt: 2 });
  });
});

describe('a record about several organisations (issue 37: audited exactly once)', () => {
  const invited = (n: number) =>
    entry(n, {
      action: 'connection.invited',
      actor: { sub: 'sub-1', email: 'a@example.com', role: 'OrgAdmin' },
      target: { type: 'connection', id: 'conn-1' },
      organisationId: 'sponsor-1',
      alsoFor: ['site-1', 'cro-1', 'sponsor-1', 'site-1'],
    });
  const window = { from: null, to: null, after: null };

  it('is one record of the chain, in each organisation’s view and once in the hub’s', async () => {
    const { table, trail } = await chainOf(1);
    await trail.append(invited(2));
    await trail.append(entry(3));
    // The chain: three records; the others' places beside it, not in it.
    expect(await verifyChain(table)).toMatchObject({ ok: true, records: 3 });
    expect(table.record(2).alsoFor).toEqual(['cro-1', 'site-1']);
    expect([...table.alsoItems.keys()]).toEqual([
      `${sortKeyOf(2)}#cro-1`,
      `${sortKeyOf(2)}#site-1`,
    ]);
    const reader = new HashChainedAuditReader(table);
    const seqsOf = async (organisationId: string | null) =>
      (await reader.readView({ view: 'changes', organisationId }, window, 10)).map(
        ({ item }) => item.seq,
      );
    expect(await seqsOf(null)).toEqual([2]);
    expect(await seqsOf('sponsor-1')).toEqual([2]);
    expect(await seqsOf('site-1')).toEqual([2]);
    expect(await seqsOf('cro-1')).toEqual([2]);
    expect(await seqsOf('other-1')).toEqual([]);
    expect(await reader.countView({ view: 'changes', organisationId: null }, window)).toBe(1);
    // Each place holds the record itself: its content and hash.
    const [, site] = await Promise.all([
      reader.readView({ view: 'changes', organisationId: 'sponsor-1' }, window, 1),
      reader.readView({ view: 'changes', organisationId: 'site-1' }, window, 1),
    ]);
    expect(hashContent(contentOf(stripIndexes(site[0]?.item ?? {})))).toBe(table.record(2).hash);
  });

  it('hashes who else it is about: an organisation added or removed breaks the chain', async () => {
    const { table, trail } = await chainOf(1);
    await trail.append(invited(2));
    table.record(2).alsoFor = ['cro-1'];
    expect(await verifyChain(table)).toMatchObject({ ok: false, brokenAt: 2 });
  });

  it('is written whole with its places, batches within 100 items; never about more than 25', async () => {
    const table = new MemoryAuditChainTable();
    const trail = new HashChainedAuditTrail(table, { backoff: noWait });
    await trail.appendAll([invited(1), entry(2), invited(3)]);
    expect(table.alsoItems.size).toBe(4);
    // Eight records about 25 organisations each: 200 items, in transactions of 100 or fewer.
    const wide = (n: number) => ({
      ...invited(n),
      alsoFor: Array.from({ length: MAX_ALSO_FOR }, (_, i) => `org-${String(n)}-${String(i)}`),
    });
    const sizes: number[] = [];
    const putAll = table.putAllIfAbsent.bind(table);
    table.putAllIfAbsent = (records) => {
      sizes.push(records.reduce((sum, r) => sum + 1 + (r.alsoFor?.length ?? 0), 0));
      return putAll(records);
    };
    await trail.appendAll(Array.from({ length: 8 }, (_, i) => wide(4 + i)));
    expect(Math.max(...sizes)).toBeLessThanOrEqual(100);
    expect(table.alsoItems.size).toBe(4 + 8 * MAX_ALSO_FOR);
    await expect(
      trail.append({ ...wide(20), alsoFor: [...wide(20).alsoFor, 'one-too-many'] }),
    ).rejects.toThrow('at most 25 organisations');
    expect(await verifyChain(table)).toMatchObject({ ok: true, records: 11 });
  });
});

describe('reading back', () => {
  it('reads newest first below a sequence number, at most as many as asked', async () => {
    const { table } = await chainOf(10);
    const reader = new HashChainedAuditReader(table);
    expect((await reader.readNewestFirst(null, 3)).map((r) => r.seq)).toEqual([10, 9, 8]);
    expect((await reader.readNewestFirst(8, 3)).map((r) => r.seq)).toEqual([7, 6, 5]);
    expect((await reader.readNewestFirst(3, 5)).map((r) => r.seq)).toEqual([2, 1]);
    expect(await reader.readNewestFirst(1, 5)).toEqual([]);
    expect(await reader.verify()).toMatchObject({ ok: true, records: 10 });
  });
});
