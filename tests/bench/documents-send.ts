/**
 * Document measures 2 and 3: a 1 MB document from send to the receiver's inbox, and 20 systems
 * sending at once (`documents.ts`).
 */
import { performance } from 'node:perf_hooks';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { TABLES, tableName } from '@ccsc/lambdas/data-model';
import { AUDIT_CHAIN_PK } from '@ccsc/lambdas/adapters';
import type { ConsoleInfo } from '../support/console';
import { median } from './support';
import {
  BURST_SECONDS,
  inbox,
  inboxEnd,
  inPool,
  LATENCY_SAMPLES,
  localDynamo,
  ms,
  ONE_MB,
  partner,
  type PdfFile,
  pdfFile,
  percentile,
  type ReceivedDocument,
  RETRIES,
  sendDocument,
  type Sender,
  type SendOutcome,
  type SentDocument,
  withRetries,
} from './documents-kit';
import {
  type DocumentMeasure,
  SITE_SENDS,
  type TypeRow,
  UNMAPPED_SITE_TYPE,
} from './documents-types';
import { PEOPLE } from './documents-history';

export const measureSendToInbox: DocumentMeasure = async (bench) => {
  const { c, log, receiver } = bench;
  const sender = bench.senders[0];
  if (sender === undefined) throw new Error('no sender');
  const files = Array.from({ length: LATENCY_SAMPLES + 1 }, () => pdfFile(ONE_MB));
  let cursor = await inboxEnd(c, receiver);
  const totals: number[] = [];
  /** From the completion call to the inbox listing it: the content check, the scan, delivery. */
  const fromCompletion: number[] = [];
  const steps: number[][] = [[], [], [], []];
  const pollCounts: number[] = [];
  for (let i = 0; i <= LATENCY_SAMPLES; i += 1) {
    const file = files[i] as PdfFile;
    const started = performance.now();
    const sent = await sendDocument(
      c,
      sender,
      file,
      { typeCode: 'PROT-SIG', title: `Protocol signature page, 1 MB, ${String(i)}` },
      `bench-1mb-${String(Date.now())}-${String(i)}`,
      1,
      false,
    );
    const scanning = sent.document?.state;
    if (sent.documentId === null || (scanning !== 'awaiting-scan' && scanning !== 'delivered')) {
      throw new Error(`1 MB send: ${sent.errors.join(' | ') || JSON.stringify(sent.document)}`);
    }
    // The receiver asks its inbox until the document is there (available to it: delivered),
    // 5 ms apart, so the asking does not take the cores the scan and the delivery need.
    const polled = performance.now();
    let found = false;
    let polls = 0;
    while (!found) {
      const page = await inbox(c, receiver, cursor);
      polls += 1;
      if (page.data === undefined) throw new Error(`inbox: ${String(page.status)}`);
      cursor = page.data.nextCursor;
      found = page.data.documents.some((d) => d.documentId === sent.documentId);
      if (!found && performance.now() - started > 10_000) {
        const state = await partner<{ document: SentDocument }>(
          c,
          sender.token,
          'GET',
          `documents/${sent.documentId}`,
        );
        throw new Error(
          `${sent.documentId} not in the inbox after 10 s: ${JSON.stringify(state.data?.document)}`,
        );
      }
      if (!found) await new Promise((r) => setTimeout(r, 5));
    }
    bench.sent.push(sent.documentId);
    // The first is a warm-up (the copies of the registry and the standards' rows are read).
    if (i === 0) continue;
    const total = performance.now() - started;
    totals.push(total);
    fromCompletion.push(total - (sent.steps[0] ?? 0) - (sent.steps[1] ?? 0));
    sent.steps.forEach((value, k) => steps[k]?.push(value));
    steps[3]?.push(performance.now() - polled);
    pollCounts.push(polls);
  }
  const [announce, put, complete, inboxCall] = steps.map((s) => median(s));
  log(
    `documents: 1 MB send → in the receiver's inbox: median ${ms(median(totals))}, ` +
      `p95 ${ms(percentile(totals, 95))} of ${String(totals.length)} ` +
      `(medians: announce ${ms(announce ?? 0)}, PUT ${ms(put ?? 0)}, complete ${ms(complete ?? 0)}, ` +
      `from the completion's answer until the inbox lists it ${ms(inboxCall ?? 0)}, ` +
      `${String(median(pollCounts))} inbox calls)`,
  );
  log(
    `documents: 1 MB completion → available to the receiver (content check, clamd scan, ` +
      `delivery, the inbox call): median ${ms(median(fromCompletion))}, ` +
      `p95 ${ms(percentile(fromCompletion, 95))} of ${String(fromCompletion.length)}`,
  );
  return [
    {
      name: `documents: 1 MB send to available in the inbox (median of ${String(totals.length)})`,
      value: median(totals),
      unit: 'ms',
      budget: 500,
    },
    {
      name: `documents: 1 MB completion to available, clamd (median of ${String(fromCompletion.length)})`,
      value: median(fromCompletion),
      unit: 'ms',
      budget: 500,
    },
  ];
};

