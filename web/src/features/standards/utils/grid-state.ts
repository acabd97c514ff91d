import {
  blankRow,
  type CatalogueIndex,
  type MappingRow,
  revalidateRow,
  type RowProblem,
  validateRows,
} from '@ccsc/contract/standard-rows';

/**
 * The editor's rows and their problems, changed only through these pure functions so that every
 * change keeps the problems true: an edit of a row re-validates that row (and the rows sharing its
 * old or new source code) with the contract's `revalidateRow` — a few milliseconds for 5,000 rows
 * — never the whole standard; structural changes (insert, delete, move) shift the problems or, for
 * a delete, validate once. The rules are the server's (@ccsc/contract/standard-rows).
 */

export type TmfCatalogue = CatalogueIndex['catalogue'];
export type TmfArtifact = CatalogueIndex['list'][number];

export interface GridRows {
  rows: readonly MappingRow[];
  /** A key per row that stays with it when rows move: React keys, selection, focus. */
  keys: readonly number[];
  /** Every problem, in row order (as validateRows gives them). */
  problems: readonly RowProblem[];
  nextKey: number;
}

/** More changed rows than this are validated together rather than one by one. */
const ONE_BY_ONE = 25;

export const gridOf = (rows: readonly MappingRow[], problems: readonly RowProblem[]): GridRows => ({
  rows,
  keys: rows.map((_, i) => i),
  problems,
  nextKey: rows.length,
});

/** Changes some rows (`change` gives each its new value; an unchanged row is left alone). */
export const changeRows = (
  grid: GridRows,
  positions: readonly number[],
  change: (row: MappingRow) => MappingRow,
  catalogue: TmfCatalogue,
): GridRows => {
  const rows = [...grid.rows];
  const changed: { at: number; oldCode: string }[] = [];
  for (const at of positions) {
    const before = rows[at];
    if (before === undefined) continue;
    const after = change(before);
    if (after === before) continue;
    rows[at] = after;
    changed.push({ at, oldCode: before.sourceCode });
  }
  if (changed.length === 0) return grid;
  let problems: readonly RowProblem[];
  if (changed.length > ONE_BY_ONE) {
    problems = validateRows(rows, catalogue);
  } else {
    problems = grid.problems;
    for (const { at, oldCode } of changed) {
      problems = revalidateRow(rows, problems, at, oldCode, catalogue);
    }
  }
  return { ...grid, rows, problems };
};

/** One row's fields changed (what a cell edit does). */
export const editRow = (
  grid: GridRows,
  at: number,
  patch: Partial<MappingRow>,
  catalogue: TmfCatalogue,
): GridRows => changeRows(grid, [at], (row) => ({ ...row, ...patch }), catalogue);

/**
 * A row inserted at `at` (the end when `at` is the row count): a blank one, or one begun already
 * (a source code or an artifact filled in, as the editor's lookup of a missing row offers).
 */
export const insertRow = (
  grid: GridRows,
  at: number,
  catalogue: TmfCatalogue,
  row: MappingRow = blankRow(),
): GridRows => {
  const rows = [...grid.rows];
  rows.splice(at, 0, row);
  const keys = [...grid.keys];
  keys.splice(at, 0, grid.nextKey);
  // Other rows' problems only move, except those sharing the new row's code (if it has one):
  // revalidateRow checks the new row and those.
  const shifted = grid.problems.map((p) => (p.row >= at ? { ...p, row: p.row + 1 } : p));
  return {
    rows,
    keys,
    problems: revalidateRow(rows, shifted, at, '', catalogue),
    nextKey: grid.nextKey + 1,
  };
};

/** The rows at these positions removed (the duplicates they made may go: validated again). */
export const deleteRows = (
  grid: GridRows,
  positions: ReadonlySet<number>,
  catalogue: TmfCatalogue,
): GridRows => {
  const rows = grid.rows.filter((_, i) => !positions.has(i));
  if (rows.length === grid.rows.length) return grid;
  return {
    ...grid,
    rows,
    keys: grid.keys.filter((_, i) => !positions.has(i)),
    problems: validateRows(rows, catalogue),
  };
};

/**
 * The rows at these positions moved one place up (-1) or down (1), as a block past their
 * neighbour; a row already at the edge stays. Problems move with their rows.
 */
