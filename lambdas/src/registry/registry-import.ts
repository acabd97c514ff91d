import type * as z from 'zod';
import type { importProblemSchema } from '@ccsc/contract/organisations';
import { ValidationError } from '../core/errors';
import { unprotectCell as unprotect } from '@ccsc/contract/spreadsheet-cells';
import { readCsv } from '@ccsc/formats/read-csv';

/**
 * What the organisation and system imports share: the file read into rows of named cells (the
 * header's names matched in any case), every problem kept by line and column, and the limits.
 */

export type ImportProblem = z.infer<typeof importProblemSchema>;

/** Data rows one file may hold. */
export const IMPORT_MAX_ROWS = 5000;
/** Records per change of an import (RegistryWrites.applyAll takes parts of at most ~40). */
export const IMPORT_PART_SIZE = 40;

export interface ImportRow<C extends string> {
  line: number;
  cell: (column: C) => string;
}

export interface ImportFile<C extends string> {
  /** Data rows read (the header excluded), broken ones included. */
  rowCount: number;
  /** The rows to check: none when the header has a problem (every row would only repeat it). */
  rows: ImportRow<C>[];
  problems: ImportProblem[];
}

/**
 * Reads the file against its columns: a header naming each column at most once (any case, any
 * order), none unknown, the required ones present (and one of each `oneOf` group) — else problems on line 1 and no rows. More
 * than IMPORT_MAX_ROWS data rows is a 400 (the file is split, not checked). A row with more
 * cells than the header has columns is a problem; missing cells at the end read as empty.
 */
export const readImportFile = <C extends string>(
  csv: string,
  columns: readonly C[],
  required: readonly C[],
  /** Groups of columns of which at least one must be there. */
  oneOf: readonly (readonly [C, ...C[]])[] = [],
  /** Columns an export adds (ids, status, times): accepted and not read, so an export imports. */
  ignored: readonly string[] = [],
  /** The columns' titles (REGISTRY_CSV_TITLES), read as their keys are. */
  titles: Readonly<Partial<Record<string, string>>> = {},
): ImportFile<C> => {
  const file = readCsv(csv);
  const [header, ...data] = file.records;
  if (data.length > IMPORT_MAX_ROWS) {
    const message =
      `The file has ${String(data.length)} rows; at most ${String(IMPORT_MAX_ROWS)} are ` +
      'imported at once. Split it into smaller files.';
    throw new ValidationError(message, [{ path: 'csv', message }]);
  }
  const problems: ImportProblem[] = file.problems.map((p) => ({ ...p, column: null }));
  if (header === undefined || header.broken) {
    if (header === undefined) {
      problems.push({ line: 1, column: null, message: 'The file has no header row.' });
    }
    return { rowCount: data.length, rows: [], problems };
  }
  const known = new Map<string, C>();
  for (const c of columns) {
    known.set(c.toLowerCase(), c);
    const title = titles[c];
    if (title !== undefined) known.set(title.toLowerCase(), c);
  }
  const skipped = new Set(
    ignored.flatMap((c) => [
      c.toLowerCase(),
      ...(titles[c] === undefined ? [] : [titles[c].toLowerCase()]),
    ]),
  );
  const index = new Map<C, number>();
  const expected = columns.join(', ');
  header.cells.forEach((cell, i) => {
    const name = cell.trim();
    const column = known.get(name.toLowerCase());
    if (column === undefined && skipped.has(name.toLowerCase())) return;
    if (column === undefined) {
      problems.push({
        line: 1,
        column: name,
        message: `Unknown column "${name}". The columns are: ${expected}.`,
      });
    } else if (index.has(column)) {
      problems.push({ line: 1, column, message: `The column ${column} is there twice.` });
    } else {
      index.set(column, i);
    }
  });
  for (const column of required) {
    if (!index.has(column)) {
      problems.push({ line: 1, column, message: `The column ${column} is missing.` });
    }
  }
  for (const group of oneOf) {
    if (!group.some((column) => index.has(column))) {
      problems.push({
        line: 1,
        column: group[0],
        message: `The column ${group.join(' or ')} is missing.`,
      });
    }
  }
  if (problems.some((p) => p.line === 1)) return { rowCount: data.length, rows: [], problems };

  const rows: ImportRow<C>[] = [];
  for (const record of data) {
    if (record.broken) continue;
    if (record.cells.length > header.cells.length) {
      problems.push({
        line: record.line,
        column: null,
        message:
          `The row has ${String(record.cells.length)} cells, the header ` +
          `${String(header.cells.length)}: a cell holding the delimiter must be in quotes.`,
      });
      continue;
    }
    const cells = record.cells;
    rows.push({
      line: record.line,
      cell: (column) => {
        const i = index.get(column);
        return i === undefined ? '' : unprotect((cells[i] ?? '').trim());
      },
    });
  }
  return { rowCount: data.length, rows, problems };
};

/**
 * The problems a schema found in one row, on the column each is about (the first step of its
 * path when that is one of the file's columns): the first for each column (a blank name is
 * "required", not also "use letters…").
 */
export const schemaProblems = (
  line: number,
  issues: readonly z.core.$ZodIssue[],
  columns: readonly string[],
): ImportProblem[] => {
  const problems = new Map<string | null, ImportProblem>();
  for (const issue of issues) {
    const first = issue.path[0];
    const column = typeof first === 'string' && columns.includes(first) ? first : null;
    if (problems.has(column)) continue;
    const where =
      column === 'identifiers' && typeof issue.path[1] === 'number'
        ? `Identifier ${String(issue.path[1] + 1)}: `
        : '';
    problems.set(column, { line, column, message: `${where}${issue.message}` });
  }
  return [...problems.values()];
};

/** Problems in file order: by line, then by the column's place in the file's columns. */
export const inOrder = (problems: ImportProblem[], columns: readonly string[]): ImportProblem[] =>
  [...problems].sort(
    (a, b) =>
      a.line - b.line ||
      (a.column === null ? -1 : columns.indexOf(a.column)) -
        (b.column === null ? -1 : columns.indexOf(b.column)),
  );

/** The parts of at most IMPORT_PART_SIZE records an import is saved in. */
export const inParts = <T>(items: readonly T[], size = IMPORT_PART_SIZE): T[][] => {
  const parts: T[][] = [];
  for (let i = 0; i < items.length; i += size) parts.push(items.slice(i, i + size));
  return parts;
};
