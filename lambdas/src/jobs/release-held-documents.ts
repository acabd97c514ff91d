import { randomUUID } from 'node:crypto';
import { lambdaLogger } from '../core/logger';
import { releaseHeld } from '../features/documents/release-held';
import { documentStore, documentWrites } from '../wiring/documents';
import { scheduledJob } from '../telemetry';

/**
 * Tries again every document held for a missing mapping (features/documents/routing.ts): what a
 * publication released at once is already delivered; this catches what it could not (the
 * release after a publication failed, or a standard changed in a way that did not pass through
 * publication). Offline on every pass of the scheduled jobs; in AWS every 5 minutes.
 */
export const releaseHeldDocuments = async (): Promise<{ released: number }> => {
  const released = await releaseHeld(
    null,
    { documents: documentStore(), writes: documentWrites() },
    { requestId: randomUUID(), by: 'release-held-documents' },
  );
  if (released.length > 0) {
    lambdaLogger.info('held documents released', {
      released: released.length,
      documentIds: released.slice(0, 50).map((r) => r.documentId),
    });
  }
  return { released: released.length };
};

/** The scheduled entry: a failure is an error of the invocation (alarmed); the next run retries. */
export const handler = scheduledJob('release-held-documents', releaseHeldDocuments);
