import { standardRoutes as routes } from '@ccsc/contract/standards';
import type { Core } from '../core/request';
import { lambdaLogger } from '../core/logger';
import { releaseHeld } from '../documents/release-held';
import { refusalsAudited } from '../registry/registry-refusals';
import { type PublishDeps, publishStandard } from '../standards/publish-standard.core';
import { documentStore } from '../wiring/documents';
import { documentWrites } from '../wiring/document-writes';
import { handle } from '../wiring/handler';
import { publishDeps } from '../wiring/standards';

type Route = (typeof routes)['artifact/publish-standard'];

/**
 * Publishing, then the documents held for a mapping of the standard's systems tried again at
 * once (issue 17): a failure there never fails the publication; the scheduled release
 * (jobs/release-held-documents.ts) tries them again. The publication is one journaled registry
 * write (standard-records.ts), each release one journaled document write (release-held.ts): a
 * process killed between them leaves the documents held, never half-released, for the
 * scheduled release.
 */
const publishThenRelease: Core<Route, PublishDeps> = async (input, ctx, deps) => {
  const published = await publishStandard(input, ctx, deps);
  try {
    await releaseHeld(
      published.standard.systems.map((s) => s.systemId),
      { documents: documentStore(), writes: documentWrites() },
      { requestId: ctx.requestId, by: 'artifact/publish-standard' },
      // Within the function's time: what is left, the scheduled release takes up.
      Date.now() + 4000,
    );
  } catch (err) {
    lambdaLogger.error('held documents not released after a publication', {
      requestId: ctx.requestId,
      error: err instanceof Error ? err.message : String(err),
    });
  }
  return published;
};

export const handler = handle(
  routes['artifact/publish-standard'],
  refusalsAudited(
    { action: 'standard.published', target: (i) => ({ type: 'standard', id: i.standardId }) },
    publishThenRelease,
  ),
  publishDeps,
);
