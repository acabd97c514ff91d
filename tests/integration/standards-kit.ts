import type { MappingRow } from '@ccsc/contract/standard-rows';

/**
 * What the mapping-standard tests share (issue 16): the answer of the `artifact/*` calls as they
 * read it, and a row to build standards from. Used by standards.test.ts, standards-queries.test.ts
 * and documents-kit.ts.
 */

/** One version of a standard, as `artifact/create-standard`, `-update-`, `-publish-`… answer. */
export interface StandardDetail {
  standard: {
    standardId: string;
    version: number;
    status: string;
    inUse: boolean;
    createdAt: string;
    rowCount: number;
    signature: {
      signerName: string;
      signerEmail: string;
      meaning: string;
      signedAt: string;
    } | null;
  };
  revision: number;
  rows: MappingRow[];
  problems: { row: number; code: string }[];
  coverage: { coreTotal: number; coreReached: number; missing: { number: string }[] };
  versions: { version: number; status: string; inUse: boolean }[];
}

/** A site-level row of a mapping standard: the one the lambdas' standards tests build from. */
export { mappingRow as row } from '@ccsc/lambdas/testing';
