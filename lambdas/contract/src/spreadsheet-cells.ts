/**
 * Cells a spreadsheet would run as a formula: a cell starting with = + - @, a tab or a carriage
 * return. Exported names and notes are typed by people, and "=HYPERLINK(...)" must stay text (CSV
 * injection), so the CSV writer (@ccsc/formats, csv-stringify) puts an apostrophe before such a
 * cell and every reader takes it off again, so that an exported file imports as it was. Both ends
 * apply the one rule, hence here; the CSV format itself is read and written by @ccsc/formats.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell as it is written: with an apostrophe before it when it could run as a formula. */
export const protectCell = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/** A cell as typed before an export protected it. */
export const unprotectCell = (cell: string): string =>
  /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
