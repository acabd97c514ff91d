import type { standardRoutes } from '@ccsc/contract/standards';
import type { Logger } from '../core/logger';
import type { Core } from '../core/request';
import { releaseHeld } from '../documents/release-held';
import { type PublishDeps, publishStandard } from '../standards/publish-standard.core';

type Route = (typeof standardRoutes)['artifact/publish-standard'];

export interface PublishThenReleaseDeps extends PublishDeps {
  /** The documents held for a mapping, and the journaled document writes that release them. */
  release: Parameters<typeof releaseHeld>[1];
  logger: Pick<Logger, 'error'>;
  /** How long the release may go on within the call (ms); the scheduled release does the rest. */
  releaseWithinMs?: number;
}

/**
 * A standard is published, then the documents held for a mapping of its systems are tried again
 * at once (issue 17). Two areas meet here, standards and documents, so neither imports the
 * other. A failure of the release never fails the publication: the scheduled release
 * (jobs/release-held-documents.ts) tries them again. The publication is one journaled registry
 * write, each release one journaled document write: a process killed between them leaves the
 * documents held, never half-released.
 */
export const publishThenRelease: Core<Route, PublishThenReleaseDeps> = async (input, ctx, deps) => {
  const published = await publishStandard(input, ctx, deps);
  try {
    await releaseHeld(
      published.standard.systems.map((s) => s.systemId),
      deps.release,
      { requestId: ctx.requestId, by: 'artifact/publish-standard' },
      Date.now() + (deps.releaseWithinMs ?? 4000),
    );
  } catch (err) {
    deps.logger.error('held documents not released after a publication', {
      requestId: ctx.requestId,
      error: err instanceof Error ? err.message : String(err),
    });
  }
  return published;
};
