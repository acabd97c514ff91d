import { indexCatalogue, validateRows } from '@ccsc/contract/standard-rows';
import { describe, expect, it } from 'vitest';
import { CATALOGUE, mappingRow } from '../../../testing/standard-fixtures';
import {
  changeRows,
  deleteRows,
  editRow,
  gridOf,
  insertRow,
  moveRows,
  searchArtifacts,
  withArtifact,
} from './grid-state';

const INDEX = indexCatalogue(CATALOGUE);
const artifact = (number: string) => {
  const found = INDEX.artifacts.get(number);
  if (found === undefined) throw new Error(number);
  return found;
};
const gridOfRows = (rows: ReturnType<typeof mappingRow>[]) =>
  gridOf(rows, validateRows(rows, CATALOGUE));
const codes = (problems: readonly { row: number; code: string }[]) =>
  problems.map((p) => `${String(p.row)}:${p.code}`);

describe('the editor’s rows', () => {
  it('keep their problems true through edits, as validating them all would', () => {
    let grid = gridOfRows([mappingRow('A'), mappingRow('B'), mappingRow('C')]);
    expect(grid.problems).toEqual([]);
    grid = editRow(grid, 2, { sourceCode: 'a' }, CATALOGUE);
    expect(codes(grid.problems)).toEqual(['0:source-code-duplicate', '2:source-code-duplicate']);
    grid = editRow(grid, 0, { sourceCode: 'Z', filingLevel: 'trial' }, CATALOGUE);
    expect(grid.problems).toEqual(validateRows(grid.rows, CATALOGUE));
    expect(codes(grid.problems)).toEqual(['0:level-not-allowed']);
  });

  it('insert a blank row, delete rows and move rows with their problems and keys', () => {
    let grid = gridOfRows([mappingRow('A'), mappingRow('B', { sourceName: '' }), mappingRow('C')]);
    grid = insertRow(grid, 1, CATALOGUE);
    expect(grid.rows.map((r) => r.sourceCode)).toEqual(['A', '', 'B', 'C']);
    expect(grid.keys).toEqual([0, 3, 1, 2]);
    expect(grid.problems).toEqual(validateRows(grid.rows, CATALOGUE));
    grid = moveRows(grid, new Set([2, 3]), -1);
    expect(grid.rows.map((r) => r.sourceCode)).toEqual(['A', 'B', 'C', '']);
    expect(grid.problems).toEqual(validateRows(grid.rows, CATALOGUE));
    // A block at the top edge stays; a row below it moves past its neighbour.
    expect(moveRows(grid, new Set([0]), -1)).toBe(grid);
    grid = moveRows(grid, new Set([0]), 1);
    expect(grid.rows.map((r) => r.sourceCode)).toEqual(['B', 'A', 'C', '']);
    grid = deleteRows(grid, new Set([0, 3]), CATALOGUE);
    expect(grid.rows.map((r) => r.sourceCode)).toEqual(['A', 'C']);
    expect(grid.keys).toEqual([0, 2]);
    expect(grid.problems).toEqual([]);
  });

  it('insert a row begun already, its code checked against the others', () => {
    let grid = gridOfRows([mappingRow('A'), mappingRow('FDA-1572')]);
    grid = insertRow(grid, 2, CATALOGUE, { ...mappingRow('fda-1572'), sourceName: '' });
    expect(grid.keys).toEqual([0, 1, 2]);
    expect(grid.problems).toEqual(validateRows(grid.rows, CATALOGUE));
    expect(codes(grid.problems)).toEqual([
      '1:source-code-duplicate',
      '2:source-code-duplicate',
      '2:source-name-missing',
    ]);
  });

  it('change many rows at once (bulk edit) with their problems validated', () => {
    const grid = gridOfRows(Array.from({ length: 40 }, (_, i) => mappingRow(`T${String(i)}`)));
    const changed = changeRows(
      grid,
      grid.rows.map((_, i) => i),
      (row) => ({ ...row, filingLevel: 'trial' }),
      CATALOGUE,
    );
    expect(changed.problems).toHaveLength(40);
    expect(changed.problems).toEqual(validateRows(changed.rows, CATALOGUE));
  });

  it('re-validate one edit of a 5,000-row standard well within 200 ms', () => {
    const rows = Array.from({ length: 5000 }, (_, i) => mappingRow(`DOC-${String(i)}`));
    let grid = gridOfRows(rows);
    const started = performance.now();
    for (let i = 0; i < 10; i += 1) {
      grid = editRow(grid, 2500 + i, { sourceCode: `DOC-${String(i)}` }, CATALOGUE);
    }
    const each = (performance.now() - started) / 10;
    expect(each).toBeLessThan(200);
    expect(grid.problems).toEqual(validateRows(grid.rows, CATALOGUE));
  });
});

describe('choosing an artifact', () => {
  it('fills in its only filing level, the metadata that needs and a person’s name', () => {
    const row = withArtifact(
      mappingRow('CV', { artifactNumber: '', filingLevel: '', requiredMetadata: [] }),
      artifact('05.02.04'),
    );
    expect(row).toMatchObject({
      artifactNumber: '05.02.04',
      filingLevel: 'site',
      requiredMetadata: ['personName', 'site'],
    });
    // Several levels: a level the artifact allows stays, one it does not is cleared.
    const ib = artifact('02.01.01');
    expect(withArtifact(mappingRow('IB', { filingLevel: 'country' }), ib).filingLevel).toBe(
      'country',
    );
    expect(withArtifact(mappingRow('IB', { filingLevel: 'site' }), ib).filingLevel).toBe('');
    // Found by a sub-artifact: that sub-artifact is set.
    expect(
      withArtifact(mappingRow('ML'), artifact('05.02.07'), 'Medical License').subArtifact,
    ).toBe('Medical License');
  });

  it('is searched by number, name and sub-artifact', () => {
    const numbers = (query: string) =>
      searchArtifacts(INDEX, query).map(
        (c) => `${c.artifact.number}${c.subArtifact ? ` (${c.subArtifact})` : ''}`,
      );
    expect(numbers('05.04.0')[0]).toBe('05.04.01');
    expect(numbers('050404')).toEqual(['05.04.04']);
    expect(numbers('visit log')).toContain('05.04.04');
    expect(numbers('medical license')).toContain('05.02.07 (Medical License)');
  });
});
