import { describe, expect, it } from 'vitest';
import { blankRow, type MappingRow } from '@ccsc/contract/standard-rows';
import { standardRoutes } from '@ccsc/contract/standards';
import type { StandardRowsStore } from '../core/ports/standard-rows';
import { FakeUserDirectory } from '../core/testing/fake-user-directory';
import { callerContext, FakeAuditTrail, FakeClock } from '../core/testing/fakes';
import {
  anOrganisation,
  aSystem,
  MemoryRegistry,
  MemoryRegistryWrites,
} from '../core/testing/memory-registry';
import { createStandard } from '../standards/write-standards.core';
import { publishThenRelease, type PublishThenReleaseDeps } from './publish-then-release';

class MemoryRows implements StandardRowsStore {
  readonly docs = new Map<string, MappingRow[]>();
  put(standardId: string, rows: readonly MappingRow[]) {
    const key = `standards/${standardId}/rows/${String(this.docs.size)}`;
    this.docs.set(key, structuredClone([...rows]));
    return Promise.resolve(key);
  }
  get(key: string) {
    const rows = this.docs.get(key);
    return rows === undefined ? Promise.reject(new Error('missing')) : Promise.resolve(rows);
  }
}

const orgAdmin = callerContext({
  role: 'OrgAdmin',
  organisationId: 'SITE',
  email: 'oa@example.com',
  sub: 'oa',
  userName: 'oa',
});

/** A site with one system and a draft standard for it; the held documents as `page` says. */
const setup = async (page: PublishThenReleaseDeps['release']['documents']['page']) => {
  const registry = new MemoryRegistry();
  registry.seed([
    { type: 'organisation', record: anOrganisation('SITE', { name: 'Klinik', kind: 'site' }) },
    { type: 'system', record: aSystem('ISF', 'SITE', { name: 'eISF' }) },
  ]);
  const audit = new FakeAuditTrail();
  const errors: unknown[][] = [];
  const pages: unknown[] = [];
  const rows = new MemoryRows();
  const deps: PublishThenReleaseDeps & { audit: FakeAuditTrail } = {
    registry,
    writes: new MemoryRegistryWrites(registry, audit),
    rows,
    clock: new FakeClock(),
    audit,
    signatures: { verify: () => Promise.resolve('verified') },
    directory: new FakeUserDirectory(),
    release: {
      documents: {
        page: (query) => {
          pages.push(query);
          return page(query);
        },
        get: () => Promise.resolve(null),
      },
      writes: { run: () => Promise.reject(new Error('nothing to release')) },
      registry,
      rows,
    },
    logger: { error: (...args: unknown[]) => errors.push(args) },
  };
  const created = await createStandard(
    standardRoutes['artifact/create-standard'].request.parse({
      organisationId: 'SITE',
      name: 'Klinik eISF',
      catalogueVersion: '3.3',
      systemIds: ['ISF'],
      source: {
        kind: 'import',
        fileName: 'isf.csv',
        rows: [
          {
            ...blankRow(),
            sourceCode: 'PSP',
            sourceName: 'Signature page',
            artifactNumber: '05.02.02',
            filingLevel: 'site',
            requiredMetadata: ['site'],
          },
        ],
      },
    }),
    orgAdmin,
    deps,
  );
  const input = {
    standardId: created.standard.standardId,
    version: 1,
    revision: created.revision,
    meaning: 'Approved' as const,
    password: 'Secret-123!',
    code: '123456',
  };
  return { deps, input, errors, pages };
};

describe('a standard published, then the documents held for it released', () => {
  it('publishes, then looks through the held documents', async () => {
    const { deps, input, pages, errors } = await setup(() =>
      Promise.resolve({ records: [], last: null }),
    );
    const out = await publishThenRelease(input, orgAdmin, deps);
    expect(out.standard.status).toBe('published');
    expect(pages).toEqual([expect.objectContaining({ list: 'held' })]);
    expect(errors).toEqual([]);
  });

  it('answers the publication even when the release fails, and says so in the log', async () => {
    const { deps, input, errors } = await setup(() => Promise.reject(new Error('store down')));
    const out = await publishThenRelease(input, orgAdmin, deps);
    expect(out.standard.status).toBe('published');
    expect(errors).toEqual([
      [
        'held documents not released after a publication',
        expect.objectContaining({ error: 'store down' }),
      ],
    ]);
  });

  it('releases nothing when the publication is refused', async () => {
    const { deps, input, pages } = await setup(() => Promise.resolve({ records: [], last: null }));
    deps.signatures = { verify: () => Promise.resolve('wrong' as const) };
    await expect(publishThenRelease(input, orgAdmin, deps)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    expect(pages).toEqual([]);
  });
});
