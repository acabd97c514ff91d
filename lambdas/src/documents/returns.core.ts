import type { DocumentReturnView, RejectReason } from '@ccsc/contract/document-return-schemas';
import { returnSideOf } from '@ccsc/contract/document-return-schemas';
import type { partnerRoutes } from '@ccsc/contract/partner-api';
import type { routes } from '@ccsc/contract/routes';
import { reachOf } from '@ccsc/contract/reach';
import { actorOf, sourceOf } from '../core/audit-entry';
import { ConflictError, ForbiddenError, NotFoundError } from '../core/errors';
import type { Journal } from '../core/journal';
import { documentScopeOf, seesDocument } from '../core/lists/documents';
import type { DocumentRecord, DocumentStore } from '../core/ports/documents';
import type { Registry } from '../core/ports/registry';
import type { Caller, Core, PartnerContext, RequestContext } from '../core/request';
import { returnViewOf } from './document-views';
import { mayReturn, returnDocument, type ReturnStep } from './document-returns';
import {
  DOCUMENT_BUSY,
  DOCUMENT_CHANGED,
  documentSubject,
  type DocumentWriteDeps,
  type Who,
} from './document-writes';
import { systemWho } from './exchange.core';

/**
 * Sending a document back (issue 35 part B; the steps: document-returns.ts), in the console and
 * through the partner API. The side decides: the receiving organisation (its OrgAdmin, its
 * receiving system) rejects and answers a recall request; the sending organisation (its OrgAdmin,
 * its sending system) recalls. In the console a document out of reach answers 404 and one in
 * reach but of the other side (or an Auditor's, a PlatformAdmin's call: they read, the
 * organisations act) 403; through the partner API a document the caller is not on that side of
 * answers 404, as one it cannot see. Every step is one journaled write, audited once in both
 * organisations' trails. A call again after it was made answers the document as it is.
 */

export interface ReturnDeps {
  registry: Pick<Registry, 'snapshot'>;
  documents: Pick<DocumentStore, 'get'>;
  writes: Pick<Journal<DocumentWriteDeps>, 'run' | 'settle'>;
}

type ConsoleRoutes = typeof routes;
type PartnerRoutes = typeof partnerRoutes;

interface Asked {
  documentId: string;
  reason?: RejectReason;
  comment?: string;
}

const viewOf = (record: DocumentRecord): DocumentReturnView => ({
  documentId: record.documentId,
  state: record.state,
  ...returnViewOf(record),
});

/** Whether the step was made already as asked (a call again, its answer lost): answered as is. */
const madeAlready = (step: ReturnStep, record: DocumentRecord, asked: Asked): boolean => {
  switch (step) {
    case 'reject':
      return record.state === 'rejected' && record.rejection?.reason === asked.reason;
    case 'recall':
      return record.state === 'recalled' || record.state === 'recall-requested';
    case 'confirm-recall':
      return record.state === 'recalled' && record.recall?.outcome === 'confirmed';
    case 'decline-recall':
      return record.recall?.outcome === 'declined' && record.state === 'acknowledged';
  }
};

/** Why a step cannot be made from the document's state now (null: it can). */
export const refusalOf = (step: ReturnStep, record: DocumentRecord): string | null => {
  if (mayReturn(step, record)) return null;
  const { state } = record;
  switch (step) {
    case 'reject':
      return state === 'acknowledged'
        ? 'The document is acknowledged already: it can no longer be rejected. Ask the sender to recall it.'
        : `The document is ${state}: only a delivered document not yet acknowledged can be rejected.`;
    case 'recall':
      return `The document is ${state}: only a delivered, acknowledged or held document can be recalled.`;
    case 'confirm-recall':
    case 'decline-recall':
      return `The document is ${state}: there is no recall request to answer.`;
  }
};

/** Which side a step is the act of. */
const sideOf = (step: ReturnStep): 'sends' | 'receives' =>
  step === 'recall' ? 'sends' : 'receives';

/**
 * The step on the record `read` gives (after any interrupted write on it is finished): made,
 * or answered as made already; read again when the record moved on meanwhile.
 */
