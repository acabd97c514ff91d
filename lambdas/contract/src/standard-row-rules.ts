import type { FilingLevel, TmfArtifact, TmfCatalogue } from './tmf-catalogue-types';
import type { RequiredMetadata, MappingRow, RowField } from './standard-row-model';
import { ROW_LIMITS } from './standard-row-model';

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

/** What a row filed at a level must require: the country at country level, the site at site level. */
export const METADATA_FOR_LEVEL: Partial<Record<FilingLevel, RequiredMetadata>> = {
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
