import {
  type ImportDeps,
  type Routes,
  STEP_BUDGET_MS,
  MAX_VALUE,
  MAX_INVENTORY_BYTES,
  PROBLEMS_KEPT,
  clip,
  LEASE_SLACK_MS,
  studyTarget,
  importAudit,
  visibleImport,
  detailOf,
} from './import-etmf-kit';
import { REPLACED, type Run, fileOutcome } from './import-etmf-files';
import { OPEN_CONNECTION_STATUSES } from '@ccsc/contract/organisations';
import { catalogueOf } from '@ccsc/contract/tmf-catalogue';
import { ConflictError, NotFoundError } from '../core/errors';
import type { Core } from '../core/request';
import type { EmsBatch } from './exchange/ems-schema';
import { readExchangeXml } from './exchange/exchange-parse';
import { findExchangeXml } from './exchange/layout';
import { openZip, ZipReadError, type ZipArchive } from './exchange/zip-reader';
import {
  type ImportRecord,
  type ImportStepRow,
  type NotFiledRecord,
} from '../core/ports/document-imports';
import type { ConnectionRecord } from '../core/ports/registry';

/**
 * eTMF-EMS import (issue 17): a package from a CRO or another eTMF filed into a study.
 *
 * The package is uploaded where senders' files go (`incoming/`, which expires) and read where it
 * lies, by ranges (openZip), never whole. exchange.xml is validated against the standard's XSD
 * first; an inventory with a problem is refused whole. Then each object's files, in inventory
 * order: the artifact by its number in TMF RM 3.3 (its UNIQUEID must agree), the level the
 * artifact allows, a site-level object's SITEID among the study's sites, the file named by
 * CONTENTURL, a kind of file the hub keeps — then the file is hashed with the algorithm its
 * INTEGRITY names and, only if it matches, read again into the documents bucket through a
 * SHA-256 that must match the first reading: what is kept is what was verified, and nothing
 * unverified is ever written under `records/`.
 *
 * Each file's outcome is written in one transaction with the import's progress (the filed row,
 * the study's claim on it, its artifact counter; or the row saying why not), so a call that runs
 * out of time, or a process that dies, loses nothing: the next call goes on where the import
 * says. A file a study holds already (the same source, object, version and hash) is not filed
 * again. One call at a time works on an import (a lease on it).
 */