const run = async (
  step: ReturnStep,
  asked: Asked,
  who: Who,
  read: () => Promise<DocumentRecord>,
  deps: ReturnDeps,
): Promise<DocumentReturnView> => {
  await deps.writes.settle(documentSubject(asked.documentId), DOCUMENT_BUSY);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const record = await read();
    if (madeAlready(step, record, asked)) return viewOf(record);
    const refusal = refusalOf(step, record);
    if (refusal !== null) throw new ConflictError(refusal);
    const organisationId =
      sideOf(step) === 'sends' ? record.senderOrganisationId : record.receiverOrganisationId;
    try {
      const done = await returnDocument(
        deps,
        record,
        {
          step,
          reason: asked.reason ?? null,
          comment: asked.comment ?? null,
          organisationId,
        },
        who,
      );
      return viewOf(done);
    } catch (err) {
      if (!(err instanceof ConflictError && err.message === DOCUMENT_CHANGED)) throw err;
    }
  }
  throw new ConflictError('The document changed while it was being sent back; try again.');
};

// ---------- the console ----------

const NOT_IN_REACH = 'No document with that id is within your reach.';

const adminWho = (ctx: RequestContext<Caller>): Who => ({
  by: ctx.caller.email,
  actor: actorOf(ctx.caller),
  source: sourceOf(ctx),
  requestId: ctx.requestId,
});

const FORBIDDEN: Record<'sends' | 'receives', string> = {
  sends: 'Only an OrgAdmin of the sending organisation may recall a document.',
  receives:
    'Only an OrgAdmin of the receiving organisation may reject a document or answer a recall request.',
};

const consoleStep =
  (step: ReturnStep) =>
  async (
    asked: Asked,
    ctx: RequestContext<Caller>,
    deps: ReturnDeps,
  ): Promise<DocumentReturnView> =>
    run(
      step,
      asked,
      adminWho(ctx),
      async () => {
        const [record, snapshot] = await Promise.all([
          deps.documents.get(asked.documentId),
          deps.registry.snapshot(),
        ]);
        if (
          record === null ||
          !seesDocument(documentScopeOf(reachOf(ctx.caller), snapshot), record)
        ) {
          throw new NotFoundError(NOT_IN_REACH);
        }
        if (!returnSideOf(ctx.caller, record)[sideOf(step)]) {
          throw new ForbiddenError(FORBIDDEN[sideOf(step)]);
        }
        return record;
      },
      deps,
    );

/** The console's one call: the action's step, as its side may take it. */
export const returnDocumentInConsole: Core<ConsoleRoutes['s3documents/return'], ReturnDeps> = (
  input,
  ctx,
  deps,
) => consoleStep(input.action)(input, ctx, deps);

// ---------- the partner API ----------

const partnerStep =
  (step: ReturnStep) =>
  async (asked: Asked, ctx: PartnerContext, deps: ReturnDeps): Promise<DocumentReturnView> =>
    run(
      step,
      asked,
      systemWho(ctx),
      async () => {
        const record = await deps.documents.get(asked.documentId);
        const { systemId } = ctx.client;
        if (sideOf(step) === 'sends') {
          if (record?.senderSystemId !== systemId) {
            throw new NotFoundError('The calling system sent no document with that id.');
          }
          return record;
        }
        // The receiver's: only once delivered to it (its inbox lists it).
        if (record?.receiverSystemId !== systemId || record.inboxSeq === null) {
          throw new NotFoundError('No document with that id was delivered to the calling system.');
        }
        return record;
      },
      deps,
    );

export const partnerRejectDocument: Core<PartnerRoutes['partner-reject-document'], ReturnDeps> =
  partnerStep('reject');
export const partnerRecallDocument: Core<PartnerRoutes['partner-recall-document'], ReturnDeps> =
  partnerStep('recall');
export const partnerConfirmRecall: Core<PartnerRoutes['partner-confirm-recall'], ReturnDeps> =
  partnerStep('confirm-recall');
export const partnerDeclineRecall: Core<PartnerRoutes['partner-decline-recall'], ReturnDeps> =
  partnerStep('decline-recall');
