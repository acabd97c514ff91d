import type { StandardRecord, StandardVersionRecord } from '../ports/registry';

/** Standard records for tests: every field filled, made up; a test gives what it cares about. */

/** Version `n` of a standard, created (and last changed) at `createdAt`, naming system `isf`. */
export const aStandardVersion = (
  n: number,
  status: StandardVersionRecord['status'],
  createdAt: string,
  overrides: Partial<StandardVersionRecord> = {},
): StandardVersionRecord => ({
  version: n,
  status,
  name: 'Nord eISF mapping',
  description: null,
  systemIds: ['isf'],
  product: null,
  rowsKey: `rows-${String(n)}`,
  rowCount: 1,
  problemCount: 0,
  basedOnVersion: n === 1 ? null : n - 1,
  createdAt,
  createdBy: 'oa@example.com',
  updatedAt: createdAt,
  updatedBy: 'oa@example.com',
  signature: null,
  retired: null,
  ...overrides,
});

/** A standard of `organisationId` with these versions (oldest first), at revision 1. */
export const aStandard = (
  id: string,
  organisationId: string,
  versions: StandardVersionRecord[],
): StandardRecord => ({
  standardId: id,
  organisationId,
  catalogueVersion: '3.3',
  versions,
  revision: 1,
  writeId: `write-${id}`,
  createdAt: versions[0]?.createdAt ?? '',
  createdBy: 'oa@example.com',
  updatedAt: versions.at(-1)?.updatedAt ?? '',
  updatedBy: 'oa@example.com',
});
