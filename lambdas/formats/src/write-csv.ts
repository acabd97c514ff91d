import { type Options, stringify } from 'csv-stringify/sync';
import { protectCell } from '@ccsc/contract/spreadsheet-cells';

/**
 * CSV as spreadsheets read it, written by csv-stringify: RFC 4180 quoting (a cell holding a comma,
 * a quote or a line break in quotes, quotes doubled), CRLF line ends, UTF-8 with a byte-order mark
 * so that Excel shows non-ASCII names right. A text cell a spreadsheet would run as a formula gets
 * an apostrophe first (protectCell, the contract's rule that the readers undo) — applied as the
 * cast of strings, not csv-stringify's `escape_formulas`, which also marks full-width = + - @ that
 * our readers would not unmark, so an exported file would no longer import as it was.
 */
export type Cell = string | number | boolean | null | undefined;

export const BOM = '\uFEFF';

const OPTIONS: Options = {
  record_delimiter: '\r\n',
  // A cell holding a lone LF or CR is quoted too (by default only the record delimiter is).
  quote_record_delimiter: true,
  cast: {
    string: protectCell,
    // csv-stringify writes true as "1" and false as "": we write the words.
    boolean: (value) => String(value),
  },
};

/** One record, ended by CRLF. */
export const csvLine = (cells: readonly Cell[]): string => stringify([[...cells]], OPTIONS);

/** A whole file held in memory (a standard: at most a few thousand rows): BOM, then each row. */
export const csvFile = (rows: readonly (readonly Cell[])[]): string =>
  BOM +
  stringify(
    rows.map((cells) => [...cells]),
    OPTIONS,
  );

/** The lines of a CSV file: the header first, then each row as the rows arrive. */
export async function* csvLines(
  header: readonly string[],
  rows: AsyncIterable<readonly Cell[]>,
  counter: { rows: number },
): AsyncIterable<string> {
  yield BOM + csvLine(header);
  for await (const row of rows) {
    counter.rows += 1;
    yield csvLine(row);
  }
}
