import { type ReadTable, tableToRows } from '@ccsc/contract/standard-rows';
import { readCsv } from '@ccsc/formats/read-csv';

/**
 * A mapping file's CSV as rows. Loaded only when a CSV file is chosen (read-table-file.ts imports
 * it on demand), a chunk of its own with the reader: the one the lambdas use for registry imports
 * (@ccsc/formats, csv-parse's browser build here).
 */

/** A CSV file as rows (comma or semicolon delimited, with or without BOM). */
export const csvToRows = (text: string): ReadTable => {
  const file = readCsv(text);
  const read = tableToRows(file.records.filter((r) => !r.broken));
  return {
    ...read,
    problems: [...file.problems, ...read.problems].sort((a, b) => a.line - b.line),
  };
};