export const moveRows = (
  grid: GridRows,
  positions: ReadonlySet<number>,
  direction: -1 | 1,
): GridRows => {
  const order = grid.rows.map((_, i) => i);
  const chosen = order.map((i) => positions.has(i));
  const swap = (i: number, j: number) => {
    [order[i], order[j]] = [order[j] ?? j, order[i] ?? i];
    [chosen[i], chosen[j]] = [chosen[j] ?? false, chosen[i] ?? false];
  };
  // Each chosen row passes the unchosen neighbour on its side; a block at the edge stays.
  if (direction === -1) {
    for (let i = 1; i < order.length; i += 1) if (chosen[i] && !chosen[i - 1]) swap(i, i - 1);
  } else {
    for (let i = order.length - 2; i >= 0; i -= 1) if (chosen[i] && !chosen[i + 1]) swap(i, i + 1);
  }
  if (order.every((old, i) => old === i)) return grid;
  const newPosition = new Map(order.map((old, i) => [old, i]));
  return {
    ...grid,
    rows: order.map((old) => grid.rows[old] as MappingRow),
    keys: order.map((old) => grid.keys[old] as number),
    problems: grid.problems
      .map((p) => ({ ...p, row: newPosition.get(p.row) ?? p.row }))
      .sort((a, b) => a.row - b.row),
  };
};

/** The problems of each row, by position. */
export const problemsByRow = (problems: readonly RowProblem[]): Map<number, RowProblem[]> => {
  const byRow = new Map<number, RowProblem[]>();
  for (const p of problems) {
    const list = byRow.get(p.row);
    if (list === undefined) byRow.set(p.row, [p]);
    else list.push(p);
  }
  return byRow;
};

const METADATA_OF_LEVEL = { trial: null, country: 'country', site: 'site' } as const;

/** The row with the metadata its filing level asks for added (a country or a site). */
export const withLevel = (row: MappingRow, level: MappingRow['filingLevel']): MappingRow => {
  const needed = level === '' ? null : METADATA_OF_LEVEL[level];
  const requiredMetadata =
    needed === null || row.requiredMetadata.includes(needed)
      ? row.requiredMetadata
      : [...row.requiredMetadata, needed];
  return { ...row, filingLevel: level, requiredMetadata };
};

/**
 * The row mapped to an artifact, with what the artifact implies filled in: its only filing level
 * (or none, when the one chosen is not allowed), the metadata that level needs, the person's name
 * for an artifact about one person; a sub-artifact the artifact does not list is cleared, unless
 * one is given (the picker found the artifact by it). `null` clears the target.
 */
export const withArtifact = (
  row: MappingRow,
  artifact: TmfArtifact | null,
  subArtifact: string | null = null,
): MappingRow => {
  if (artifact === null) return { ...row, artifactNumber: '', subArtifact: '' };
  const keepsSub =
    artifact.subArtifacts.length === 0 ||
    artifact.subArtifacts.some((s) => s.toLowerCase() === row.subArtifact.trim().toLowerCase());
  let level: MappingRow['filingLevel'] = row.filingLevel;
  if (artifact.levels.length === 1) level = artifact.levels[0] ?? '';
  else if (level !== '' && !artifact.levels.includes(level)) level = '';
  const next = withLevel(
    {
      ...row,
      artifactNumber: artifact.number,
      subArtifact: subArtifact ?? (keepsSub ? row.subArtifact : ''),
    },
    level,
  );
  return artifact.personal && !next.requiredMetadata.includes('personName')
    ? { ...next, requiredMetadata: ['personName', ...next.requiredMetadata] }
    : next;
};

export interface ArtifactChoice {
  artifact: TmfArtifact;
  /** The sub-artifact the search found the artifact by, if that is how. */
  subArtifact: string | null;
}

/**
 * The catalogue searched by number (its start, with or without the dots), unique ID, name and
 * sub-artifact (any part, any case): number matches first, then names, then sub-artifacts, each
 * in the model's order.
 */
export const searchArtifacts = (
  index: CatalogueIndex,
  query: string,
  limit = 50,
): ArtifactChoice[] => {
  const q = query.trim().toLowerCase();
  if (q === '')
    return index.list.slice(0, limit).map((artifact) => ({ artifact, subArtifact: null }));
  const digits = q.replace(/[^0-9]/g, '');
  const byNumber: ArtifactChoice[] = [];
  const byName: ArtifactChoice[] = [];
  const bySub: ArtifactChoice[] = [];
  for (const artifact of index.list) {
    if (
      artifact.number.startsWith(q) ||
      (digits !== '' &&
        /^[0-9.\s]+$/.test(q) &&
        artifact.number.replace(/\./g, '').startsWith(digits)) ||
      artifact.uniqueId === q
    ) {
      byNumber.push({ artifact, subArtifact: null });
    } else if (artifact.name.toLowerCase().includes(q)) {
      byName.push({ artifact, subArtifact: null });
    } else {
      const sub = artifact.subArtifacts.find((s) => s.toLowerCase().includes(q));
      if (sub !== undefined) bySub.push({ artifact, subArtifact: sub });
    }
  }
  return [...byNumber, ...byName, ...bySub].slice(0, limit);
};
