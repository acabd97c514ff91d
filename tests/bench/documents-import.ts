/**
 * Document measure 5: importing an eTMF-EMS package of 1,000 objects, every file's checksum
 * verified, ≤ 60 s (issue 34; `documents.ts`).
 */
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { type EmsObject, exchangeXml, integrityOf, utf8, zipEntries } from '@ccsc/lambdas/exchange';
import { emsBatch, emsObject } from '@ccsc/lambdas/testing';
import { callApi } from '../support/api';
import type { DocumentMeasure, TypeRow } from './documents-types';
import { SITE_COUNTRIES, SITE_SENDS } from './documents-types';
import { CATALOGUE, ms, type PdfFile, pdfFile, seconds } from './documents-kit';

/** BENCH_IMPORT_OBJECTS makes a quicker run. */
const IMPORT_OBJECTS = Number(process.env.BENCH_IMPORT_OBJECTS ?? 1000);
/** 50 KB each: a package of some 50 MB, every byte of it hashed once by the import. */
const IMPORT_FILE_BYTES = 50 * 1024;
/** The site countries' ISO 3166 alpha-3 codes, as COUNTRYID writes them. */
const ALPHA3: Record<string, string> = { DE: 'DEU', FR: 'FRA', ES: 'ESP', IT: 'ITA', PL: 'POL' };

/** The catalogue's permanent unique ID of an artifact (UNIQUEID must agree with it). */
const uniqueIdOf = (artifactNumber: string): number => {
  const found = CATALOGUE.zones
    .flatMap((z) => z.sections.flatMap((s) => s.artifacts))
    .find((a) => a.number === artifactNumber);
  if (found === undefined) throw new Error(`no artifact ${artifactNumber} in the catalogue`);
  return Number(found.uniqueId);
};

interface ImportReport {
  importId: string;
  state: string;
  objects: number;
  files: number;
  filed: number;
  alreadyFiled: number;
  notFiled: number;
  conflicts: number;
  rejection: string | null;
  notFiledList: { objectId: string; reason: string; detail: string }[];
}

