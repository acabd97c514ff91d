import { describe, expect, it } from 'vitest';
import { readCsv } from './read-csv';
import { BOM, csvLine } from './write-csv';

const cellsOf = (text: string) => readCsv(text).records.map((r) => r.cells);

describe('readCsv', () => {
  it('reads plain fields, CRLF, LF and CR line ends, and leaves out blank lines', () => {
    expect(cellsOf('a,b\r\n1,2\n3,4\r5,6\n\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
      ['5', '6'],
    ]);
    expect(readCsv('a,b\r\n\r\n1,2').records.map((r) => r.line)).toEqual([1, 3]);
  });

  it('reads quoted fields with delimiters, doubled quotes and line breaks, keeping line numbers', () => {
    const file = readCsv(
      'name,note\r\n"Hôpital Sud, Lyon","He said ""hi""\r\nthen left"\r\nNext,x\r\n',
    );
    expect(file.problems).toEqual([]);
    expect(file.records).toEqual([
      { line: 1, cells: ['name', 'note'], broken: false },
      { line: 2, cells: ['Hôpital Sud, Lyon', 'He said "hi"\r\nthen left'], broken: false },
      { line: 4, cells: ['Next', 'x'], broken: false },
    ]);
  });

  it('keeps empty fields, also at the end of a line', () => {
    expect(cellsOf('a,b,c\n,,\n1,,')).toEqual([
      ['a', 'b', 'c'],
      ['', '', ''],
      ['1', '', ''],
    ]);
  });

  it('drops a byte-order mark and reads what the CSV writer writes', () => {
    const text = BOM + csvLine(['name', 'kind']) + csvLine(['A "quoted", name', '=1+1']);
    expect(cellsOf(text)).toEqual([
      ['name', 'kind'],
      ['A "quoted", name', "'=1+1"],
    ]);
  });

  it('takes the semicolon as the delimiter when the header has more of them', () => {
    const file = readCsv('name;kind;note\r\n"Müller, Hans";site;a,b\r\n');
    expect(file.delimiter).toBe(';');
    expect(file.records[1]?.cells).toEqual(['Müller, Hans', 'site', 'a,b']);
    expect(readCsv('"a;b",c\n').delimiter).toBe(',');
  });

  it('reports an unclosed quote and text after a closing quote by line, and flags the record', () => {
    const file = readCsv('a,b\n"x"y,2\n3,4\n"open,5\n6,7\n');
    expect(file.problems).toEqual([
      { line: 2, message: expect.stringMatching(/closing quote/) as string },
      { line: 4, message: 'A quoted field is not closed.' },
    ]);
    expect(file.records.map((r) => [r.line, r.broken])).toEqual([
      [1, false],
      [2, true],
      [3, false],
      [4, true],
    ]);
  });
});
