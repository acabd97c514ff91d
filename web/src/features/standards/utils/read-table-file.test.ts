import { describe, expect, it } from 'vitest';
import { xlsxOf } from '../../../testing/standard-fixtures';
import { kindOfFile, readTableFile, tableOfSheet, xlsxToRows } from './read-table-file';

const HEADER = [
  'source_code',
  'source_name',
  'artifact_number',
  'filing_level',
  'required_metadata',
];

describe('reading a mapping file', () => {
  it('tells CSV from XLSX by the name, and refuses anything else', () => {
    expect(kindOfFile('mapping.XLSX')).toBe('xlsx');
    expect(kindOfFile('mapping.csv')).toBe('csv');
    expect(kindOfFile('mapping.xls')).toBeNull();
  });

  it('reads the first sheet of an XLSX workbook into rows, numbers as written', async () => {
    const workbook = xlsxOf([
      HEADER,
      ['MED-LIC', 'Medical licence', '05.02.07', 'site', 'personName;site'],
      [1001, 'Visit log', '05.04.04', 'Site', 'site'],
    ]);
    const read = await xlsxToRows(workbook.slice().buffer);
    expect(read.problems).toEqual([]);
    expect(read.lines).toEqual([2, 3]);
    expect(read.rows.map((r) => [r.sourceCode, r.filingLevel, r.requiredMetadata])).toEqual([
      ['MED-LIC', 'site', ['personName', 'site']],
      ['1001', 'site', ['site']],
    ]);
  });

  it('reads a chosen .xlsx File the same way, and says what a sheet gets wrong', async () => {
    const workbook = xlsxOf([
      [...HEADER, 'colour'],
      ['A', 'A type', '05.04.04', 'regional', ''],
    ]);
    const file = new File([workbook.slice().buffer], 'map.xlsx');
    const read = await readTableFile(file, 'xlsx');
    expect(read.rows).toEqual([]);
    expect(read.problems.map((p) => p.message)).toEqual([
      expect.stringMatching(/^Unknown column "colour"/),
    ]);
  });

  it('refuses a file that is no workbook', async () => {
    await expect(xlsxToRows(new TextEncoder().encode('a,b\n1,2').buffer)).rejects.toThrow();
  });

  it('turns sheet cells into text and leaves empty rows out', () => {
    expect(
      tableOfSheet([
        ['a', 'b'],
        [null, null],
        [1.5, true],
        [new Date('2025-03-01T00:00:00.000Z'), null],
      ]),
    ).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 3, cells: ['1.5', 'true'] },
      { line: 4, cells: ['2025-03-01', ''] },
    ]);
  });
});
