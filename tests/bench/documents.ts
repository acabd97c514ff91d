/**
 * The document exchange at volume (issue 17), on a console of its own (`BENCH_ONLY=documents`).
 *
 * The network is made through the API, as its administrators make it: a sponsor whose eTMF
 * receives everything sent in the live study arm (one shared inbox, the hard case for its
 * sequence); five sites with four systems each, the 20 senders, each in one active connection of
 * its own (every site in each of four studies, through a different system); each organisation's
 * mapping standard published with its OrgAdmin's e-signature; an API credential per system,
 * issued and revealed as the console does it. Beside it the history: a second sponsor's three
 * studies (one with a CRO) at the same five sites, over which 100,000 documents are written
 * straight into the documents table, each item as the adapter's `itemOf` writes it, with the
 * idempotency keys and inbox entries the API would have left (through the API they would take
 * hours). The sites carry unequal shares of it, and every state is there, some 6% held, each for
 * a reason the published standards agree with (the scheduled release of held documents, every
 * minute offline, walks them and finds nothing to change).
 *
 * The measures run in MEASURES' order, each a DocumentMeasure on the same bench:
 * 1. the documents list's first page (`s3documents/list`, the page the web app asks for) with
 *    100,000 documents, as a PlatformAdmin and as the OrgAdmin of the site with the smallest
 *    share, unfiltered and held only: each ≤ 300 ms (median); a Query of the same index on
 *    dynalite alone is logged beside each, to tell the store from the handler;
 * 2. a 1 MB document from the start of its announce, through the PUT of its file and its
 *    completion, until the receiver's inbox call (`since` its previous cursor) returns it:
 *    ≤ 500 ms (median, p95 logged), with the time of each step logged;
 * 3. the 20 systems sending (announce, PUT 10–50 KB, complete) for 60 s while the receiver
 *    follows its inbox and acknowledges, each trying a call again on a 5xx as a partner would:
 *    no 5xx (nor a call left unanswered), every document announced in a final state (delivered
 *    or acknowledged, or held with a reason: one in twenty is of a type the sender's standard
 *    does not map), and the inbox holds every delivered one exactly once, in increasing sequence
 *    without gaps. Logged: documents a second, each call's time under load, and how many of the
 *    documents the audit trail lacks a record of a step for.
 * The eTMF-EMS export of 1,000 documents in constant memory is one more DocumentMeasure, appended
 * to MEASURES when the export call exists; the documents the measures above sent have their files
 * in the documents bucket (DocumentBench.sent), the seeded history has none.
 *
 * BENCH_DOCUMENTS (default 100,000) and BENCH_BURST_SECONDS (default 60) make a quicker run.
 * The history is made with a fixed-seed generator, so runs compare.
 *
 * Here the measures' order; the settings and a partner system's calls in documents-kit.ts, the
 * network's types and shape in documents-types.ts, the network in documents-network.ts, the
 * history in documents-history.ts, the measures in documents-list.ts (1), documents-send.ts (2,
 * 3) and documents-export.ts (the export).
 */
import { performance } from 'node:perf_hooks';
import { withConsole } from './support';
import type { BenchResult } from './users';
import { buildBench } from './documents-network';
import type { DocumentMeasure } from './documents-types';
import { measureConcurrentSenders, measureSendToInbox } from './documents-send';
import { measureDocumentList } from './documents-list';
import { measureEtmfExport } from './documents-export';
import { seconds } from './documents-kit';

/** The measures, in the order they run (the list's first: the later ones add documents). */
const MEASURES: readonly DocumentMeasure[] = [
  measureDocumentList,
  measureSendToInbox,
  measureConcurrentSenders,
  measureEtmfExport,
];

export const measureDocuments = async (
  dataDir: string,
  log: (line: string) => void,
): Promise<BenchResult[]> =>
  withConsole(dataDir, async (c, admin) => {
    const bench = await buildBench(c, admin, log);
    const results: BenchResult[] = [];
    for (const measure of MEASURES) {
      const started = performance.now();
      results.push(...(await measure(bench)));
      log(`documents: ${measure.name} took ${seconds(performance.now() - started)}`);
    }
    return results;
  });