/** The package's first reading: a zip, one exchange.xml, valid. A problem rejects it whole. */
const validate = async (
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

export const runImport: Core<Routes['s3documents/import-etmf'], ImportDeps> = async (
  input,
  ctx,
  deps,
) => {
  let record = await visibleImport(input.importId, ctx.caller, deps);
  if (record.state === 'completed' || record.state === 'rejected') {
    return { import: await detailOf(record, deps) };
  }
  const now = deps.clock.now();
  if (record.leaseUntil !== null && record.leaseUntil > now.toISOString()) {
    // Another call is importing it right now: its progress so far.
    return { import: await detailOf(record, deps) };
  }
  const budget = deps.budgetMs ?? STEP_BUDGET_MS;
  const size = await deps.files.sizeOf(record.uploadKey);
  if (size === null) {
    if (record.state === 'awaiting-upload') {
      throw new ConflictError(
        'The package has not been uploaded yet: PUT the zip to the upload link first.',
      );
    }
    throw new ConflictError('The uploaded package has expired; start a new import.');
  }

  /** Writes the import (with a step's row); false when another call moved it on meanwhile. */
  const write = async (next: ImportRecord, row: ImportStepRow = { kind: 'none' }) => {
    const outcome = await deps.imports.step(next, record.revision, row);
    if (outcome === 'written') record = next;
    return outcome;
  };
  const taken = await write({
    ...record,
    revision: record.revision + 1,
    state: 'importing',
    leaseUntil: new Date(now.getTime() + budget + LEASE_SLACK_MS).toISOString(),
  });
  if (taken !== 'written') {
    throw new ConflictError('Another call is importing this package; try again in a moment.');
  }

  const reject = async (rejection: string, problems: ImportRecord['problems'] = []) => {
    await write({
      ...record,
      revision: record.revision + 1,
      state: 'rejected',
      rejection,
      problems,
      completedAt: deps.clock.now().toISOString(),
      leaseUntil: null,
    });
    await deps.audit.appendAll(
      importAudit(ctx, record, {
        action: 'study.import-rejected',
        target: studyTarget(record),
        after: {
          importId: record.importId,
          rejection,
          problems: problems.length,
          filed: record.filed,
          alreadyFiled: record.alreadyFiled,
          notFiled: record.notFiled,
        },
      }),
    );
    return { import: await detailOf(record, deps) };
  };

  if (size !== record.size) {
    return reject(
      `The package uploaded has ${String(size)} bytes, not the ${String(record.size)} announced.`,
    );
  }
  const snapshot = await deps.registry.snapshot();
  const study = snapshot.studies.get(record.studyId);
  if (study === undefined) throw new NotFoundError('The import’s study no longer exists.');
  let zip: ZipArchive;
  try {
    zip = await openZip((start, end) => deps.files.readRange(record.uploadKey, start, end), size);
  } catch (err) {
    if (!(err instanceof ZipReadError)) throw err;
    return reject(`The package is not a zip the hub can read: ${err.message}`);
  }
  if (record.inventory === null) {
    const checked = await validate(zip);
    if (typeof checked === 'string') return reject(checked);
    if (checked.problems.length > 0) {
      return reject(
        `${checked.inventory ?? 'exchange.xml'} does not validate against the eTMF-EMS schema: nothing was filed.`,
        checked.problems,
      );
    }
    if ((await write({ ...record, ...checked, revision: record.revision + 1 })) !== 'written') {
      throw new ConflictError('The import changed meanwhile; try again.');
    }
  }
  const found = catalogueOf('3.3');
  if (found === null) throw new Error('The TMF Reference Model 3.3 catalogue is missing.');
  // A study's site by its number: an open connection first, else any it had.
  const sitesByNumber = new Map<string, ConnectionRecord>();
  for (const c of snapshot.connections.values()) {
    if (c.studyId !== study.studyId) continue;
    const known = sitesByNumber.get(c.siteNumber);
    if (known === undefined || !OPEN_CONNECTION_STATUSES.includes(known.status)) {
      sitesByNumber.set(c.siteNumber, c);
    }
  }
  const run: Run = {
    record,
    zip,
    names: new Set(zip.entries.map((e) => e.name)),
    byName: new Map(zip.entries.map((e) => [e.name, e])),
    catalogue: found,
    study,
    sitesByNumber,
    at: now.toISOString(),
  };
  const inventory = zip.entries.find((e) => e.name === record.inventory);
  const check = record.inventoryCheck;
  if (
    inventory === undefined ||
    check === null ||
    inventory.size !== check.size ||
    inventory.crc32 !== check.crc32
  ) {
    return reject(REPLACED);
  }

  const deadline = now.getTime() + budget;
  let position = -1;
  let stopped = false;
  let worked = 0;
  const before = {
    filed: record.filed,
    alreadyFiled: record.alreadyFiled,
    notFiled: record.notFiled,
  };
  const items = readExchangeXml(zip.entryStream(inventory), { maxValueLength: MAX_VALUE });
  // The inventory's CRC-32 is checked at its end: a package replaced under the import fails it.
  const checkedItems = async function* () {
    try {
      yield* items;
    } catch (err) {
      if (!(err instanceof ZipReadError)) throw err;
      yield { kind: 'replaced' as const };
    }
  };
  for await (const item of checkedItems()) {
    // The inventory validated once; a problem now means its bytes are not those any more.
    if (item.kind === 'problem' || item.kind === 'replaced') return reject(REPLACED);
    if (item.kind !== 'object') continue;
    position += 1;
    if (position < record.next.object) continue;
    const files = item.object.files;
    for (let at = position === record.next.object ? record.next.file : 0; at < files.length;) {
      const file = files[at];
      if (file === undefined) break;
      // At least one file a call, so every call moves the import on.
      if (worked > 0 && deps.clock.now().getTime() > deadline) {
        stopped = true;
        break;
      }
      run.record = record;
      const outcome = await fileOutcome(
        item.object,
        file,
        { object: position, file: at },
        run,
        deps,
      );
      const next =
        at + 1 < files.length
          ? { object: position, file: at + 1 }
          : { object: position + 1, file: 0 };
      const base = { ...record, revision: record.revision + 1, next };
      let written: 'written' | 'moved' | 'claimed';
      if (outcome.kind === 'filed') {
        const row = { ...outcome.row, seq: record.filed + 1 };
        written = await write(
          { ...base, filed: record.filed + 1 },
          {
            kind: 'filed',
            row,
            claim: outcome.claim,
          },
        );
        // Filed by another import meanwhile: counted as already there.
        if (written === 'claimed')
          written = await write({ ...base, alreadyFiled: record.alreadyFiled + 1 });
      } else if (outcome.kind === 'already') {
        written = await write({ ...base, alreadyFiled: record.alreadyFiled + 1 });
      } else {
        const row: NotFiledRecord = {
          seq: record.notFiled + 1,
          objectId: clip(item.object.objectId, 255),
          fileName: outcome.fileName,
          artifactNumber: item.object.artifactNumber,
          reason: outcome.reason,
          detail: outcome.detail,
        };
        written = await write(
          { ...base, notFiled: record.notFiled + 1 },
          { kind: 'not-filed', row },
        );
      }
      if (written !== 'written') {
        throw new ConflictError('The import changed meanwhile; try again.');
      }
      worked += 1;
      at += 1;
    }
    if (stopped) break;
  }
  if (stopped) {
    await write({ ...record, revision: record.revision + 1, leaseUntil: null });
    // What this call filed is in the trail now, not only when (if ever) the import completes.
    await deps.audit.appendAll(
      importAudit(ctx, record, {
        action: 'study.import-progressed',
        target: studyTarget(record),
        after: {
          importId: record.importId,
          files: record.files,
          filed: record.filed - before.filed,
          alreadyFiled: record.alreadyFiled - before.alreadyFiled,
          notFiled: record.notFiled - before.notFiled,
          filedSoFar: record.filed,
        },
      }),
    );
    return { import: await detailOf(record, deps) };
  }
  await write({
    ...record,
    revision: record.revision + 1,
    state: 'completed',
    completedAt: deps.clock.now().toISOString(),
    leaseUntil: null,
  });
  await deps.audit.appendAll(
    importAudit(ctx, record, {
      action: 'study.imported-etmf',
      target: studyTarget(record),
      after: {
        importId: record.importId,
        fileName: record.fileName,
        transferSourceId: record.batch?.transferSourceId ?? null,
        transferId: record.batch?.transferId ?? null,
        objects: record.objects,
        files: record.files,
        filed: record.filed,
        alreadyFiled: record.alreadyFiled,
        notFiled: record.notFiled,
      },
    }),
  );
  return { import: await detailOf(record, deps) };
};
