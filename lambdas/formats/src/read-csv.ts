// csv-parse's Node build, or its browser build (which brings its own Buffer) where the bundler
// asks for the browser's: package.json "imports" picks one.
import { CsvError, type InfoField, parse } from '#csv-parse';

/**
 * CSV as people's spreadsheets write it (RFC 4180), read by csv-parse: fields in double quotes
 * may hold the delimiter, line breaks and quotes (doubled, ""); lines end in CRLF, LF or CR (any
 * mix); a UTF-8 byte-order mark is dropped; blank lines are left out. The delimiter is a comma, or
 * a semicolon (what spreadsheets write where the comma is the decimal sign) when the header line
 * has more of those outside quotes. The reader never throws on bad input: what it cannot read it
 * reports by the line the record starts on, and keeps the record, flagged. One reader for both
 * ends: the lambdas read registry imports with it, the web a standard's CSV file in the browser.
 *
 * What csv-parse does not give as we need it, done here: the delimiter (its `delimiter_auto`
 * scores the whole sample, we decide by the header alone, as before); the line a record starts on
 * (its `info.lines` is where a record ends and counts a CRLF inside quotes twice); a quoted field
 * with text after its closing quote (read with `relax_quotes` so that the reader goes on at the
 * next delimiter as before, then flagged: its raw text is not the quoting of its value).
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

const BOM = '\uFEFF';
const UNCLOSED = 'A quoted field is not closed.';
const TEXT_AFTER_QUOTE =
  'Text follows a closing quote: a quote inside a quoted field is written twice ("").';

/** Line ends in a text (CRLF counts once). */
const lineEnds = (text: string): number => text.match(/\r\n|\r|\n/g)?.length ?? 0;

/** The delimiter of the header line: commas and semicolons counted outside quotes. */
const delimiterOf = (text: string): ',' | ';' => {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const c of text) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\r' || c === '\n')) break;
    else if (!quoted && c === ',') commas += 1;
    else if (!quoted && c === ';') semicolons += 1;
  }
  return semicolons > commas ? ';' : ',';
};

/** How a field is quoted when it was read whole: its value in quotes, inner quotes doubled. */
const quoted = (value: string): string => `"${value.replaceAll('"', '""')}"`;

/** With `raw`, csv-parse hands each record over as { record, raw } (its types say string[]). */
const cellsOf = (entry: unknown): string[] =>
  typeof entry === 'object' && entry !== null && 'record' in entry && Array.isArray(entry.record)
    ? entry.record.filter((cell): cell is string => typeof cell === 'string')
    : [];

export const readCsv = (input: string): CsvFile => {
  const delimiter = delimiterOf(input.startsWith(BOM) ? input.slice(1) : input);
  const records: CsvRecord[] = [];
  const problems: CsvProblem[] = [];
  // The line after the last record read, and the blank lines csv-parse had skipped by then: the
  // next record starts after the blank lines skipped since.
  let next = 1;
  let blanks = 0;
  const startOf = (emptyLines: number): number => next + emptyLines - blanks;
  let broken = false;
  // How much of the record's raw text the fields before this one took (with their delimiter).
  let taken = 0;

  const cast = (value: string, context: InfoField): string => {
    const raw = context.raw ?? '';
    // A record's raw text begins with one line-end character per blank line skipped before it.
    if (context.index === 0) taken = raw.length - raw.replace(/^[\r\n]+/, '').length;
    // Less the character that ended the field (the delimiter or a line end), if one did.
    const field = raw.slice(taken).replace(/[,;\r\n]$/, '');
    taken = raw.length;
    if (context.quoting && field !== quoted(value)) {
      broken = true;
      problems.push({ line: startOf(context.empty_lines), message: TEXT_AFTER_QUOTE });
    }
    return value;
  };

  const keep = (cells: string[], emptyLines: number): void => {
    const line = startOf(emptyLines);
    blanks = emptyLines;
    next = line + 1 + cells.reduce((n, cell) => n + lineEnds(cell), 0);
    const blank = cells.length === 1 && cells[0] === '';
    if (!blank || broken) records.push({ line, cells, broken });
    broken = false;
  };

  try {
    parse(input, {
      bom: true,
      delimiter,
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      raw: true,
      cast,
      on_record: (entry: unknown, context) => {
        keep(cellsOf(entry), context.empty_lines);
        return null;
      },
      on_skip: (err) => {
        // Left with relax_quotes: a quote opened and never closed, which takes the rest of the file.
        const emptyLines = typeof err?.empty_lines === 'number' ? err.empty_lines : blanks;
        const line = startOf(emptyLines);
        problems.push({
          line,
          message:
            err === undefined || err.code === 'CSV_QUOTE_NOT_CLOSED' ? UNCLOSED : err.message,
        });
        records.push({ line, cells: [], broken: true });
        broken = false;
        return undefined;
      },
    });
  } catch (err) {
    // Not expected with these options; the file is reported, never thrown.
    const message = err instanceof CsvError ? err.message : 'The file could not be read.';
    problems.push({ line: next, message });
  }
  return { delimiter, records, problems };
};
