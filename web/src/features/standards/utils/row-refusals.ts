import { mappingRowSchema } from '@ccsc/contract';
import type { MappingRow, RowField } from '@ccsc/contract/standard-rows';

/**
 * What the server's row schema (mappingRowSchema) would refuse outright — the whole save or
 * import fails with 400 then, unlike a row problem, which a draft may keep: an artifact number
 * not written zz.ss.aa, a cell longer than its limit, a control character (a tab pasted into a
 * cell). Checked before sending, so that the editor can point at the row instead.
 */
export type RefusalKind = 'artifact-format' | 'too-long' | 'control-characters';

export interface RowRefusal {
  row: number;
  field: RowField | null;
  kind: RefusalKind;
}

export const rowRefusals = (rows: readonly MappingRow[]): RowRefusal[] => {
  const refusals: RowRefusal[] = [];
  rows.forEach((row, at) => {
    const parsed = mappingRowSchema.safeParse(row);
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      const field = typeof issue.path[0] === 'string' ? (issue.path[0] as RowField) : null;
      const kind: RefusalKind =
        issue.code === 'too_big'
          ? 'too-long'
          : field === 'artifactNumber'
            ? 'artifact-format'
            : 'control-characters';
      refusals.push({ row: at, field, kind });
    }
  });
  return refusals;
};
