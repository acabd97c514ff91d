/**
 * CSV as spreadsheets read it (RFC 4180, CRLF line ends, UTF-8 with a byte-order mark so that
 * Excel shows non-ASCII names right). A cell that a spreadsheet would run as a formula (starting
 * with = + - @, a tab or a carriage return) is prefixed with an apostrophe: exported names are
 * typed by people, and "=HYPERLINK(...)" must stay text (CSV injection).
 */
export type Cell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export const csvCell = (value: Cell): string => {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

export const csvLine = (cells: readonly Cell[]): string => `${cells.map(csvCell).join(',')}\r\n`;

export const BOM = '\uFEFF';

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

/** A file name with the time it was made, e.g. users-2026-11-22-1405.csv (UTC). */
export const exportFileName = (kind: string, at: Date): string =>
  `${kind}-${at.toISOString().slice(0, 16).replace('T', '-').replace(':', '')}.csv`;