// ---------- 3. 20 systems sending at once ----------

/** The actions the audit trail holds for each of `documentIds` (read from its table, after). */
const auditedActions = async (
  c: ConsoleInfo,
  documentIds: ReadonlySet<string>,
): Promise<Map<string, Set<string>>> => {
  const { db, close } = localDynamo(c);
  const actions = new Map<string, Set<string>>();
  try {
    let start: Record<string, unknown> | undefined;
    do {
      const page = await db.send(
        new QueryCommand({
          TableName: tableName('local', TABLES.audit),
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': AUDIT_CHAIN_PK },
          ExpressionAttributeNames: { '#action': 'action', '#target': 'target' },
          ProjectionExpression: '#action, #target',
          ...(start === undefined ? {} : { ExclusiveStartKey: start }),
        }),
      );
      for (const item of page.Items ?? []) {
        const id = (item.target as { id?: unknown } | undefined)?.id;
        if (typeof id !== 'string' || !documentIds.has(id)) continue;
        const known = actions.get(id) ?? new Set<string>();
        known.add(String(item.action));
        actions.set(id, known);
      }
      start = page.LastEvaluatedKey;
    } while (start !== undefined);
  } finally {
    close();
  }
  return actions;
};

export const measureConcurrentSenders: DocumentMeasure = async (bench) => {
  const { c, log, receiver, senders } = bench;
  const statuses = new Map<number, number>();
  const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
  const failures: string[] = [];
  const sends: { sender: Sender; outcome: SendOutcome }[] = [];
  const steps: number[][] = [[], [], []];
  const files = Array.from({ length: 32 }, (_, i) =>
    pdfFile(10_000 + Math.round((i * 40_000) / 31)),
  );
  const runId = String(Date.now());

  // The receiver follows its inbox from where it is, and acknowledges what came.
  let cursor = await inboxEnd(c, receiver);
  const seen: ReceivedDocument[] = [];
  let sending = true;
  const acknowledging = new Set<Promise<void>>();
  let drainBy = Infinity;
  const follow = async () => {
    for (;;) {
      if (performance.now() > drainBy) {
        failures.push('inbox: not drained 30 s after the senders stopped');
        return;
      }
      const page = await inbox(c, receiver, cursor);
      count(page.status);
      if (page.data === undefined) {
        failures.push(`inbox: ${String(page.status)} ${page.error ?? ''}`);
        await new Promise((r) => setTimeout(r, 200));
        continue;
      }
      cursor = page.data.nextCursor;
      for (const d of page.data.documents) {
        seen.push(d);
        const acknowledged: SendOutcome = {
          documentId: d.documentId,
          document: null,
          statuses: [],
          steps: [],
          errors: [],
        };
        const ack: Promise<void> = withRetries(RETRIES, acknowledged, 'acknowledge', () =>
          partner(c, receiver.token, 'POST', `documents/${d.documentId}/acknowledge`, {}),
        ).then(() => {
          acknowledged.statuses.forEach(count);
          failures.push(...acknowledged.errors);
          acknowledging.delete(ack);
        });
        acknowledging.add(ack);
        while (acknowledging.size >= 4) await Promise.race(acknowledging);
      }
      if (!page.data.hasMore) {
        if (!sending && page.data.documents.length === 0) return;
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  };

  const started = performance.now();
  const deadline = started + BURST_SECONDS * 1000;
  const following = follow();
  await Promise.all(
    senders.map(async (sender, s) => {
      for (let n = 0; performance.now() < deadline; n += 1) {
        const unmapped = (n + s) % 20 === 19;
        const type = SITE_SENDS[(n + s) % SITE_SENDS.length] as TypeRow;
        const sent = await sendDocument(
          c,
          sender,
          files[(n * 7 + s) % files.length] as PdfFile,
          unmapped
            ? { typeCode: UNMAPPED_SITE_TYPE, title: 'Form FDA 1572' }
            : {
                typeCode: type.code,
                title: `${type.name}, site ${sender.siteNumber}, ${String(n)}`,
                ...(type.person ? { personName: PEOPLE[n % PEOPLE.length] ?? 'Jana Müller' } : {}),
              },
          `bench-${runId}-${String(s)}-${String(n)}`,
          RETRIES,
        );
        sent.statuses.forEach(count);
        sent.steps.forEach((value, k) => steps[k]?.push(value));
        failures.push(...sent.errors);
        sends.push({ sender, outcome: sent });
      }
    }),
  );
  const sendingMs = performance.now() - started;
  sending = false;
  drainBy = performance.now() + 30_000;
  await following;
  await Promise.all(acknowledging);

  // Every document announced, read back as its sender sees it.
  const announced = sends.flatMap(({ sender, outcome }) =>
    outcome.documentId === null ? [] : [{ sender, documentId: outcome.documentId }],
  );
  const abandoned = sends.length - announced.length;
  const finals = await inPool(announced, 8, async (a) => {
    const res = await partner<{ document: SentDocument }>(
      c,
      a.sender.token,
      'GET',
      `documents/${a.documentId}`,
    );
    count(res.status);
    return res.data?.document ?? null;
  });
  const final = (d: SentDocument | null) =>
    d !== null &&
    (d.state === 'delivered' ||
      d.state === 'acknowledged' ||
      (d.state === 'held' && d.holdReason !== null));
  const delivered = new Set(
    finals
      .filter((d) => d?.state === 'delivered' || d?.state === 'acknowledged')
      .map((d) => d?.documentId),
  );
  const held = finals.filter((d) => d?.state === 'held').length;
  // The inbox: each delivered document once, in increasing sequence, without gaps.
  const inInbox = new Map<string, number>();
  let disorder = 0;
  let previous: number | null = null;
  for (const d of seen) {
    inInbox.set(d.documentId, (inInbox.get(d.documentId) ?? 0) + 1);
    if (previous !== null && d.sequence !== previous + 1) disorder += 1;
    previous = d.sequence;
  }
  const duplicated = [...inInbox.values()].filter((n) => n > 1).length;
  const missing = [...delivered].filter((id) => id !== undefined && !inInbox.has(id)).length;
  const strangers = [...inInbox.keys()].filter((id) => !delivered.has(id)).length;
  const notFinal = finals.filter((d) => !final(d)).length;
  const lost = notFinal + missing;
  const serverErrors = [...statuses].reduce(
    (sum, [status, n]) => sum + (status >= 500 || status === 0 ? n : 0),
    0,
  );
  const perSecond = (delivered.size + held) / (sendingMs / 1000);
  // Every step a document took is in the audit trail (in both organisations' records).
  const audited = await auditedActions(c, new Set(announced.map((a) => a.documentId)));
  const lacking = (action: string, documents: (SentDocument | null)[]) =>
    documents.filter((d) => d !== null && audited.get(d.documentId)?.has(action) !== true).length;
  const uploaded = finals.filter((d) => d !== null && d.state !== 'awaiting-upload');
  const acknowledged = finals.filter((d) => d?.state === 'acknowledged');
  for (const a of announced) bench.sent.push(a.documentId);
  const [announce, put, complete] = steps;
  log(
    `documents: ${String(senders.length)} systems × ${String(BURST_SECONDS)} s: ${String(sends.length)} sends, ` +
      `${String(abandoned)} given up after ${String(RETRIES)} failed announces, ${String(announced.length)} announced, ` +
      `${String(delivered.size)} delivered (and acknowledged), ${String(held)} held, ${String(notFinal)} not final, ` +
      `${String(missing)} delivered but not in the inbox, ${String(strangers)} in the inbox unannounced; ` +
      `${perSecond.toFixed(1)} documents/s; answers ${JSON.stringify(Object.fromEntries(statuses))}`,
  );
  log(
    `documents: under load, announce median ${ms(median(announce ?? []))} p95 ${ms(percentile(announce ?? [], 95))}, ` +
      `PUT ${ms(median(put ?? []))} p95 ${ms(percentile(put ?? [], 95))}, ` +
      `complete ${ms(median(complete ?? []))} p95 ${ms(percentile(complete ?? [], 95))}; ` +
      `inbox: ${String(seen.length)} entries, ${String(duplicated)} duplicated, ${String(disorder)} out of sequence`,
  );
  log(
    `documents: the audit trail lacks document.sent for ${String(lacking('document.sent', finals))} of ` +
      `${String(finals.length)} documents announced, document.received for ` +
      `${String(lacking('document.received', uploaded))} of ${String(uploaded.length)} completed, ` +
      `document.acknowledged for ${String(lacking('document.acknowledged', acknowledged))} of ` +
      `${String(acknowledged.length)} acknowledged`,
  );
  const distinct = [...new Set(failures)];
  if (distinct.length > 0) {
    log(
      `documents: ${String(failures.length)} failed calls, e.g. ${distinct.slice(0, 5).join(' | ')}`,
    );
  }
  const label = `documents: ${String(senders.length)} systems sending ${String(BURST_SECONDS)} s`;
  return [
    { name: `${label}, 5xx or unanswered`, value: serverErrors, unit: '', budget: 0 },
    { name: `${label}, documents lost`, value: lost, unit: '', budget: 0 },
    {
      name: `${label}, inbox duplicates or out of sequence`,
      value: duplicated + disorder + strangers,
      unit: '',
      budget: 0,
    },
  ];
};
