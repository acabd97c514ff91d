import { describe, expect, it } from 'vitest';
import { routes } from '@ccsc/contract/routes';
import type { Caller, RequestContext } from '../core/request';
import { MemoryExports } from '../core/testing/memory-exports';
import { readCsv } from '@ccsc/formats/read-csv';
import { downloadStandard } from './download-standard.core';
import { createStandard } from './write-standards.core';
import {
  admin,
  auditor,
  create,
  goodRows,
  orgAdmin,
  otherAdmin,
  setup,
} from './standards-test-kit';

/**
 * artifact/download: one version as CSV (the columns an import reads) or JSON (its details,
 * signature and rows), through the exports bucket behind a short link; audited in the
 * standard's organisation's trail. A standard out of reach is not there (404), nothing written.
 */

const world = async () => {
  const w = setup();
  const exports = new MemoryExports(w.deps.clock);
  const deps = { ...w.deps, exports };
  const created = await createStandard(
    create({ name: 'Klinik Nord – eISF (Köln)' }),
    orgAdmin,
    deps,
  );
  return { ...w, deps, exports, standardId: created.standard.standardId };
};

const download = async (
  w: Awaited<ReturnType<typeof world>>,
  who: RequestContext<Caller>,
  query: { format: string; version?: string; standardId?: string },
) => {
  const route = routes['artifact/download'];
  return route.response.parse(
    await downloadStandard(
      route.request.parse({ standardId: w.standardId, version: '1', ...query }),
      who,
      w.deps,
    ),
  );
};

describe('artifact/download', () => {
  it('downloads a version as CSV through the exports store, audited', async () => {
    const { deps, audit } = setup();
    const c = await createStandard(create(), orgAdmin, deps);
    let written = '';
    const result = await downloadStandard(
      { standardId: c.standard.standardId, version: 1, format: 'csv' },
      auditor,
      {
        ...deps,
        exports: {
          write: async (_key, lines, meta) => {
            for await (const l of lines) written += l;
            return {
              url: `https://exports.example/${meta.fileName}`,
              expiresAt: new Date(),
              bytes: 1,
            };
          },
        },
      },
    );
    expect(result.fileName).toBe('klinik-nord-eisf-v1.csv');
    expect(written.split('\r\n')[0]).toBe(
      '\uFEFFsource_code,source_name,source_path,artifact_number,sub_artifact,filing_level,required_metadata,equivalence,comment',
    );
    expect(audit.entries.at(-1)?.action).toBe('standard.exported');
  });

  it('writes the version as CSV whose rows read back as the rows, named after the standard, and audits it', async () => {
    const w = await world();
    const link = await download(w, auditor, { format: 'csv' });
    expect(link).toEqual({
      url: expect.stringContaining('klinik-nord-eisf-koln-v1.csv') as unknown,
      expiresAt: '2025-01-15T10:05:00.000Z',
      fileName: 'klinik-nord-eisf-koln-v1.csv',
    });
    const written = w.exports.last();
    expect(written).toMatchObject({ contentType: 'text/csv; charset=utf-8' });
    expect(written?.key).toMatch(/^standards\/au\//);
    const table = readCsv(written?.bytes.toString('utf8') ?? '').records.map((r) => r.cells);
    expect(table.slice(1).map((cells) => cells[0])).toEqual(goodRows().map((r) => r.sourceCode));
    expect(w.audit.entries.at(-1)).toMatchObject({
      action: 'standard.exported',
      outcome: 'success',
      organisationId: 'SITE',
      actor: { role: 'Auditor' },
      after: { version: 1, format: 'csv', rowCount: 2 },
    });
  });

  it('writes JSON with the version’s details and its rows', async () => {
    const w = await world();
    const link = await download(w, admin, { format: 'json' });
    expect(link.fileName).toBe('klinik-nord-eisf-koln-v1.json');
    const written = w.exports.last();
    expect(written?.contentType).toBe('application/json');
    const parsed: unknown = JSON.parse(written?.bytes.toString('utf8') ?? 'null');
    expect(parsed).toMatchObject({
      standard: {
        standardId: w.standardId,
        version: 1,
        status: 'draft',
        name: 'Klinik Nord – eISF (Köln)',
      },
      rows: goodRows(),
    });
    expect(w.audit.entries.at(-1)?.after).toMatchObject({ format: 'json', rowCount: 2 });
  });

  it('answers 404 for another organisation’s standard, an unknown one or version, writing and recording nothing', async () => {
    const w = await world();
    const audited = w.audit.entries.length;
    for (const [who, query] of [
      [otherAdmin, { format: 'csv' }],
      [admin, { format: 'csv', version: '2' }],
      [admin, { format: 'json', standardId: 'std-00000000none' }],
    ] as const) {
      await expect(download(w, who, query)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(w.exports.written).toEqual([]);
    expect(w.audit.entries).toHaveLength(audited);
  });
});
