import { routes } from '@ccsc/contract/routes';
import type { MappingRow } from '@ccsc/contract/standard-rows';
import type { z } from 'zod';
import type { SignatureCheck } from '../core/ports/signatures';
import type { StandardRowsStore } from '../core/ports/standard-rows';
import { callerContext, FakeAuditTrail, FakeClock } from '../core/testing/fakes';
import { FakeUserDirectory } from '../core/testing/fake-user-directory';
import { aMappingRow } from '../core/testing/standard-records';
import {
  anOrganisation,
  aSystem,
  MemoryRegistry,
  MemoryRegistryWrites,
} from '../core/testing/memory-registry';
import { publishStandard, type PublishDeps } from './publish-standard.core';
import { createStandard, newVersion } from './write-standards.core';

/** The mapping standards' test world: rows in memory, a seeded registry, callers, inputs. */

class MemoryRows implements StandardRowsStore {
  readonly docs = new Map<string, MappingRow[]>();
  put(standardId: string, rows: readonly MappingRow[]) {
    const key = `standards/${standardId}/rows/${JSON.stringify(rows).length}-${this.docs.size}`;
    this.docs.set(key, structuredClone([...rows]));
    return Promise.resolve(key);
  }
  get(key: string) {
    const rows = this.docs.get(key);
    return rows === undefined ? Promise.reject(new Error('missing')) : Promise.resolve(rows);
  }
}

export const row = aMappingRow;
/** Two rows without problems: a PI CV (personal) and a protocol signature page. */
export const goodRows = (): MappingRow[] => [
  row({
    sourceCode: 'CV-PI',
    sourceName: 'CV – PI',
    artifactNumber: '05.02.04',
    requiredMetadata: ['site', 'personName'],
  }),
  row({ sourceCode: 'PSP', sourceName: 'Protocol signature page', artifactNumber: '05.02.02' }),
];

export const setup = () => {
  const registry = new MemoryRegistry();
  registry.seed([
    { type: 'organisation', record: anOrganisation('SITE', { name: 'Klinik Nord', kind: 'site' }) },
    { type: 'organisation', record: anOrganisation('OTHER', { name: 'Other', kind: 'site' }) },
    { type: 'system', record: aSystem('ISF', 'SITE', { name: 'eISF' }) },
    { type: 'system', record: aSystem('ISF2', 'SITE', { name: 'eISF 2' }) },
    { type: 'system', record: aSystem('X', 'OTHER', { name: 'Other eISF' }) },
  ]);
  const audit = new FakeAuditTrail();
  const directory = new FakeUserDirectory();
  let signature: SignatureCheck = 'verified';
  /** Who was asked to sign (user names), in order: a refusal before the check asks no one. */
  const signed: string[] = [];
  const writes = new MemoryRegistryWrites(registry, audit);
  const deps: PublishDeps & { audit: FakeAuditTrail; exports: { write: () => Promise<never> } } = {
    registry,
    writes,
    rows: new MemoryRows(),
    clock: new FakeClock(),
    audit,
    signatures: {
      verify: (userName) => {
        signed.push(userName);
        return Promise.resolve(signature);
      },
    },
    directory,
    exports: { write: () => Promise.reject(new Error('unused')) },
  };
  return {
    deps,
    audit,
    registry,
    writes,
    directory,
    signed,
    setSignature: (s: SignatureCheck) => {
      signature = s;
    },
  };
};

export const admin = callerContext({ role: 'PlatformAdmin', email: 'admin@example.com' });
export const orgAdmin = callerContext({
  role: 'OrgAdmin',
  organisationId: 'SITE',
  email: 'oa@example.com',
  sub: 'oa',
  userName: 'oa',
});
export const otherAdmin = callerContext({ role: 'OrgAdmin', organisationId: 'OTHER', sub: 'x' });
export const auditor = callerContext({ role: 'Auditor', organisationId: 'SITE', sub: 'au' });

type CreateInput = z.input<(typeof routes)['artifact/create-standard']['request']>;
export const create = (over: Partial<CreateInput> = {}) =>
  routes['artifact/create-standard'].request.parse({
    organisationId: 'SITE',
    name: 'Klinik Nord eISF',
    catalogueVersion: '3.3',
    systemIds: ['ISF'],
    source: { kind: 'import', fileName: 'isf.csv', rows: goodRows() },
    ...over,
  });

export const publishInput = (standardId: string, version: number, revision: number) => ({
  standardId,
  version,
  revision,
  meaning: 'Approved' as const,
  password: 'Secret-123!',
  code: '123456',
});

/** The site's standard with version 1 published (by its OrgAdmin) and version 2 drafted from it. */
export const publishedWithDraft = async (deps: PublishDeps) => {
  const c = await createStandard(create(), orgAdmin, deps);
  const standardId = c.standard.standardId;
  const p = await publishStandard(publishInput(standardId, 1, c.revision), orgAdmin, deps);
  const v2 = await newVersion({ standardId, fromVersion: 1, revision: p.revision }, orgAdmin, deps);
  return { standardId, revision: v2.revision };
};
