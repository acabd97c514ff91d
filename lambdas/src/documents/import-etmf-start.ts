import {
  type ImportDeps,
  type Routes,
  UPLOAD_SECONDS,
  newImportId,
  studyTarget,
  importAudit,
  summaryOf,
} from './import-etmf-kit';
import { reachOf } from '@ccsc/contract/reach';
import { ForbiddenError, NotFoundError } from '../core/errors';
import type { Core } from '../core/request';
import { type ImportRecord, importUploadKeyOf } from '../core/ports/document-imports';
import { onSponsorSide as sponsorSide } from './document-views';

/** An eTMF-EMS import announced: the upload link its package goes to (import-etmf.core.ts). */

// ---------------------------------------------------------------------------------------------
// Announce
// ---------------------------------------------------------------------------------------------

export const startImport: Core<Routes['s3documents/import-etmf-upload'], ImportDeps> = async (
  input,
  ctx,
  deps,
) => {
  const reach = reachOf(ctx.caller);
  const snapshot = await deps.registry.snapshot();
  const study = snapshot.studies.get(input.studyId);
  if (study === undefined || reach.kind === 'nothing') {
    throw new NotFoundError('No study with that id is within your reach.');
  }
  if (!sponsorSide(reach, study)) {
    const seesIt =
      reach.kind === 'organisation' &&
      [...snapshot.connections.values()].some(
        (c) => c.studyId === study.studyId && c.siteOrganisationId === reach.organisationId,
      );
    if (!seesIt) throw new NotFoundError('No study with that id is within your reach.');
    throw new ForbiddenError(
      'Only the study’s sponsor (or its CRO) and platform administrators import into a study.',
    );
  }
  const at = deps.clock.now();
  const importId = newImportId(deps);
  const record: ImportRecord = {
    importId,
    revision: 1,
    studyId: study.studyId,
    protocolNumber: study.protocolNumber,
    sponsorOrganisationId: study.sponsorOrganisationId,
    croOrganisationId: study.croOrganisationId,
    organisationId: reach.kind === 'organisation' ? reach.organisationId : null,
    state: 'awaiting-upload',
    fileName: input.fileName,
    size: input.size,
    uploadKey: importUploadKeyOf(importId),
    startedAt: at.toISOString(),
    startedBy: ctx.caller.email,
    completedAt: null,
    batch: null,
    rejection: null,
    problems: [],
    inventory: null,
    inventoryCheck: null,
    objects: 0,
    files: 0,
    filed: 0,
    alreadyFiled: 0,
    notFiled: 0,
    next: { object: 0, file: 0 },
    leaseUntil: null,
  };
  await deps.imports.createImport(record);
  await deps.audit.appendAll(
    importAudit(ctx, record, {
      action: 'study.import-announced',
      target: studyTarget(study),
      after: { importId, fileName: input.fileName, size: input.size },
    }),
  );
  const upload = await deps.files.uploadUrl(record.uploadKey, 'application/zip', UPLOAD_SECONDS);
  return {
    import: summaryOf(record),
    upload: {
      ...upload,
      expiresAt: new Date(at.getTime() + UPLOAD_SECONDS * 1000).toISOString(),
    },
  };
};
