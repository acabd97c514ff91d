import { BOM, csvLine, type Cell } from '@ccsc/contract/csv';

export { BOM, csvCell, csvLine, type Cell } from '@ccsc/contract/csv';

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
