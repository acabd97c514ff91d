import { MAX_VALUE, MAX_INVENTORY_BYTES, PROBLEMS_KEPT, clip } from './import-etmf-kit';
import type { EmsBatch } from './exchange/ems-schema';
import { readExchangeXml } from './exchange/exchange-parse';
import { findExchangeXml } from './exchange/layout';
import { ZipReadError, type ZipArchive } from './exchange/zip-reader';
import type { ImportRecord } from '../core/ports/document-imports';

/** The eTMF-EMS import's first reading of a package (import-etmf.core.ts). */

/** The package's first reading: a zip, one exchange.xml, valid. A problem rejects it whole. */
export const validate = async (
  zip: ZipArchive,
): Promise<
  | Pick<ImportRecord, 'inventory' | 'inventoryCheck' | 'batch' | 'objects' | 'files' | 'problems'>
  | string
> => {
  const inventory = findExchangeXml(zip.entries.filter((e) => !e.directory).map((e) => e.name));
  if (inventory === null) {
    return 'The package has no exchange.xml at its top (or more than one at the same depth).';
  }
  const entry = zip.entries.find((e) => e.name === inventory);
  if (entry === undefined) return 'The package has no exchange.xml.';
  if (entry.size > MAX_INVENTORY_BYTES) {
    return `${inventory} has ${String(entry.size)} bytes; the hub reads one of at most 64 MB (split the transfer into several packages).`;
  }
  let batch: EmsBatch | null = null;
  let objects = 0;
  let files = 0;
  const problems: { line: number; message: string }[] = [];
  try {
    for await (const item of readExchangeXml(zip.entryStream(entry), {
      maxValueLength: MAX_VALUE,
      maxProblems: PROBLEMS_KEPT,
    })) {
      if (item.kind === 'batch') batch = item.batch;
      else if (item.kind === 'object') {
        objects += 1;
        files += item.object.files.length;
      } else problems.push({ line: item.problem.line, message: clip(item.problem.message, 300) });
    }
  } catch (err) {
    if (!(err instanceof ZipReadError)) throw err;
    return `${inventory} cannot be read from the package: ${err.message}`;
  }
  if (problems.length > 0 || batch === null || objects === 0) {
    return {
      inventory,
      inventoryCheck: null,
      batch: null,
      objects,
      files,
      problems:
        problems.length > 0
          ? problems
          : [{ line: 1, message: 'The inventory lists no OBJECT: there is nothing to file.' }],
    };
  }
  return {
    inventory,
    inventoryCheck: { size: entry.size, crc32: entry.crc32 },
    objects,
    files,
    problems: [],
    batch: {
      studyId: batch.studyId,
      transferSourceId: batch.transferSourceId,
      transferId: batch.transferId,
      specificationId: batch.specificationId,
      tmfRmVersion: batch.tmfRmVersion,
    },
  };
};
