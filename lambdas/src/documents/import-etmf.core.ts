import {
  type ImportDeps,
  type Routes,
  STEP_BUDGET_MS,
  MAX_VALUE,
  LEASE_SLACK_MS,
  studyTarget,
  importAudit,
  visibleImport,
  detailOf,
} from './import-etmf-kit';
import { REPLACED, type Run } from './import-etmf-files';
import { validate } from './import-etmf-inventory';
import { MovedError, type StepAnswer, type Write, importObject } from './import-etmf-step';
import { OPEN_CONNECTION_STATUSES } from '@ccsc/contract/organisations';
import { catalogueOf } from '@ccsc/contract/tmf-catalogue';
import { ConflictError, NotFoundError } from '../core/errors';
import type { Core } from '../core/request';
import { readExchangeXml } from './exchange/exchange-parse';
import { openZip, ZipReadError, type ZipArchive } from './exchange/zip-reader';
import type { ImportRecord } from '../core/ports/document-imports';
import type { ConnectionRecord } from '../core/ports/registry';

/**
 * eTMF-EMS import (issue 17; issue 34): a package from a CRO or another eTMF filed into a study.
 *
 * The package is uploaded where senders' files go (`incoming/`, which expires) and read where it
 * lies, by ranges (openZip), never whole. exchange.xml is validated against the standard's XSD
 * first (import-etmf-inventory.ts); an inventory with a problem is refused whole. Then object by
 * object, in inventory order (import-etmf-step.ts): its artifact through the crosswalk by number
 * and name (import-etmf-placement.ts: certain, a conflict for a person, or unknown), the level
 * the artifact allows, a site-level object's SITEID among the study's sites; then each of its
 * files, named by CONTENTURL, of a kind the hub keeps, hashed with the algorithm its INTEGRITY
 * names (any form exporters write: exchange/integrity-forms.ts) into a stage under incoming/.
 *
 * All or nothing per object: only once every file of an object verified are its stages copied
 * under `records/` (through a SHA-256 that must match the first reading) and all its rows written
 * in one transaction. An object with any file that did not verify is listed with each file's
 * outcome, nothing of it filed; an uncertain object is a conflict, its files verified and staged,
 * filed only when a person says as what (import-etmf-resolve.core.ts). Nothing unverified is ever
 * written under `records/`.
 *
 * Each file's check is written with the import's progress, and each object's outcome in one
 * transaction with it, so a call that runs out of time, or a process that dies, loses nothing:
 * the next call goes on where the import says. A file a study holds already (the same source,
 * object, version and hash) is not filed again. One call at a time works on an import (a lease).
 */

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
  const write: Write = async (next, row = { kind: 'none' }) => {
    const outcome = await deps.imports.step(next, record.revision, row);
    if (outcome === 'written') {
      record = next;
      if (run !== null) run.record = next;
    }
    return outcome;
  };
  let run: Run | null = null;
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
  run = {
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
  // At least one file a call, so every call moves the import on.
  const mayStart = () => {
    if (worked > 0 && deps.clock.now().getTime() > deadline) return false;
    worked += 1;
    return true;
  };
  for await (const item of checkedItems()) {
    // The inventory validated once; a problem now means its bytes are not those any more.
    if (item.kind === 'problem' || item.kind === 'replaced') return reject(REPLACED);
    if (item.kind !== 'object') continue;
    position += 1;
    if (position < record.next.object) continue;
    run.record = record;
    let answer: StepAnswer;
    try {
      answer = await importObject({ object: item.object, position, mayStart }, run, write, deps);
    } catch (err) {
      if (err instanceof MovedError) throw new ConflictError(err.message);
      throw err;
    }
    if (answer === 'stopped') {
      stopped = true;
      break;
    }
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
