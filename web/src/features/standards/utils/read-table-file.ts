import { type ReadTable, tableToRows } from '@ccsc/contract/standard-rows';

/**
 * A mapping file read in the browser into rows, before anything is sent: a CSV file by
 * @ccsc/formats' reader (csv-parse, through csv-rows.ts), an XLSX workbook's first sheet by
 * `read-excel-file` — each loaded only when such a file is chosen, a chunk of its own — into the
 * same table of cells (tableToRows). The server reads neither: it gets the rows.
 */

export type FileKind = 'csv' | 'xlsx';

export const kindOfFile = (name: string): FileKind | null => {
  if (/\.xlsx$/i.test(name)) return 'xlsx';
  if (/\.(csv|txt)$/i.test(name)) return 'csv';
  return null;
};

type SheetCell = string | number | boolean | Date | null | typeof Date;

/** A cell as text: numbers as written, dates as YYYY-MM-DD, empty cells as ''. */
const textOf = (cell: SheetCell | undefined): string => {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date)
    return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  if (typeof cell === 'string') return cell;
  if (typeof cell === 'number' || typeof cell === 'boolean') return String(cell);
  return '';
};

/** A sheet's rows as the table tableToRows reads: line 1 is the header; empty rows left out. */
export const tableOfSheet = (
  sheet: readonly (readonly (SheetCell | undefined)[])[],
): { line: number; cells: string[] }[] =>
  sheet
    .map((cells, i) => ({ line: i + 1, cells: cells.map(textOf) }))
    .filter((row) => row.cells.some((cell) => cell.trim() !== ''));

/** The rows of an XLSX workbook's first sheet. Throws when the file is no workbook. */
export const xlsxToRows = async (data: ArrayBuffer): Promise<ReadTable> => {
  const { readSheet } = await import('read-excel-file/universal');
  const sheet = await readSheet(data);
  return tableToRows(tableOfSheet(sheet));
};

/** The rows of a chosen file, by its kind. Throws when it cannot be read at all. */
export const readTableFile = async (file: File, kind: FileKind): Promise<ReadTable> => {
  if (kind === 'xlsx') return xlsxToRows(await file.arrayBuffer());
  const { csvToRows } = await import('./csv-rows');
  return csvToRows(await file.text());
};
