import { defineRoute } from './route';
import { fullScope } from './scopes';
import {
  declineRecallRequestSchema,
  documentReturnViewSchema,
  recallRequestSchema,
  rejectRequestSchema,
} from './document-return-schemas';

/** A partner call's access: any token of a live credential of the API that carries `scope`. */
const access = (scope: 'documents.receive' | 'documents.send') =>
  ({ api: 'partner', auth: 'authenticated', roles: [], scope: fullScope(scope) }) as const;

/**
 * A document sent back through the partner API (issue 35 part B, document-return-schemas.ts):
 * the receiving system rejects and answers a recall request; the sending system recalls. A
 * document the calling system is not on that side of answers 404, as one it cannot see.
 */
export const partnerReturnRoutes = {
  'partner-reject-document': defineRoute({
    operation: 'partner-reject-document',
    method: 'POST',
    path: 'documents/{documentId}/reject',
    input: 'body',
    ...access('documents.receive'),
    summary:
      'Rejects a document delivered to the calling system that it has not acknowledged: reason (wrong-document, wrong-study-or-site, illegible-or-incomplete, missing-signature, wrong-version, other) and comment (required for other). The sender sees the rejection; its corrected version supersedes the document. 409 once acknowledged (ask the sender to recall it). Rejecting again with the same reason answers the same.',
    request: rejectRequestSchema,
    response: () => documentReturnViewSchema,
  }),
  'partner-recall-document': defineRoute({
    operation: 'partner-recall-document',
    method: 'POST',
    path: 'documents/{documentId}/recall',
    input: 'body',
    ...access('documents.send'),
    summary:
      'Recalls a document the calling system sent in error. Not yet acknowledged (delivered or held): recalled at once — the receiver can no longer download it (its inbox lists it as recalled, without a link). Acknowledged: state recall-requested until the receiver confirms (recalled) or declines (acknowledged again, recall.answer says why). Recalling again answers the same.',
    request: recallRequestSchema,
    response: () => documentReturnViewSchema,
  }),
  'partner-confirm-recall': defineRoute({
    operation: 'partner-confirm-recall',
    method: 'POST',
    path: 'documents/{documentId}/confirm-recall',
    input: 'body',
    ...access('documents.receive'),
    summary:
      'Confirms the sender’s recall request of a document delivered to the calling system: recalled (its download link ends). Confirming again answers the same.',
    request: recallRequestSchema,
    response: () => documentReturnViewSchema,
  }),
  'partner-decline-recall': defineRoute({
    operation: 'partner-decline-recall',
    method: 'POST',
    path: 'documents/{documentId}/decline-recall',
    input: 'body',
    ...access('documents.receive'),
    summary:
      'Declines the sender’s recall request of a document delivered to the calling system, with a comment saying why: it stays acknowledged.',
    request: declineRecallRequestSchema,
    response: () => documentReturnViewSchema,
  }),
} as const;
