import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { expect, inject } from 'vitest';
import { integrityOf, zipEntries, type ZipEntrySource } from '@ccsc/lambdas/exchange';
import { emsBatch, emsObject } from '@ccsc/lambdas/testing';
import { connectedStudy } from '../support/connected-study';
import { type ConnectionRow, type Network, ok, registryCall } from '../support/registry';
/**
 * The eTMF-EMS import's fixture (issue 17), shared by `document-imports.test.ts` and
 * `document-imports-refusals.test.ts`: a network whose sponsor has a study with a site connected,
 * packages built with the lambdas' own writer, and the calls the console's page makes. Each test
 * file sets up its own network (`beforeAll(setUpImportStudy)`) on the one integration console.
 */

export const c = inject('console');

export const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
export const pdf = (text: string): Buffer =>
  Buffer.concat([Buffer.from(`%PDF-1.7\n% ${text}\n`), randomBytes(1024), Buffer.from('%%EOF\n')]);

export interface Detail {
  importId: string;
  state: string;
  objects: number;
  files: number;
  filed: number;
  alreadyFiled: number;
  notFiled: number;
  conflicts: number;
  rejection: string | null;
  problems: { line: number; message: string }[];
  notFiledList: { objectId: string; reason: string; detail: string }[];
  batch: { transferSourceId: string } | null;
}
export interface Filed {
  seq: number;
  objectId: string;
  artifactNumber: string;
  level: string;
  siteNumber: string | null;
  connectionId: string | null;
  fileName: string;
  sha256: string;
}

export let n: Network;
export let studyId: string;
export let connection: ConnectionRow;

/** A zip of these entries, as bytes. */
export const zipOf = async (
  entries: (Omit<ZipEntrySource, 'modified' | 'data'> & {
    data: Buffer | ZipEntrySource['data'];
  })[],
): Promise<Buffer> => {
  const chunks: Uint8Array[] = [];
  const modified = new Date('2026-10-01T09:00:00Z');
  const sources = entries.map((e): ZipEntrySource => ({
    ...e,
    modified,
    data: Buffer.isBuffer(e.data) ? Readable.from([e.data]) : e.data,
  }));
  for await (const chunk of zipEntries(sources)) {
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
};

/** The package's batch and an object, as the lambdas' import tests build them. */
export { emsBatch as batch, emsObject as object };

export const file = (name: string, contentUrl: string, bytes: Buffer) => ({
  integrity: integrityOf(sha(bytes)),
  fileName: name,
  contentUrl,
  signatures: [],
  auditRecords: [],
});

/** Announce, PUT to the presigned link, import (again while it says importing). */
export const importPackage = async (
  zip: Buffer,
  who: Network['admin'] = n.people.sponsorAdmin,
  fileName = 'cro-transfer.zip',
  into: string = studyId,
): Promise<Detail> => {
  const started = await ok<{
    import: { importId: string; state: string };
    upload: { url: string; headers: Record<string, string> };
  }>(c, who, 's3documents/import-etmf-upload', { studyId: into, fileName, size: zip.length });
  expect(started.import.state).toBe('awaiting-upload');
  const put = await fetch(started.upload.url, {
    method: 'PUT',
    headers: started.upload.headers,
    body: new Uint8Array(zip),
  });
  expect(put.status).toBe(200);
  let detail: Detail;
  do {
    detail = (
      await ok<{ import: Detail }>(c, who, 's3documents/import-etmf', {
        importId: started.import.importId,
      })
    ).import;
  } while (detail.state === 'importing');
  return detail;
};

// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the answer's shape, named by the caller
export const read = async <T>(
  op: string,
  query: Record<string, string>,
  who = n.people.sponsorAdmin,
) => {
  const res = await registryCall<T>(
    c,
    who,
    `${op}?${new URLSearchParams(query).toString()}`,
    undefined,
    'GET',
  );
  return { status: res.status, data: res.body.data as T };
};
export const setUpImportStudy = async (): Promise<void> => {
  ({ n, studyId, connection } = await connectedStudy(c, 'Imports', {
    title: 'A trial taking over the TMF of a CRO',
    phase: 'phase-3',
    siteNumber: '301',
  }));
};
