/** CSV as the console reads and writes it (src/exports/), for the tests that read its downloads. */
export { readCsv, type CsvFile, type CsvProblem, type CsvRecord } from '../exports/read-csv';
export { BOM, csvFile, csvLine, type Cell } from '../exports/csv';
