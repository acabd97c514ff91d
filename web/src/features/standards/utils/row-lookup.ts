import { blankRow, type CatalogueIndex, type MappingRow } from '@ccsc/contract/standard-rows';
import type { RowLookup } from '../../../config/standard-paths';
import { withArtifact } from './grid-state';

/**
 * The rows a lookup finds, by position, as the hub matches them when it classifies a document
 * (lambdas/src/documents/classify.ts): a source code trimmed and in any case; an
 * artifact by its number.
 */
export const rowsMatching = (rows: readonly MappingRow[], lookup: RowLookup): number[] => {
  const value = lookup.kind === 'code' ? lookup.value.trim().toLowerCase() : lookup.value;
  const positions: number[] = [];
  rows.forEach((row, at) => {
    const found =
      lookup.kind === 'code'
        ? row.sourceCode.trim().toLowerCase() === value
        : row.artifactNumber.trim() === value;
    if (found) positions.push(at);
  });
  return positions;
};

/**
 * The row to add for a lookup that found none: its source code filled in, or its artifact (with
 * what the artifact implies: its only filing level, the metadata that needs).
 */
export const rowForLookup = (lookup: RowLookup, catalogue: CatalogueIndex): MappingRow => {
  if (lookup.kind === 'code') return { ...blankRow(), sourceCode: lookup.value };
  const artifact = catalogue.artifacts.get(lookup.value);
  return artifact === undefined
    ? { ...blankRow(), artifactNumber: lookup.value }
    : withArtifact(blankRow(), artifact);
};
