import { MAX_OBJECT_FILES } from '@ccsc/contract/documents';
import type { ImportDeps } from './import-etmf-kit';
import { type Run, checkFile, placeOf } from './import-etmf-files';
import {
  type Verified,
  claimsOf,
  conflictOf,
  filedRowsOf,
  filingOf,
  keepVerified,
  markHeld,
  notFiledOf,
} from './import-etmf-objects';
import type { EmsObject } from './exchange/ems-schema';
import type { FileCheck, ImportRecord, ImportStepRow } from '../core/ports/document-imports';

/**
 * One object of the import, as far as a call's time goes (import-etmf.core.ts): placed, each of
 * its files checked (each check written with the progress, so the next call goes on from the
 * next file), then decided whole — filed, not filed, already held, or a conflict — in one step.
 */

export type Write = (
  next: ImportRecord,
  row?: ImportStepRow,
) => Promise<'written' | 'moved' | 'claimed'>;

export interface ObjectStep {
  object: EmsObject;
  position: number;
  /** Another file may be started (false once the call's time is up; checked before each). */
  mayStart: () => boolean;
}

/** The import moved on past this object (or not, when the call's time ran out first). */
export type StepAnswer = 'decided' | 'stopped';

const seqs = (record: ImportRecord) => ({
  notFiled: (record.notFiledRows ?? record.notFiled) + 1,
  conflict: (record.conflictRows ?? 0) + 1,
});

export const importObject = async (
  step: ObjectStep,
  run: Run,
  write: Write,
  deps: Pick<ImportDeps, 'files' | 'imports'>,
): Promise<StepAnswer> => {
  const { object, position } = step;
  const current = () => run.record;
  const past = (record: ImportRecord) => ({
    ...record,
    revision: record.revision + 1,
    next: { object: position + 1, file: 0 },
    checked: [],
  });
  const notFiled = async (checks: Parameters<typeof notFiledOf>[2]) => {
    const record = current();
    const row = notFiledOf(object, seqs(record).notFiled, checks);
    return write(
      {
        ...past(record),
        notFiled: record.notFiled + object.files.length,
        notFiledRows: row.seq,
      },
      { kind: 'not-filed', row },
    );
  };
  const moved = (outcome: 'written' | 'moved' | 'claimed') => {
    if (outcome !== 'written') throw new MovedError();
    return 'decided' as const;
  };

  if (object.files.length > MAX_OBJECT_FILES) {
    return moved(
      await notFiled({
        reason: 'too-many-files',
        detail: `The object has ${String(object.files.length)} files; the hub files at most ${String(MAX_OBJECT_FILES)} of one object together (split it into several objects).`,
      }),
    );
  }
  const place = placeOf(object, run);
  if (place.kind === 'refused') return moved(await notFiled(place));

  const start = current();
  // The checks of this object written by an earlier call (none when it is another object's).
  const checks: FileCheck[] =
    start.next.object === position ? (start.checked ?? []).slice(0, start.next.file) : [];
  while (checks.length < object.files.length) {
    const file = object.files[checks.length];
    if (file === undefined) break;
    if (!step.mayStart()) return 'stopped';
    const check = await checkFile(
      object,
      file,
      { object: position, file: checks.length },
      run,
      deps,
    );
    checks.push(check);
    if (checks.length < object.files.length) {
      const record = current();
      moved(
        await write({
          ...record,
          revision: record.revision + 1,
          next: { object: position, file: checks.length },
          checked: [...checks],
        }),
      );
    }
  }

  const verified = checks.filter((c): c is Verified => c.ok);
  if (verified.length < checks.length) return moved(await notFiled(checks));
  if (verified.every((c) => c.already)) {
    const record = current();
    return moved(
      await write({ ...past(record), alreadyFiled: record.alreadyFiled + verified.length }),
    );
  }
  if (place.kind === 'conflict') {
    const record = current();
    const row = conflictOf({
      object,
      position,
      seq: seqs(record).conflict,
      record,
      place,
      checks: verified,
    });
    return moved(
      await write(
        {
          ...past(record),
          conflicts: (record.conflicts ?? 0) + 1,
          conflictFiles: (record.conflictFiles ?? 0) + verified.length,
          conflictRows: row.seq,
        },
        { kind: 'conflict', row },
      ),
    );
  }
  const claims = claimsOf(current(), object, verified);
  let kept = await keepVerified({ record: current(), position, checks: verified }, deps);
  // Held meanwhile by another import (its claim written after our check): counted as already there.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const record = current();
    const rows = filedRowsOf({
      record,
      kept,
      claims,
      artifact: place.artifact,
      filing: filingOf(object, place.connection),
      at: run.at,
      firstSeq: record.filed + 1,
    });
    const outcome = await write(
      {
        ...past(record),
        filed: record.filed + rows.length,
        alreadyFiled: record.alreadyFiled + verified.length - rows.length,
      },
      rows.length === 0 ? { kind: 'none' } : { kind: 'filed', rows },
    );
    if (outcome !== 'claimed') return moved(outcome);
    kept = await markHeld(record.studyId, kept, claims, deps);
  }
  throw new MovedError();
};

/** The import changed under this call (another call, or a claim that keeps moving). */
export class MovedError extends Error {
  constructor() {
    super('The import changed meanwhile; try again.');
    this.name = 'MovedError';
  }
}
