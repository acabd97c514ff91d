import type { MappingRow, RowField } from './standard-row-model';
import { ROW_FIELDS } from './standard-row-model';

// ---------------------------------------------------------------------------------------------
// Differences between two versions
// ---------------------------------------------------------------------------------------------

export interface RowChange {
  /** The row's key: its source code (with "#2", "#3" for a code's later occurrences). */
  key: string;
  before: MappingRow | null;
  after: MappingRow | null;
  /** The fields that differ (every field for an added or removed row). */
  fields: RowField[];
}

const rowKeys = (rows: readonly MappingRow[]): string[] => {
  const seen = new Map<string, number>();
  return rows.map((row, at) => {
    const code = row.sourceCode.trim();
    if (code === '') return `(row ${at + 1})`;
    const n = (seen.get(code) ?? 0) + 1;
    seen.set(code, n);
    return n === 1 ? code : `${code}#${n}`;
  });
};

const sameField = (a: MappingRow, b: MappingRow, field: RowField): boolean =>
  field === 'requiredMetadata'
    ? [...a.requiredMetadata].sort().join() === [...b.requiredMetadata].sort().join()
    : a[field] === b[field];

/** What changed from `before` to `after`, row by row (keyed by source code), in `after`'s order. */
export const diffRows = (
  before: readonly MappingRow[],
  after: readonly MappingRow[],
): RowChange[] => {
  const oldKeys = rowKeys(before);
  const newKeys = rowKeys(after);
  const old = new Map(oldKeys.map((k, i) => [k, before[i] as MappingRow]));
  const changes: RowChange[] = [];
  const kept = new Set<string>();
  newKeys.forEach((key, i) => {
    const row = after[i] as MappingRow;
    const was = old.get(key);
    if (was === undefined) {
      changes.push({ key, before: null, after: row, fields: [...ROW_FIELDS] });
      return;
    }
    kept.add(key);
    const fields = ROW_FIELDS.filter((f) => !sameField(was, row, f));
    if (fields.length > 0) changes.push({ key, before: was, after: row, fields });
  });
  oldKeys.forEach((key, i) => {
    if (!kept.has(key)) {
      changes.push({ key, before: before[i] as MappingRow, after: null, fields: [...ROW_FIELDS] });
    }
  });
  return changes;
};
