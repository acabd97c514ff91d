/**
 * Document measure 1: the documents list's first page with the history seeded (`documents.ts`).
 */
import { performance } from 'node:perf_hooks';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  DOCUMENT_HELD_KEY,
  DOCUMENT_HUB_KEY,
  DOCUMENT_INDEXES,
  TABLES,
  tableName,
} from '@ccsc/lambdas/data-model';
import { callApi } from '../support/api';
import { median } from './support';
import type { BenchResult } from './users';
import type { DocumentMeasure } from './documents-types';
import {
  LIST_RUNS,
  localDynamo,
  ms,
  PAGE,
  percentile,
  seconds,
  SEEDED_DOCUMENTS,
} from './documents-kit';
import { seedHistory } from './documents-history';

// ---------- 1. the documents list with 100,000 documents ----------

export const measureDocumentList: DocumentMeasure = async (bench) => {
  const { c, admin, log } = bench;
  const seeding = performance.now();
  const seeded = await seedHistory(bench, SEEDED_DOCUMENTS);
  const seedMs = performance.now() - seeding;
  log(
    `documents: seeded ${seeded.documents.toLocaleString('en')} documents (${seeded.held.toLocaleString('en')} held; ` +
      `${seeded.items.toLocaleString('en')} items with their idempotency keys, inbox entries and ` +
      `${seeded.counters.toLocaleString('en')} counter items) ` +
      `in ${seconds(seedMs)}, ${(seeded.items / (seedMs / 1000)).toFixed(0)} items/s`,
  );
  // The OrgAdmin of the site with the smallest share: most of the held list is others'.
  const site = bench.sites.reduce((a, b) => (b.share < a.share ? b : a));
  const { db, close } = localDynamo(c);
  const table = tableName('local', TABLES.documents);
  /** The adapter's first Query of a list (limit 100), on dynalite alone. */
  const storeOnly = async (index: keyof typeof DOCUMENT_INDEXES, key: string) => {
    const { index: name, attribute } = DOCUMENT_INDEXES[index];
    const runs: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const started = performance.now();
      await db.send(
        new QueryCommand({
          TableName: table,
          IndexName: name,
          KeyConditionExpression: '#k = :k AND gSent BETWEEN :lower AND :upper',
          ExpressionAttributeNames: { '#k': attribute },
          ExpressionAttributeValues: { ':k': key, ':lower': '0', ':upper': '~' },
          ScanIndexForward: false,
          Limit: 100,
        }),
      );
      runs.push(performance.now() - started);
    }
    return median(runs);
  };
  const cases = [
    {
      label: 'PlatformAdmin',
      user: admin,
      query: '',
      index: 'hub' as const,
      key: DOCUMENT_HUB_KEY,
    },
    {
      label: `OrgAdmin of the smallest site (${String(site.share * 100)}%)`,
      user: site.admin,
      query: '',
      index: 'site' as const,
      key: site.org.organisationId,
    },
    {
      label: 'held, PlatformAdmin',
      user: admin,
      query: 'state=held&',
      index: 'held' as const,
      key: DOCUMENT_HELD_KEY,
    },
    {
      label: `held, OrgAdmin of the smallest site`,
      user: site.admin,
      query: 'state=held&',
      index: 'held' as const,
      key: DOCUMENT_HELD_KEY,
    },
  ];
  const results: BenchResult[] = [];
  try {
    for (const one of cases) {
      const call = async () => {
        const started = performance.now();
        const res = await callApi(c, `s3documents/list?${one.query}limit=${String(PAGE)}`, {
          method: 'GET',
          token: one.user.idToken,
        });
        const took = performance.now() - started;
        if (res.status !== 200) {
          throw new Error(
            `s3documents/list (${one.label}): ${String(res.status)} ${JSON.stringify(res.body).slice(0, 300)}`,
          );
        }
        const data = (res.body as { data: { documents: unknown[]; total: number | null } }).data;
        return { took, documents: data.documents, total: data.total };
      };
      const first = await call();
      const runs: number[] = [];
      for (let i = 0; i < LIST_RUNS; i += 1) runs.push((await call()).took);
      const store = await storeOnly(one.index, one.key);
      log(
        `documents list, ${one.label}: median ${ms(median(runs))}, p95 ${ms(percentile(runs, 95))} ` +
          `of ${String(LIST_RUNS)} (first call ${ms(first.took)}; ${String(first.documents.length)} a page; ` +
          `total ${first.total === null ? 'not counted' : first.total.toLocaleString('en')}` +
          `${one.label === 'held, PlatformAdmin' ? `, ${seeded.held.toLocaleString('en')} seeded held` : ''}); ` +
          `dynalite alone, the first Query of its index (100 items): ${ms(store)}`,
      );
      results.push({
        name: `documents list first page, ${seeded.documents.toLocaleString('en')} documents, ${one.label.replace(/ \(.*\)$/, '')} (median)`,
        value: median(runs),
        unit: 'ms',
        budget: 300,
      });
    }
  } finally {
    close();
  }
  return results;
};
