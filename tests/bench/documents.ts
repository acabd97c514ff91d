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
 *    ≤ 500 ms (median, p95 logged), with the time of each step logged (issue 17);
 * 3. the 20 systems sending (announce, PUT 10–50 KB, complete) for 60 s while the receiver
 *    follows its inbox and acknowledges, each trying a call again on a 5xx as a partner would:
 *    no 5xx (nor a call left unanswered), every document announced in a final state (delivered
 *    or acknowledged, or held with a reason: one in twenty is of a type the sender's standard
 *    does not map), and the inbox holds every delivered one exactly once, in increasing sequence
 *    without gaps. Logged: documents a second, each call's time under load, and how many of the
 *    documents the audit trail lacks a record of a step for.
 * Issue 34's budgets, counted with the content check and the malware scan by clamd (the bench
 * requires it: MALWARE_SCANNER=clamd; without clamd it stops and says so):
 * 2. also from the completion call until the receiver's inbox lists the document ≤ 500 ms
 *    (median, p95 logged), the file a real PDF of 1 MB;
 * 4. an eTMF-EMS export of 10,000 documents (500 sent through the API, each scanned, the rest
 *    their copies) streamed: the live heap of this process, which runs the console and so the
 *    export's handler, grows ≤ 100 MB (a full collection before each sample; the raw peak logged);
 * 5. an eTMF-EMS package of 1,000 objects imported into a study of the history, every file's
 *    checksum verified, from the announce to the report saying completed ≤ 60 s, all 1,000 filed.
 * The documents the measures sent have their files in the documents bucket (DocumentBench.sent),
 * the seeded history has none.
 *
 * BENCH_DOCUMENTS (default 100,000), BENCH_BURST_SECONDS (default 60), BENCH_EXPORT_DOCUMENTS
 * (default 10,000) and BENCH_IMPORT_OBJECTS (default 1,000) make a quicker run. The history is
 * made with a fixed-seed generator, so runs compare.
 *
 * Here the measures' order; the settings and a partner system's calls in documents-kit.ts, the
 * network's types and shape in documents-types.ts, the network in documents-network.ts, the
 * history in documents-history.ts, the measures in documents-list.ts (1), documents-send.ts (2,
 * 3), documents-export.ts (4) and documents-import.ts (5).
 */
import { performance } from 'node:perf_hooks';
import { findClamd } from '@ccsc/mock-server';
import { withConsole } from './support';
import type { BenchResult } from './users';
import { buildBench } from './documents-network';
import type { DocumentMeasure } from './documents-types';
import { measureConcurrentSenders, measureSendToInbox } from './documents-send';
import { measureDocumentList } from './documents-list';
import { measureEtmfExport } from './documents-export';
import { measureEtmfImport } from './documents-import';
import { seconds } from './documents-kit';

/** The measures, in the order they run (the list's first: the later ones add documents). */
const MEASURES: readonly DocumentMeasure[] = [
  measureDocumentList,
  measureSendToInbox,
  measureConcurrentSenders,
  measureEtmfExport,
  measureEtmfImport,
];

/**
 * Issue 34's budgets count the content check and the malware scan, so the console scans with the
 * real engine, clamd (Debian's clamav-daemon) and the project's signatures, never the EICAR-only
 * stand-in: without clamd the bench stops and says so.
 */
const requireClamd = async (): Promise<string> => {
  const clamd = await findClamd(process.env.CLAMD_PATH);
  if (clamd === undefined) {
    throw new Error(
      'The document bench needs clamd: its budgets (issue 34) include the malware scan, measured ' +
        "with the real engine. Install Debian's clamav-daemon (apt-get install clamav-daemon, as " +
        '.ci/run does) or name the binary in CLAMD_PATH; the stand-in is not measured.',
    );
  }
  return clamd;
};

/** `/config.json` names the engine that scans; the bench runs only on clamd. */
const scanningEngine = async (url: string): Promise<string> => {
  const config = (await (await fetch(`${url}/config.json`)).json()) as {
    malwareScanning?: { engine?: string; version?: string };
  };
  const { engine, version } = config.malwareScanning ?? {};
  if (engine !== 'clamd') throw new Error(`the console scans with ${String(engine)}, not clamd`);
  return version ?? 'clamd';
};

export const measureDocuments = async (
  dataDir: string,
  log: (line: string) => void,
): Promise<BenchResult[]> => {
  const clamd = await requireClamd();
  return withConsole(
    dataDir,
    async (c, admin) => {
      log(`documents: scanning with ${await scanningEngine(c.url)} (${clamd})`);
      const bench = await buildBench(c, admin, log);
      const results: BenchResult[] = [];
      for (const measure of MEASURES) {
        const started = performance.now();
        results.push(...(await measure(bench)));
        log(`documents: ${measure.name} took ${seconds(performance.now() - started)}`);
      }
      return results;
    },
    { MALWARE_SCANNER: 'clamd', CLAMD_PATH: clamd },
  );
};
