import { indexCatalogue } from '@ccsc/contract/standard-rows';
import { catalogueOf } from '@ccsc/contract/tmf-catalogue';
import {
  type ImportDeps,
  type Routes,
  detailOf,
  importAudit,
  studyTarget,
  visibleImport,
} from './import-etmf-kit';
import { levelProblem } from './import-etmf-files';
import {
  type Kept,
  StageGoneError,
  filedRowsOf,
  keepVerified,
  markHeld,
} from './import-etmf-objects';
import { ConflictError, NotFoundError, ValidationError } from '../core/errors';
import type { Core } from '../core/request';
import type { ConflictRecord, ImportRecord } from '../core/ports/document-imports';

/**
 * A person resolves a conflict of an import (issue 34): `file` — the whole object filed as the
 * artifact they chose from the catalogue — or `skip`. Authorised as the import itself (the
 * study's sponsor side, a PlatformAdmin), audited once, in one step with the import's counts.
 *
 * Filing keeps the same verification as the import: the object's files were verified against
 * their INTEGRITY when it was imported and staged under incoming/; each stage is copied under
 * records/ through SHA-256, which must be the one verified, and only then are all its rows
 * written in one transaction (with the conflict, only while it is still open). A call cut short
 * leaves the conflict open and no row written: calling again with the same decision finishes it
 * (the copies are made again, under the same keys); calling again once it is done answers the
 * report; another decision then answers 409.
 */

/** How often a step crossed by the import's own progress is tried again. */
const ATTEMPTS = 5;

const sameDecision = (
  conflict: ConflictRecord,
  input: { action: string; artifactNumber?: string },
) =>
  input.action === 'skip'
    ? conflict.state === 'skipped'
    : conflict.state === 'filed' && conflict.filedAs?.number === input.artifactNumber;

export const resolveConflict: Core<Routes['s3documents/import-resolve'], ImportDeps> = async (
  input,
  ctx,
  deps,
) => {
  let record = await visibleImport(input.importId, ctx.caller, deps);
  const catalogue = catalogueOf('3.3');
  if (catalogue === null) throw new Error('The TMF Reference Model 3.3 catalogue is missing.');
  const artifact =
    input.artifactNumber === undefined
      ? null
      : (indexCatalogue(catalogue).artifacts.get(input.artifactNumber) ?? null);
  if (input.action === 'file' && artifact === null) {
    throw new ValidationError('That artifact is not in the catalogue.', [
      {
        path: 'artifactNumber',
        message: `${input.artifactNumber ?? ''} is not an artifact of the TMF Reference Model ${catalogue.release}.`,
      },
    ]);
  }
  let kept: Kept[] | null = null;
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const conflict = await deps.imports.getConflict(record.importId, input.seq);
    if (conflict === null) throw new NotFoundError('The import has no conflict with that number.');
    if (conflict.state !== 'open') {
      if (sameDecision(conflict, input)) return { import: await detailOf(record, deps) };
      throw new ConflictError(
        `Conflict ${String(conflict.seq)} (${conflict.objectId}) was ${conflict.state === 'filed' ? `filed as ${conflict.filedAs?.number ?? '?'}` : 'skipped'} already, by ${conflict.resolvedBy ?? '?'}.`,
      );
    }
    if (artifact !== null) {
      const problem = levelProblem(artifact, {
        objectLevel: ({ trial: 'Trial', country: 'Country', site: 'Site' } as const)[
          conflict.level
        ],
      });
      if (problem !== null) {
        throw new ValidationError('The object cannot be filed as that artifact.', [
          { path: 'artifactNumber', message: problem },
        ]);
      }
    }
    const at = deps.clock.now().toISOString();
    const resolved: ConflictRecord = {
      ...conflict,
      state: artifact === null ? 'skipped' : 'filed',
      resolvedBy: ctx.caller.email,
      resolvedAt: at,
      filedAs: artifact === null ? null : { number: artifact.number, name: artifact.name },
    };
    if (artifact !== null) {
      try {
        kept ??= await keepVerified(
          { record, position: conflict.object, checks: conflict.checks },
          deps,
        );
      } catch (err) {
        if (err instanceof StageGoneError) throw new ConflictError(err.message);
        throw err;
      }
    }
    const rows =
      artifact === null || kept === null
        ? []
        : filedRowsOf({
            record,
            kept,
            claims: conflict.claims,
            artifact,
            filing: conflict.filing,
            at,
            firstSeq: record.filed + 1,
          });
    const files = conflict.checks.length;
    const next: ImportRecord = {
      ...record,
      revision: record.revision + 1,
      conflicts: Math.max(0, (record.conflicts ?? 1) - 1),
      ...(artifact === null
        ? {}
        : {
            filed: record.filed + rows.length,
            alreadyFiled: record.alreadyFiled + files - rows.length,
            conflictFiles: Math.max(0, (record.conflictFiles ?? files) - files),
          }),
    };
    const outcome = await deps.imports.step(next, record.revision, {
      kind: 'resolved',
      row: resolved,
      rows,
    });
    if (outcome === 'written') {
      await deps.audit.appendAll(
        importAudit(ctx, next, {
          action:
            artifact === null ? 'study.import-conflict-skipped' : 'study.import-conflict-filed',
          target: studyTarget(next),
          before: { artifactNumber: conflict.artifactNumber, uniqueId: conflict.uniqueId },
          after: {
            importId: next.importId,
            seq: conflict.seq,
            objectId: conflict.objectId,
            filedAs: resolved.filedAs?.number ?? null,
            files,
            filed: rows.length,
          },
        }),
      );
      return { import: await detailOf(next, deps) };
    }
    if (outcome === 'claimed' && kept !== null) {
      kept = await markHeld(record.studyId, kept, conflict.claims, deps);
    }
    // The import moved on meanwhile (its own progress, or another decision): read it again.
    const again = await deps.imports.getImport(record.importId);
    if (again === null) throw new NotFoundError('No import with that id is within your reach.');
    record = again;
  }
  throw new ConflictError('The import kept changing meanwhile; try again in a moment.');
};
