import { unprotectCell } from './spreadsheet-cells';
import type { FilingLevel, TmfArtifact, TmfCatalogue } from './tmf-catalogue-types';

/**
 * A mapping standard's rows (issue 16), and the rules both ends apply to them: the server when it
 * saves or publishes, the editor as the administrator types. Pure functions, no schemas (those
 * are in standards.ts): the web app imports this module without zod's weight.
 *
 * A row says how one of the system's own document types maps to a TMF Reference Model artifact
 * (FHIR ConceptMap's source → target with an equivalence). A draft may hold rows with problems —
 * that is what drafting is for; a standard is published only when no row has one.
 */

/** The TMF Reference Model versions a standard may target (their data: tmf-catalogue.ts). */
export const CATALOGUE_VERSIONS = ['3.3'] as const;
export type CatalogueVersion = (typeof CATALOGUE_VERSIONS)[number];
export const CURRENT_CATALOGUE_VERSION: CatalogueVersion = '3.3';

export const FILING_LEVELS = ['trial', 'country', 'site'] as const satisfies readonly FilingLevel[];
/** How the source type relates to the artifact (ConceptMap's equivalence, narrowed to three). */
export const EQUIVALENCES = ['equal', 'wider', 'narrower'] as const;
export type Equivalence = (typeof EQUIVALENCES)[number];
/** Metadata a document of the type must carry for the receiving side to file it. */
export const REQUIRED_METADATA = ['personName', 'organisationName', 'country', 'site'] as const;
export type RequiredMetadata = (typeof REQUIRED_METADATA)[number];

export interface MappingRow {
  /** The system's own document type code, e.g. "MED-LIC". */
  sourceCode: string;
  sourceName: string;
  /** Where the system files it (folder / path), if it says. */
  sourcePath: string;
  /** zone.section.artifact, e.g. "05.02.07"; empty while not yet mapped. */
  artifactNumber: string;
  subArtifact: string;
  filingLevel: FilingLevel | '';
  requiredMetadata: RequiredMetadata[];
  equivalence: Equivalence;
  comment: string;
}

export const ROW_FIELDS = [
  'sourceCode',
  'sourceName',
  'sourcePath',
  'artifactNumber',
  'subArtifact',
  'filingLevel',
  'requiredMetadata',
  'equivalence',
  'comment',
] as const satisfies readonly (keyof MappingRow)[];
export type RowField = (typeof ROW_FIELDS)[number];

/** Most rows a standard may have (a large eTMF product has a few thousand document types). */
export const MAX_ROWS = 10_000;
export const ROW_LIMITS = {
  sourceCode: 100,
  sourceName: 300,
  sourcePath: 500,
  subArtifact: 300,
  comment: 1000,
} as const;

export const blankRow = (): MappingRow => ({
  sourceCode: '',
  sourceName: '',
  sourcePath: '',
  artifactNumber: '',
  subArtifact: '',
  filingLevel: '',
  requiredMetadata: [],
  equivalence: 'equal',
  comment: '',
});

// ---------------------------------------------------------------------------------------------
// The catalogue, looked up
// ---------------------------------------------------------------------------------------------

export interface CatalogueIndex {
  catalogue: TmfCatalogue;
  artifacts: ReadonlyMap<string, TmfArtifact>;
  /** Every artifact in the model's order. */
  list: readonly TmfArtifact[];
}

const indexes = new WeakMap<TmfCatalogue, CatalogueIndex>();

export const indexCatalogue = (catalogue: TmfCatalogue): CatalogueIndex => {
  const known = indexes.get(catalogue);
  if (known !== undefined) return known;
  const list = catalogue.zones.flatMap((z) => z.sections.flatMap((s) => s.artifacts));
  const index = { catalogue, artifacts: new Map(list.map((a) => [a.number, a])), list };
  indexes.set(catalogue, index);
  return index;
};

// ---------------------------------------------------------------------------------------------
// Validation
// ---------------------------------------------------------------------------------------------

export const PROBLEM_CODES = [
  'source-code-missing',
  'source-code-duplicate',
  'source-name-missing',
  'artifact-missing',
  'artifact-unknown',
  'sub-artifact-unknown',
  'level-missing',
  'level-not-allowed',
  'person-name-required',
  'country-required',
  'site-required',
  'too-long',
] as const;
export type ProblemCode = (typeof PROBLEM_CODES)[number];

export interface RowProblem {
  /** The row's position (0 is the first row). */
  row: number;
  field: RowField;
  code: ProblemCode;
  /** In English; the editor shows its own words for `code` in the reader's language. */
  message: string;
}

const METADATA_FOR_LEVEL: Partial<Record<FilingLevel, RequiredMetadata>> = {
  country: 'country',
  site: 'site',
};

