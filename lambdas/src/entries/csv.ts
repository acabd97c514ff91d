/** CSV as the console reads and writes it (src/core/csv/), for the tests that read its downloads. */
export { readCsv, type CsvFile, type CsvProblem, type CsvRecord } from '../core/csv/read-csv';
export { BOM, csvFile, csvLine, type Cell } from '../core/csv/csv';
