import { unprotectCell } from './spreadsheet-cells';
import type { FilingLevel } from './tmf-catalogue-types';
import type { Equivalence, RequiredMetadata, MappingRow } from './standard-row-model';
import { FILING_LEVELS, EQUIVALENCES, REQUIRED_METADATA, MAX_ROWS } from './standard-row-model';

// ---------------------------------------------------------------------------------------------
// The file layout: a table of cells, the same for CSV and XLSX. The files themselves are read and
// written outside the contract (CSV by @ccsc/formats with csv-parse and csv-stringify, XLSX by
// the web with read-excel-file): this module only maps cells to rows and back.
// ---------------------------------------------------------------------------------------------

/** The columns of an exported standard, in order; an import reads the same header. */
export const ROW_COLUMNS = [
  'source_code',
  'source_name',
  'source_path',
  'artifact_number',
  'sub_artifact',
  'filing_level',
  'required_metadata',
  'equivalence',
  'comment',
] as const;

/** What the file's cells say, before they are rows: problems that are not a row's own rules. */
export interface TableProblem {
  /** The file's line (CSV) or the sheet's row (XLSX); 1 is the header. */
  line: number;
  message: string;
}

export interface ReadTable {
  rows: MappingRow[];
  /** Rows as read, line by line: `line` of each row (for the preview). */
  lines: number[];
  problems: TableProblem[];
}

const METADATA_SEPARATOR = ';';

const cellOf = (row: MappingRow, column: (typeof ROW_COLUMNS)[number]): string => {
  switch (column) {
    case 'source_code':
      return row.sourceCode;
    case 'source_name':
      return row.sourceName;
    case 'source_path':
      return row.sourcePath;
    case 'artifact_number':
      return row.artifactNumber;
    case 'sub_artifact':
      return row.subArtifact;
    case 'filing_level':
      return row.filingLevel;
    case 'required_metadata':
      return row.requiredMetadata.join(METADATA_SEPARATOR);
    case 'equivalence':
      return row.equivalence;
    case 'comment':
      return row.comment;
  }
};

/** The rows as table cells, the header first (what the CSV and XLSX exports write). */
export const rowsToTable = (rows: readonly MappingRow[]): string[][] => [
  [...ROW_COLUMNS],
  ...rows.map((row) => ROW_COLUMNS.map((c) => cellOf(row, c))),
];

const normaliseHeader = (cell: string): string =>
  cell
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/**
 * A table of cells (a CSV file's records, or an XLSX sheet's rows) as rows: the header names the
 * columns (any order, any case; `source_code` and `artifact_number` are required), unknown
 * columns are problems, values that cannot be a row's (a filing level, equivalence or metadata
 * not in the lists) are problems of their line, and the value is left empty. Row rules
 * (validateRows) are not applied here.
 */
export const tableToRows = (
  table: readonly { line: number; cells: readonly string[] }[],
): ReadTable => {
  const problems: TableProblem[] = [];
  const [header, ...body] = table;
  if (header === undefined)
    return { rows: [], lines: [], problems: [{ line: 1, message: 'The file is empty.' }] };
  const positions = new Map<string, number>();
  header.cells.forEach((cell, i) => {
    const name = normaliseHeader(cell);
    if (name === '') return;
    if (!(ROW_COLUMNS as readonly string[]).includes(name)) {
      problems.push({
        line: header.line,
        message: `Unknown column "${cell.trim()}". The columns are: ${ROW_COLUMNS.join(', ')}.`,
      });
    } else if (positions.has(name)) {
      problems.push({ line: header.line, message: `The column "${name}" appears twice.` });
    } else positions.set(name, i);
  });
  for (const required of ['source_code', 'artifact_number'] as const) {
    if (!positions.has(required)) {
      problems.push({ line: header.line, message: `The column "${required}" is missing.` });
    }
  }
  if (problems.length > 0) return { rows: [], lines: [], problems };
  if (body.length > MAX_ROWS) {
    return {
      rows: [],
      lines: [],
      problems: [
        {
          line: 1,
          message: `The file has ${body.length} rows; a standard has at most ${MAX_ROWS}.`,
        },
      ],
    };
  }
  const rows: MappingRow[] = [];
  const lines: number[] = [];
  for (const record of body) {
    const get = (column: (typeof ROW_COLUMNS)[number]): string => {
      const i = positions.get(column);
      return i === undefined ? '' : unprotectCell((record.cells[i] ?? '').trim());
    };
    if (record.cells.length > header.cells.length) {
      problems.push({
        line: record.line,
        message: 'The row has more cells than the header has columns.',
      });
    }
    const level = get('filing_level').toLowerCase();
    if (level !== '' && !(FILING_LEVELS as readonly string[]).includes(level)) {
      problems.push({
        line: record.line,
        message: `Filing level "${level}" is not one of ${FILING_LEVELS.join(', ')}.`,
      });
    }
    const equivalence = get('equivalence').toLowerCase();
    if (equivalence !== '' && !(EQUIVALENCES as readonly string[]).includes(equivalence)) {
      problems.push({
        line: record.line,
        message: `Equivalence "${equivalence}" is not one of ${EQUIVALENCES.join(', ')}.`,
      });
    }
    const metadata: RequiredMetadata[] = [];
    for (const part of get('required_metadata').split(/[;|,]/)) {
      const name = part.trim();
      if (name === '') continue;
      const known = REQUIRED_METADATA.find((m) => m.toLowerCase() === name.toLowerCase());
      if (known === undefined) {
        problems.push({
          line: record.line,
          message: `Metadata "${name}" is not one of ${REQUIRED_METADATA.join(', ')}.`,
        });
      } else if (!metadata.includes(known)) metadata.push(known);
    }
    rows.push({
      sourceCode: get('source_code'),
      sourceName: get('source_name'),
      sourcePath: get('source_path'),
      artifactNumber: get('artifact_number'),
      subArtifact: get('sub_artifact'),
      filingLevel: (FILING_LEVELS as readonly string[]).includes(level)
        ? (level as FilingLevel)
        : '',
      requiredMetadata: metadata,
      equivalence: (EQUIVALENCES as readonly string[]).includes(equivalence)
        ? (equivalence as Equivalence)
        : 'equal',
      comment: get('comment'),
    });
    lines.push(record.line);
  }
  return { rows, lines, problems };
};