/** The problems of one row, given how often each source code occurs. */
const rowProblems = (
  row: MappingRow,
  at: number,
  index: CatalogueIndex,
  codeCounts: ReadonlyMap<string, number>,
): RowProblem[] => {
  const out: RowProblem[] = [];
  const add = (field: RowField, code: ProblemCode, message: string) =>
    out.push({ row: at, field, code, message });
  const code = row.sourceCode.trim();
  if (code === '')
    add('sourceCode', 'source-code-missing', 'The source document type code is empty.');
  else if ((codeCounts.get(code.toLowerCase()) ?? 0) > 1) {
    add('sourceCode', 'source-code-duplicate', `The source code "${code}" is used by another row.`);
  }
  if (row.sourceName.trim() === '') {
    add('sourceName', 'source-name-missing', 'The source document type name is empty.');
  }
  for (const [field, max] of Object.entries(ROW_LIMITS) as [keyof typeof ROW_LIMITS, number][]) {
    if (row[field].length > max) add(field, 'too-long', `At most ${max} characters.`);
  }
  const number = row.artifactNumber.trim();
  if (number === '') {
    add('artifactNumber', 'artifact-missing', 'No TMF artifact is chosen: the target is empty.');
    return out;
  }
  const artifact = index.artifacts.get(number);
  if (artifact === undefined) {
    add(
      'artifactNumber',
      'artifact-unknown',
      `${number} is not an artifact of the TMF Reference Model ${index.catalogue.version}.`,
    );
    return out;
  }
  const sub = row.subArtifact.trim();
  if (
    sub !== '' &&
    artifact.subArtifacts.length > 0 &&
    !artifact.subArtifacts.some((s) => s.toLowerCase() === sub.toLowerCase())
  ) {
    add(
      'subArtifact',
      'sub-artifact-unknown',
      `"${sub}" is not a sub-artifact of ${artifact.number} ${artifact.name}.`,
    );
  }
  if (row.filingLevel === '') {
    add('filingLevel', 'level-missing', 'No filing level is chosen.');
  } else if (!artifact.levels.includes(row.filingLevel)) {
    add(
      'filingLevel',
      'level-not-allowed',
      `${artifact.number} ${artifact.name} is not filed at ${row.filingLevel} level (${artifact.levels.join(', ')}).`,
    );
  } else {
    const needed = METADATA_FOR_LEVEL[row.filingLevel];
    if (needed !== undefined && !row.requiredMetadata.includes(needed)) {
      add(
        'requiredMetadata',
        needed === 'country' ? 'country-required' : 'site-required',
        `A document filed at ${row.filingLevel} level must carry its ${needed}.`,
      );
    }
  }
  if (artifact.personal && !row.requiredMetadata.includes('personName')) {
    add(
      'requiredMetadata',
      'person-name-required',
      `${artifact.number} ${artifact.name} is about one person: the person's name is required.`,
    );
  }
  return out;
};

const codeCountsOf = (rows: readonly MappingRow[]): Map<string, number> => {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const key = row.sourceCode.trim().toLowerCase();
    if (key !== '') counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
};

/** Every problem of every row, in row order. */
export const validateRows = (
  rows: readonly MappingRow[],
  catalogue: TmfCatalogue,
): RowProblem[] => {
  const index = indexCatalogue(catalogue);
  const counts = codeCountsOf(rows);
  return rows.flatMap((row, at) => rowProblems(row, at, index, counts));
};

/**
 * The problems after one row changed, reusing those of the rows it cannot affect: a row's own
 * problems, plus the duplicate-code problems of the rows sharing its old or new code. What the
 * editor runs on every edit (a 5,000-row standard validates in a few milliseconds).
 */
export const revalidateRow = (
  rows: readonly MappingRow[],
  previous: readonly RowProblem[],
  changedAt: number,
  oldCode: string,
  catalogue: TmfCatalogue,
): RowProblem[] => {
  const index = indexCatalogue(catalogue);
  const codes = new Set([
    oldCode.trim().toLowerCase(),
    (rows[changedAt]?.sourceCode ?? '').trim().toLowerCase(),
  ]);
  codes.delete('');
  const affected = new Set<number>([changedAt]);
  if (codes.size > 0) {
    rows.forEach((row, at) => {
      if (codes.has(row.sourceCode.trim().toLowerCase())) affected.add(at);
    });
  }
  const counts = codeCountsOf(rows);
  const kept = previous.filter((p) => !affected.has(p.row));
  const fresh = [...affected].flatMap((at) => {
    const row = rows[at];
    return row === undefined ? [] : rowProblems(row, at, index, counts);
  });
  return [...kept, ...fresh].sort((a, b) => a.row - b.row);
};

// ---------------------------------------------------------------------------------------------
// Coverage
// ---------------------------------------------------------------------------------------------

export interface Coverage {
  coreTotal: number;
  coreReached: number;
  /** The model's core artifacts no row maps to, in the model's order. */
  missing: { number: string; name: string }[];
}

/** Which of the model's core artifacts the rows reach. */
export const coverageOf = (rows: readonly MappingRow[], catalogue: TmfCatalogue): Coverage => {
  const reached = new Set(rows.map((r) => r.artifactNumber.trim()));
  const core = indexCatalogue(catalogue).list.filter((a) => a.core);
  const missing = core
    .filter((a) => !reached.has(a.number))
    .map((a) => ({ number: a.number, name: a.name }));
  return { coreTotal: core.length, coreReached: core.length - missing.length, missing };
};

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

// ---------------------------------------------------------------------------------------------
// The file layout: a table of cells, the same for CSV and XLSX. The files themselves are read and
// written outside the contract (the web reads CSV with csv-parse, XLSX with read-excel-file; the
// lambdas write CSV with csv-stringify): this module only maps cells to rows and back.
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
