import type { FiledRecord, ImportStore } from '../core/ports/document-imports';
import type { DocumentFiles } from '../core/ports/documents';

/**
 * The files a study's imports filed, for its export (export-etmf.core.ts): read import by import
 * (oldest first) and page by page, so an export holds one page at a time. An imported document is
 * exported with what the import kept of it (export-objects.ts `importedObjectOf`).
 */

/** How many of a study's imports an export reads (the newest). */
export const IMPORTS_READ = 1000;
const PAGE = 100;

export async function* filedFiles(
  imports: Pick<ImportStore, 'studyImports' | 'filedPage'>,
  studyId: string,
  keep: (row: FiledRecord) => boolean,
): AsyncIterable<FiledRecord> {
  const newestFirst = await imports.studyImports(studyId, IMPORTS_READ);
  for (const found of newestFirst.reverse()) {
    let after = 0;
    let more = true;
    while (more) {
      const page = await imports.filedPage(found.importId, after, PAGE);
      for (const row of page.rows) {
        after = row.seq;
        if (keep(row)) yield row;
      }
      more = page.hasMore && page.rows.length > 0;
    }
  }
}

/** Whether the files hold one at all (read no further than the first). */
export const anyFiled = async (rows: AsyncIterable<FiledRecord>): Promise<boolean> => {
  const reading = rows[Symbol.asyncIterator]();
  const first = await reading.next();
  await reading.return?.();
  return first.done !== true;
};

/** A filed file's own key among the paths an export hands out. */
export const filedKeyOf = (row: Pick<FiledRecord, 'importId' | 'seq'>): string =>
  `import:${row.importId}:${String(row.seq)}`;

/**
 * The filed files grouped by object (consecutive files of the same import, object and version:
 * an import files an object's files one after another), each file with its path in the package.
 */
export async function* filedObjectsOf(
  rows: AsyncIterable<FiledRecord>,
  pathOf: ReadonlyMap<string, string>,
): AsyncIterable<{ row: FiledRecord; contentUrl: string }[]> {
  let group: { row: FiledRecord; contentUrl: string }[] = [];
  let key = '';
  for await (const row of rows) {
    const contentUrl = pathOf.get(filedKeyOf(row));
    if (contentUrl === undefined) continue;
    const own = JSON.stringify([row.importId, row.objectId, row.version]);
    if (own !== key && group.length > 0) {
      yield group;
      group = [];
    }
    key = own;
    group.push({ row, contentUrl });
  }
  if (group.length > 0) yield group;
}

/** GuardDuty's verdict tag for a kept file the scan found clean. */
const CLEAN = 'NO_THREATS_FOUND';

/**
 * The filed files by object (consecutive files of the same import, object and version), each
 * object said clean only when the malware scan tagged every one of its files clean (an imported
 * file is scanned where it is kept, as a sent one is; its verdict is read from the tag).
 */
export async function* scannedObjectsOf(
  rows: AsyncIterable<FiledRecord>,
  files: Pick<DocumentFiles, 'scanStatusOf'>,
): AsyncIterable<{ rows: FiledRecord[]; clean: boolean }> {
  let group: FiledRecord[] = [];
  let key = '';
  const judged = async (of: FiledRecord[]) => {
    const tags = await Promise.all(of.map((row) => files.scanStatusOf(row.objectKey)));
    return { rows: of, clean: tags.every((tag) => tag === CLEAN) };
  };
  for await (const row of rows) {
    const own = JSON.stringify([row.importId, row.objectId, row.version]);
    if (own !== key && group.length > 0) {
      yield await judged(group);
      group = [];
    }
    key = own;
    group.push(row);
  }
  if (group.length > 0) yield await judged(group);
}
