import { BatchGetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { HOLD_REASONS, type HoldReason } from '@ccsc/contract/documents';
import {
  DOCUMENT_HELD_KEY,
  DOCUMENT_INDEXES,
  DOCUMENT_STATS_SHARDS,
  documentStatsHeldKey,
  TABLES,
  tableName,
} from '@ccsc/lambdas/data-model';
import { dynamodbDocuments } from '../support/aws';
import { type Network } from '../support/registry';
import { c, n, pdf, read, send, setUpDocuments, studyId } from './documents-kit';

/**
 * The document list's totals, from the counters (issue 18), through the running console: the held
 * list's and a day's totals equal to their rows for every caller, and the held counters equal to
 * the held index. The fixture: `documents-kit.ts`.
 */

beforeAll(setUpDocuments, 180_000);

describe('the document list’s total, from the counters (issue 18)', () => {
  interface ListAnswer {
    documents: { documentId: string }[];
    nextCursor: string | null;
    total: number | null;
  }
  type Who = Network['admin'];

  /** Every row of the list, page by page, and the totals its pages answered. */
  const readAll = async (who: Who, query: Record<string, string>) => {
    const rows: string[] = [];
    const totals = new Set<number | null>();
    let cursor: string | null = null;
    do {
      const page: ListAnswer = (
        await read<ListAnswer>(who, 's3documents/list', {
          ...query,
          limit: '100',
          ...(cursor === null ? {} : { cursor }),
        })
      ).data;
      rows.push(...page.documents.map((d) => d.documentId));
      totals.add(page.total);
      cursor = page.nextCursor;
    } while (cursor !== null);
    return { rows, totals: [...totals] };
  };

  const shapes = (day: string): Record<string, string>[] => [
    { state: 'held' },
    { state: 'held', holdKind: 'mapping' },
    { state: 'held', holdKind: 'sender' },
    { sentFrom: day, sentTo: day, direction: 'site-to-sponsor' },
    { sentFrom: day, sentTo: day, direction: 'site-to-sponsor', delivered: 'true' },
  ];

  it('answers the held list’s and a day’s totals, equal to the rows, for a PlatformAdmin and OrgAdmins', async () => {
    const day = new Date().toISOString().slice(0, 10);
    const callers: [string, Who][] = [
      ['PlatformAdmin', n.admin],
      ['site OrgAdmin', n.people.siteAdmin],
      ['sponsor OrgAdmin', n.people.sponsorAdmin],
    ];
    const totalsOf = async (who: Who) =>
      Promise.all(
        shapes(day).map(
          async (q) => (await read<ListAnswer>(who, 's3documents/list', q)).data.total,
        ),
      );
    const before = await Promise.all(callers.map(([, who]) => totalsOf(who)));
    const otherBefore = await totalsOf(n.people.otherSiteAdmin);

    // One delivered, one held for a mapping (a type nobody maps), one held for its file.
    const file = pdf('counted');
    const made = [
      await send(file, {
        typeCode: 'CV-SIGNED',
        title: 'CV, counted',
        personName: 'Jana Müller',
      }),
      await send(file, { typeCode: 'IT-NEVER-MAPPED', title: 'Unmapped, counted' }),
      await send(
        file,
        { typeCode: 'MED-LIC', personName: 'Jana Müller', title: 'Tampered, counted' },
        Buffer.concat([file.subarray(0, 30), Buffer.from('x'), file.subarray(31)]),
      ),
    ];
    const stored = [];
    for (const m of made) {
      const { document } = (
        await read<{ document: { sentAt: string; state: string; holdReason: string | null } }>(
          n.admin,
          's3documents/get',
          { documentId: m.document.documentId },
        )
      ).data;
      expect(document.sentAt.slice(0, 10), 'sent on the day the test began').toBe(day);
      stored.push([document.state, document.holdReason]);
    }
    expect(stored).toEqual([
      ['delivered', null],
      ['held', 'sender-type-unmapped'],
      ['held', 'checksum-mismatch'],
    ]);

    // Held +2 (mapping +1, sender +1); the day, site to sponsor, +3, delivered +1: for each.
    const expected = [2, 1, 1, 3, 1];
    for (const [i, [label, who]] of callers.entries()) {
      const after = await totalsOf(who);
      expect(
        after.map((t, j) => (t ?? NaN) - (before[i]?.[j] ?? NaN)),
        label,
      ).toEqual(expected);
      for (const query of shapes(day)) {
        const { rows, totals } = await readAll(who, query);
        expect(totals, `${label} ${JSON.stringify(query)}`).toEqual([rows.length]);
      }
    }
    // Another site's administrator: none of them.
    expect(await totalsOf(n.people.otherSiteAdmin)).toEqual(otherBefore);
    // Filters the counters do not answer: no total.
    expect(
      (
        await read<ListAnswer>(n.admin, 's3documents/list', {
          state: 'held',
          studyId,
        })
      ).data.total,
    ).toBeNull();
  }, 90_000);

  it('keeps the held counts equal to the documents in the held index, for the hub and an organisation', async () => {
    const db = dynamodbDocuments(c);
    const table = tableName('local', TABLES.documents);
    const countIndex = async () => {
      const hub = new Map<string, number>();
      const site = new Map<string, number>();
      let start: Record<string, unknown> | undefined;
      do {
        const page = await db.send(
          new QueryCommand({
            TableName: table,
            IndexName: DOCUMENT_INDEXES.held.index,
            KeyConditionExpression: '#k = :k',
            ExpressionAttributeNames: { '#k': DOCUMENT_INDEXES.held.attribute },
            ExpressionAttributeValues: { ':k': DOCUMENT_HELD_KEY },
            ...(start === undefined ? {} : { ExclusiveStartKey: start }),
          }),
        );
        for (const item of page.Items ?? []) {
          const reason = String(item.holdReason);
          hub.set(reason, (hub.get(reason) ?? 0) + 1);
          if (item.siteOrganisationId === n.site.organisationId) {
            site.set(reason, (site.get(reason) ?? 0) + 1);
          }
        }
        start = page.LastEvaluatedKey;
      } while (start !== undefined);
      return { hub, site };
    };
    const countersOf = async (scope: string) => {
      const keys = Array.from({ length: DOCUMENT_STATS_SHARDS }, (_, s) =>
        documentStatsHeldKey(scope, s),
      );
      const out = await db.send(
        new BatchGetCommand({ RequestItems: { [table]: { Keys: keys, ConsistentRead: true } } }),
      );
      const counts = new Map<string, number>();
      for (const item of out.Responses?.[table] ?? []) {
        for (const reason of HOLD_REASONS) {
          const value = Number(item[`held_${reason}`] ?? 0);
          if (value !== 0) counts.set(reason, (counts.get(reason) ?? 0) + value);
        }
      }
      return counts;
    };
    const sorted = (m: Map<string, number>) =>
      [...m].filter(([, v]) => v !== 0).sort(([a], [b]) => (a < b ? -1 : 1)) as [
        HoldReason,
        number,
      ][];
    // The release job may move a document between the reads: read again until both agree.
    let last: unknown;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const index = await countIndex();
      const hub = await countersOf('ALL');
      const site = await countersOf(`site#${n.site.organisationId}`);
      last = {
        index: [sorted(index.hub), sorted(index.site)],
        counters: [sorted(hub), sorted(site)],
      };
      if (
        JSON.stringify(sorted(index.hub)) === JSON.stringify(sorted(hub)) &&
        JSON.stringify(sorted(index.site)) === JSON.stringify(sorted(site))
      ) {
        expect(sorted(hub).length).toBeGreaterThan(0);
        return;
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(last).toEqual('the held index and the held counters agreeing');
  });

  it('lists the held queue oldest first on asking, page by page through the index', async () => {
    const queue = async (order: 'oldest' | 'newest') => {
      const rows: string[] = [];
      let cursor: string | null = null;
      do {
        const page: {
          documents: { documentId: string; sentAt: string }[];
          nextCursor: string | null;
        } = (
          await read<{
            documents: { documentId: string; sentAt: string }[];
            nextCursor: string | null;
          }>(n.admin, 's3documents/list', {
            state: 'held',
            order,
            limit: '2',
            ...(cursor === null ? {} : { cursor }),
          })
        ).data;
        rows.push(...page.documents.map((d) => `${d.sentAt}#${d.documentId}`));
        cursor = page.nextCursor;
      } while (cursor !== null);
      return rows;
    };
    const oldest = await queue('oldest');
    expect(oldest.length).toBeGreaterThan(1);
    expect(oldest).toEqual([...oldest].sort());
    // Each in its own order (the release job may move a document between the two reads).
    const newest = await queue('newest');
    expect(newest.length).toBeGreaterThan(1);
    expect(newest).toEqual([...newest].sort().reverse());
  });
});
