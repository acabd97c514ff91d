import { blankRow, type MappingRow } from '@ccsc/contract/standard-rows';
import type { StandardRecord, StandardVersionRecord } from '../ports/registry';

/** Mapping standards for tests: every field filled, made up; what a test cares about given. */

const AT = '2025-01-10T09:00:00.000Z';

/** One version of a standard; a published or retired one is signed, a draft not. */
export const aStandardVersion = (
  version: number,
  status: StandardVersionRecord['status'],
  more: Partial<StandardVersionRecord> = {},
): StandardVersionRecord => ({
  version,
  status,
  name: `Standard v${String(version)}`,
  description: null,
  systemIds: [],
  product: null,
  rowsKey: `rows-${String(version)}`,
  rowCount: 1,
  problemCount: 0,
  basedOnVersion: version > 1 ? version - 1 : null,
  createdAt: AT,
  createdBy: 'admin@example.com',
  updatedAt: AT,
  updatedBy: 'admin@example.com',
  signature:
    status === 'draft'
      ? null
      : {
          signerName: 'Ada Admin',
          signerEmail: 'admin@example.com',
          signerSub: 'admin',
          meaning: 'Approved',
          signedAt: AT,
        },
  retired: status === 'retired' ? { at: AT, by: 'admin@example.com', reason: 'Replaced' } : null,
  ...more,
});

/**
 * A standard of `organisationId` on the current catalogue with these versions (oldest first),
 * created when its first version was and last changed when its last one was.
 */
export const aStandard = (
  standardId: string,
  organisationId: string,
  versions: StandardVersionRecord[],
  more: Partial<StandardRecord> = {},
): StandardRecord => ({
  standardId,
  organisationId,
  catalogueVersion: '3.3',
  versions,
  revision: 1,
  writeId: 'seed',
  createdAt: versions[0]?.createdAt ?? AT,
  createdBy: 'admin@example.com',
  updatedAt: versions.at(-1)?.updatedAt ?? AT,
  updatedBy: 'admin@example.com',
  ...more,
});

/** A mapping row filed at site level with the site named, and what a test says. */
export const aMappingRow = (more: Partial<MappingRow>): MappingRow => ({
  ...blankRow(),
  sourceName: 'A document',
  filingLevel: 'site',
  requiredMetadata: ['site'],
  ...more,
});

/**
 * Version `n` of a draft-or-signed standard made at `createdAt` by an OrgAdmin, naming system
 * `isf`: the shape the list predicates and the dashboard read.
 */
export const aDatedVersion = (
  n: number,
  status: StandardVersionRecord['status'],
  createdAt: string,
): StandardVersionRecord =>
  aStandardVersion(n, status, {
    name: 'Nord eISF mapping',
    systemIds: ['isf'],
    createdAt,
    createdBy: 'oa@example.com',
    updatedAt: createdAt,
    updatedBy: 'oa@example.com',
  });