/** A zip of these entries, as bytes, written by the lambdas' own zip writer. */
const zipOf = async (
  entries: { path: string; data: Uint8Array | AsyncIterable<Uint8Array>; deflate?: boolean }[],
) => {
  const chunks: Uint8Array[] = [];
  const modified = new Date();
  for await (const chunk of zipEntries(
    entries.map((e) => ({
      path: e.path,
      modified,
      deflate: e.deflate === true,
      data: e.data instanceof Uint8Array ? Readable.from([e.data]) : e.data,
    })),
  )) {
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
};

/**
 * A CRO's package for one of the history's studies, built as the integration tests build theirs
 * (`integration/document-imports-kit.ts`: the lambdas' writer, `emsBatch`, `emsObject`): 1,000
 * objects of one real PDF each, every fifth the study's TMF plan at trial level, the others the
 * site documents the sites send (not about a person), at the study's five sites with their
 * SITEID and COUNTRYID, each with its SHA-256 as INTEGRITY in the Subresource Integrity form.
 * Imported as the console's page does it: announce (s3documents/import-etmf-upload), PUT the zip
 * to the presigned link, then s3documents/import-etmf again while it answers `importing`. Timed
 * from the announce to the report that says completed; every object must be filed.
 */
export const measureEtmfImport: DocumentMeasure = async (bench) => {
  const { c, admin, log } = bench;
  const first = bench.historic.connections[0];
  if (first === undefined) throw new Error('no historic connection');
  const { studyId } = first;
  const sites = bench.historic.connections.filter((h) => h.studyId === studyId);
  const siteTypes = SITE_SENDS.filter((t) => !t.person);
  const built = performance.now();
  const files: { path: string; file: PdfFile }[] = [];
  const objects: EmsObject[] = Array.from({ length: IMPORT_OBJECTS }, (_, i) => {
    const file = pdfFile(IMPORT_FILE_BYTES);
    const n = String(i + 1).padStart(4, '0');
    const objectId = `CRO-OBJ-${n}`;
    const trial = i % 5 === 0;
    const type = siteTypes[i % siteTypes.length] as TypeRow;
    const site = sites[i % sites.length];
    if (site === undefined) throw new Error('the study has no site');
    const artifactNumber = trial ? '01.01.01' : type.artifact;
    const fileName = `${trial ? 'TMF Plan' : type.name} ${n}.pdf`;
    const path = `${artifactNumber.slice(0, 2)}/${artifactNumber.slice(0, 5)}/${artifactNumber}/${objectId}/${fileName}`;
    files.push({ path, file });
    return emsObject({
      objectId,
      artifactNumber,
      uniqueId: uniqueIdOf(artifactNumber),
      objectTitle: trial ? `TMF Plan, part ${n}` : `${type.name}, site ${site.siteNumber}, ${n}`,
      ...(trial
        ? {}
        : {
            objectLevel: 'Site' as const,
            siteId: site.siteNumber,
            countryId: ALPHA3[SITE_COUNTRIES[bench.sites.indexOf(site.site)] ?? 'DE'] ?? 'DEU',
          }),
      files: [
        {
          integrity: integrityOf(file.sha256),
          fileName,
          contentUrl: path,
          signatures: [],
          auditRecords: [],
        },
      ],
    });
  });
  const zip = await zipOf([
    ...files.map(({ path, file }) => ({ path, data: file.bytes })),
    {
      path: 'exchange.xml',
      data: utf8(exchangeXml({ ...emsBatch, transferId: `T-${String(Date.now())}` }, objects)),
      deflate: true,
    },
  ]);
  log(
    `documents: an eTMF-EMS package of ${String(IMPORT_OBJECTS)} objects ` +
      `(${(zip.length / 1024 / 1024).toFixed(1)} MB) built in ${seconds(performance.now() - built)}`,
  );

  const started = performance.now();
  const announced = await callApi(c, 's3documents/import-etmf-upload', {
    token: admin.idToken,
    body: { studyId, fileName: 'cro-transfer-bench.zip', size: zip.length },
  });
  if (announced.status !== 200) {
    throw new Error(
      `import-etmf-upload: ${String(announced.status)} ${JSON.stringify(announced.body)}`,
    );
  }
  const { import: started_, upload } = (
    announced.body as {
      data: {
        import: { importId: string };
        upload: { url: string; headers: Record<string, string> };
      };
    }
  ).data;
  const putStarted = performance.now();
  const put = await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: zip });
  if (put.status !== 200) throw new Error(`import PUT: ${String(put.status)} ${await put.text()}`);
  const putMs = performance.now() - putStarted;
  const calls: number[] = [];
  let report: ImportReport;
  do {
    const called = performance.now();
    const res = await callApi(c, 's3documents/import-etmf', {
      token: admin.idToken,
      body: { importId: started_.importId },
    });
    calls.push(performance.now() - called);
    if (res.status !== 200) {
      throw new Error(`import-etmf: ${String(res.status)} ${JSON.stringify(res.body)}`);
    }
    report = (res.body as { data: { import: ImportReport } }).data.import;
  } while (report.state === 'importing');
  const took = performance.now() - started;
  log(
    `documents: eTMF-EMS import of ${String(report.objects)} objects, ${String(report.files)} files: ` +
      `${report.state} in ${seconds(took)} (PUT of the package ${ms(putMs)}, ` +
      `${String(calls.length)} import calls, the longest ${ms(Math.max(...calls))}); filed ` +
      `${String(report.filed)}, already filed ${String(report.alreadyFiled)}, not filed ` +
      `${String(report.notFiled)}, conflicts ${String(report.conflicts)}`,
  );
  const complete =
    report.state === 'completed' &&
    report.files === IMPORT_OBJECTS &&
    report.filed === IMPORT_OBJECTS &&
    report.notFiled === 0 &&
    report.conflicts === 0;
  if (!complete) {
    throw new Error(
      `import: not every object was filed: ${JSON.stringify({ ...report, notFiledList: report.notFiledList.slice(0, 5) })}`,
    );
  }
  // Counted after the clock stopped: the import's filed list (s3documents/import-get, as the
  // report's page shows it), every object of the package there once, with the SHA-256 we sent.
  const sent = new Map(objects.map((o, i) => [o.objectId, files[i]?.file.sha256]));
  const filed = new Set<string>();
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({
      importId: started_.importId,
      ...(cursor === null ? {} : { cursor }),
    });
    const res = await callApi(c, `s3documents/import-get?${query.toString()}`, {
      method: 'GET',
      token: admin.idToken,
    });
    if (res.status !== 200) {
      throw new Error(`import-get: ${String(res.status)} ${JSON.stringify(res.body)}`);
    }
    const page = (
      res.body as {
        data: { objects: { objectId: string; sha256: string }[]; nextCursor: string | null };
      }
    ).data;
    for (const o of page.objects) {
      if (sent.get(o.objectId) === o.sha256) filed.add(o.objectId);
    }
    cursor = page.nextCursor;
  } while (cursor !== null);
  if (filed.size !== IMPORT_OBJECTS) {
    throw new Error(
      `import: ${String(filed.size)} of ${String(IMPORT_OBJECTS)} objects in the filed list with their checksum`,
    );
  }
  log(
    `documents: the import's filed list holds all ${String(filed.size)} objects, each with its SHA-256`,
  );
  return [
    {
      name: `eTMF-EMS import of ${String(IMPORT_OBJECTS)} objects (${(zip.length / 1024 / 1024).toFixed(0)} MB), all verified and filed`,
      value: took / 1000,
      unit: 's',
      budget: 60,
    },
  ];
};
