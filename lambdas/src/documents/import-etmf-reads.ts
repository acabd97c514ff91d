import {
  type ImportDeps,
  type Routes,
  LISTED_IMPORTS,
  FILED_PAGE,
  studyTarget,
  importAudit,
  visibleImport,
  summaryOf,
  detailOf,
  publicFiled,
} from './import-etmf-kit';
import { reachOf } from '@ccsc/contract/reach';
import { NotFoundError, ValidationError } from '../core/errors';
import type { Caller, Core, RequestContext } from '../core/request';
import { LINK_SECONDS, onSponsorSide as sponsorSide } from './document-views';

/** The eTMF-EMS imports of a study read back: listed, one in detail, a filed file downloaded. */

// ---------------------------------------------------------------------------------------------
// Read
// ---------------------------------------------------------------------------------------------

export const listImports: Core<Routes['s3documents/imports'], ImportDeps> = async (
  input,
  ctx,
  deps,
) => {
  const snapshot = await deps.registry.snapshot();
  const study = snapshot.studies.get(input.studyId);
  if (study === undefined || !sponsorSide(reachOf(ctx.caller), study)) {
    throw new NotFoundError('No study with that id is within your reach.');
  }
  const imports = await deps.imports.studyImports(study.studyId, LISTED_IMPORTS);
  return { imports: imports.map(summaryOf) };
};

const readSeqCursor = (cursor: string | undefined): number => {
  if (cursor === undefined) return 0;
  const seq = /^f(\d{1,9})$/u.exec(cursor)?.[1];
  if (seq === undefined) {
    throw new ValidationError('The cursor does not belong to this list; start again.', [
      { path: 'cursor', message: 'The cursor does not belong to this list.' },
    ]);
  }
  return Number(seq);
};

export const getImport: Core<Routes['s3documents/import-get'], ImportDeps> = async (
  input,
  ctx,
  deps,
) => {
  const record = await visibleImport(input.importId, ctx.caller, deps);
  const page = await deps.imports.filedPage(
    record.importId,
    readSeqCursor(input.cursor),
    FILED_PAGE,
  );
  const last = page.rows.at(-1);
  return {
    import: await detailOf(record, deps),
    objects: page.rows.map(publicFiled),
    nextCursor: page.hasMore && last !== undefined ? `f${String(last.seq)}` : null,
  };
};

export const downloadImported: Core<Routes['s3documents/import-download'], ImportDeps> = async (
  input,
  ctx: RequestContext<Caller>,
  deps,
) => {
  const record = await visibleImport(input.importId, ctx.caller, deps);
  const filed = await deps.imports.getFiled(record.importId, input.seq);
  if (filed === null) throw new NotFoundError('The import filed no file with that number.');
  await deps.audit.appendAll(
    importAudit(ctx, record, {
      action: 'imported-file.downloaded',
      target: studyTarget(record),
      after: {
        importId: record.importId,
        seq: filed.seq,
        objectId: filed.objectId,
        artifactNumber: filed.artifactNumber,
        fileName: filed.fileName,
        sha256: filed.sha256,
      },
    }),
  );
  const at = deps.clock.now();
  const url = await deps.files.downloadUrl(
    filed.objectKey,
    filed.fileName,
    filed.contentType,
    LINK_SECONDS,
  );
  return {
    url,
    expiresAt: new Date(at.getTime() + LINK_SECONDS * 1000).toISOString(),
    fileName: filed.fileName,
  };
};
