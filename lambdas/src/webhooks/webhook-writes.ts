import * as z from 'zod';
import { ConflictError } from '../core/errors';
import {
  Journal,
  type JournalDeps,
  register,
  type RegisteredWorkflow,
  type Workflow,
} from '../core/journal';
import { appendEachOnce, auditEntrySchema } from '../core/journal-audit';
import type { Logger } from '../core/logger';
import type { AuditEntry, AuditReader, AuditTrail } from '../core/ports/audit-trail';
import type { Clock } from '../core/ports/clock';
import {
  type WebhookEndpoint,
  webhookEndpointRecordSchema,
  type WebhookStore,
} from '../core/ports/webhooks';

/**
 * `webhook.write` (issue 36): a change to one webhook endpoint — made, changed, its secret
 * rotated, deleted — journaled (core/journal.ts): the endpoint put (marked with the write's id,
 * so a step run again finds its own change) or deleted on the revision the caller read, then its
 * audit record, once. The reconciler finishes one cut short (jobs/reconcile-writes.ts).
 */

export interface WebhookWriteDeps {
  store: Pick<WebhookStore, 'endpoint' | 'putEndpoint' | 'deleteEndpoint'>;
  audit: Pick<AuditTrail, 'appendAll'>;
  auditReader: Pick<AuditReader, 'readNewestFirst'>;
  clock: Clock;
  logger: Logger;
}

export const WEBHOOK_BUSY =
  'Another change to this endpoint is in progress. Try again in a moment.';
export const WEBHOOK_CHANGED =
  'The endpoint was changed meanwhile: read it again (its revision) and try again.';

const writeInput = z.object({
  endpointId: z.string(),
  /** The endpoint as it is to be; null: deleted. */
  put: webhookEndpointRecordSchema.nullable(),
  /** The revision the caller read; null: a new endpoint. */
  expectedRevision: z.number().int().nullable(),
  audit: z.array(auditEntrySchema),
});
type WriteInput = z.output<typeof writeInput>;

export const webhookWrite: Workflow<WriteInput, object, WebhookWriteDeps> = {
  kind: 'webhook.write',
  input: writeInput,
  state: z.object({}),
  steps: () => [
    {
      name: 'commit',
      run: async ({ input, writeId }, deps) => {
        const current = await deps.store.endpoint(input.endpointId);
        if (input.put === null) {
          // Gone already: this write's delete, run again.
          if (current === null) return undefined;
          if (current.revision !== input.expectedRevision) throw new ConflictError(WEBHOOK_CHANGED);
          await deps.store.deleteEndpoint(input.endpointId, current.revision);
          return undefined;
        }
        if (current?.lastWriteId === writeId) return undefined;
        if ((current?.revision ?? null) !== input.expectedRevision) {
          throw new ConflictError(WEBHOOK_CHANGED);
        }
        await deps.store.putEndpoint(
          { ...input.put, lastWriteId: writeId },
          input.expectedRevision,
        );
        return undefined;
      },
    },
    {
      name: 'audit',
      deferrable: true,
      run: async (write, deps) => {
        await appendEachOnce(deps, write, write.input.audit);
        return undefined;
      },
    },
  ],
  // A refused commit changed nothing.
  abandon: () => Promise.resolve(),
};

export const WEBHOOK_WRITES: readonly RegisteredWorkflow<WebhookWriteDeps>[] = [
  register(webhookWrite),
];

/** What the cores call: one journaled write per endpoint at a time. */
export interface WebhookWrites {
  apply(
    endpointId: string,
    put: WebhookEndpoint | null,
    expectedRevision: number | null,
    audit: AuditEntry[],
  ): Promise<void>;
}

export class JournaledWebhookWrites implements WebhookWrites {
  constructor(private readonly journal: Journal<WebhookWriteDeps>) {}

  async apply(
    endpointId: string,
    put: WebhookEndpoint | null,
    expectedRevision: number | null,
    audit: AuditEntry[],
  ): Promise<void> {
    await this.journal.run(
      webhookWrite,
      `webhook:${endpointId}`,
      { endpointId, put, expectedRevision, audit },
      { busyMessage: WEBHOOK_BUSY },
    );
  }
}

export const webhookWriteJournal = (
  journal: Omit<JournalDeps, 'clock' | 'logger'>,
  deps: WebhookWriteDeps,
): Journal<WebhookWriteDeps> =>
  new Journal({ ...journal, clock: deps.clock, logger: deps.logger }, WEBHOOK_WRITES, deps);
