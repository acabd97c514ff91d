import { describe, expect, it } from 'vitest';
import { csvToRows } from './csv-rows';

describe('csvToRows', () => {
  it('reads a mapping file into rows, problems of broken records and of cells by line', () => {
    const read = csvToRows(
      'source_code;artifact_number;filing_level\r\n"A";05.02.07;site\r\n"B"x;1;site\r\nC;2;nowhere\r\n',
    );
    expect(read.rows.map((r) => r.sourceCode)).toEqual(['A', 'C']);
    expect(read.lines).toEqual([2, 4]);
    expect(read.problems.map((p) => p.line)).toEqual([3, 4]);
  });
});
