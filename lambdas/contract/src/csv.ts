/**
 * CSV as people's spreadsheets write it (RFC 4180): fields in double quotes may hold the
 * delimiter, line breaks and quotes (doubled, ""); lines end in CRLF, LF or CR; a UTF-8
 * byte-order mark is dropped. The delimiter is a comma, or a semicolon (what spreadsheets write
 * where the comma is the decimal sign) when the header line has more of those outside quotes.
 * The reader never throws on bad input: what it cannot read it reports by line.
 */

export interface CsvRecord {
  /** The line of the file the record starts on (1 is the header). */
  line: number;
  cells: string[];
  /** The record could not be read whole (a problem says why): its cells are not to be used. */
  broken: boolean;
}

export interface CsvProblem {
  line: number;
  message: string;
}

export interface CsvFile {
  delimiter: ',' | ';';
  /** Every record, the header first; blank lines left out, broken ones kept (and flagged). */
  records: CsvRecord[];
  problems: CsvProblem[];
}

const QUOTE = 34;
const CR = 13;
const LF = 10;
const isLineEnd = (c: number) => c === CR || c === LF;
/** Line ends inside a quoted field (CRLF counts once), to keep the line numbers true. */
const lineEnds = (chunk: string): number => chunk.match(/\r\n|\r|\n/g)?.length ?? 0;

/** The delimiter of the header line: counted outside quotes. */
const delimiterOf = (text: string): ',' | ';' => {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) quoted = !quoted;
    else if (!quoted && (c === CR || c === LF)) break;
    else if (!quoted && c === 44) commas += 1;
    else if (!quoted && c === 59) semicolons += 1;
  }
  return semicolons > commas ? ';' : ',';
};

export const readCsv = (input: string): CsvFile => {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const delimiter = delimiterOf(text);
  const sep = delimiter.charCodeAt(0);
  const records: CsvRecord[] = [];
  const problems: CsvProblem[] = [];
  let line = 1;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const start = line;
    const cells: string[] = [];
    let broken = false;
    // One record: fields until a line end outside quotes, or the end of the text.
    for (;;) {
      let cell = '';
      if (text.charCodeAt(i) === QUOTE) {
        i += 1;
        let closed = false;
        // Runs of text up to the next quote; a doubled quote is one quote and goes on.
        for (;;) {
          const quote = text.indexOf('"', i);
          const chunk = text.slice(i, quote < 0 ? n : quote);
          cell += chunk;
          line += lineEnds(chunk);
          if (quote < 0) {
            i = n;
            break;
          }
          if (text.charCodeAt(quote + 1) === QUOTE) {
            cell += '"';
            i = quote + 2;
            continue;
          }
          i = quote + 1;
          closed = true;
          break;
        }
        if (!closed) {
          problems.push({ line: start, message: 'A quoted field is not closed.' });
          broken = true;
        } else {
          // After the closing quote: the delimiter, a line end or the end; anything else is
          // text outside the quotes.
          const next = i < n ? text.charCodeAt(i) : -1;
          if (next !== -1 && next !== sep && next !== CR && next !== LF) {
            problems.push({
              line: start,
              message:
                'Text follows a closing quote: a quote inside a quoted field is written twice ("").',
            });
            broken = true;
            while (i < n && text.charCodeAt(i) !== sep && !isLineEnd(text.charCodeAt(i))) {
              i += 1;
            }
          }
        }
      } else {
        const from = i;
        while (i < n) {
          const c = text.charCodeAt(i);
          if (c === sep || c === CR || c === LF) break;
          i += 1;
        }
        cell = text.slice(from, i);
      }
      cells.push(cell);
      if (i < n && text.charCodeAt(i) === sep) {
        i += 1;
        continue;
      }
      break;
    }
    // The line end (CRLF, LF or CR).
    if (i < n) {
      if (text.charCodeAt(i) === CR && text.charCodeAt(i + 1) === LF) i += 2;
      else i += 1;
      line += 1;
    }
    const blank = cells.length === 1 && cells[0] === '';
    if (!blank || broken) records.push({ line: start, cells, broken });
  }
  return { delimiter, records, problems };
};

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

/**
 * A cell as typed before an export protected it (`csvCell` puts an apostrophe before a cell a
 * spreadsheet would run as a formula), so an exported file imports as it was.
 */
export const unprotectCell = (cell: string): string =>
  /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
