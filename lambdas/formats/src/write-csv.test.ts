import { describe, expect, it } from 'vitest';
import { BOM, csvFile, csvLine, csvLines } from './write-csv';

const csvCell = (value: Parameters<typeof csvLine>[0][number]) => csvLine([value]).slice(0, -2);

describe('write-csv', () => {
  it('quotes what needs quoting and leaves the rest', () => {
    expect(csvLine(['a', 'b,c', 'say "hi"', 'two\nlines', null, 3, true])).toBe(
      'a,"b,c","say ""hi""","two\nlines",,3,true\r\n'.replace('"two\nlines"', '"two\nlines"'),
    );
  });

  it('keeps cells a spreadsheet would run as formulas as text', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvCell('+49 151')).toBe("'+49 151");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell(-1)).toBe('-1');
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rx')).toBe(`"'\rx"`);
    expect(csvCell('\uFF1D1')).toBe('\uFF1D1');
    expect(csvCell(false)).toBe('false');
    expect(csvCell('')).toBe('');
  });

  it('writes a whole file with a byte-order mark and CRLF line ends', () => {
    expect(
      csvFile([
        ['a', 'b'],
        ['=1', null],
      ]),
    ).toBe(`${BOM}a,b\r\n'=1,\r\n`);
  });

  it('writes the header with a byte-order mark, then a line per row, counting rows', async () => {
    async function* rows() {
      await Promise.resolve();
      yield ['x', 1];
      yield ['y', 2];
    }
    const counter = { rows: 0 };
    const lines: string[] = [];
    for await (const line of csvLines(['Name', 'N'], rows(), counter)) lines.push(line);
    expect(lines).toEqual([`${BOM}Name,N\r\n`, 'x,1\r\n', 'y,2\r\n']);
    expect(counter.rows).toBe(2);
  });
});
