import { ADMINS } from './common';
import { defineRoute } from './route';
import {
  declineRecallRequestSchema,
  documentReturnViewSchema,
  recallRequestSchema,
  rejectRequestSchema,
} from './document-return-schemas';

/**
 * The console's calls to send a document back (issue 35 part B, document-return-schemas.ts): an
 * OrgAdmin of the receiving organisation rejects and answers a recall request; one of the
 * sending organisation recalls. Auditors and PlatformAdmins read only (403).
 */
export const documentReturnRoutes = {
  's3documents/reject': defineRoute({
    operation: 's3documents/reject',
    method: 'POST',
    path: 's3documents/reject',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary:
      'The receiving organisation rejects a delivered document it has not acknowledged: a reason code and a comment (required for other). The sender sees it; a corrected version supersedes it.',
    request: rejectRequestSchema,
    response: () => documentReturnViewSchema,
  }),
  's3documents/recall': defineRoute({
    operation: 's3documents/recall',
    method: 'POST',
    path: 's3documents/recall',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary:
      'The sending organisation recalls a document sent in error: recalled at once while the receiver has not acknowledged it (its file no longer handed out); once acknowledged, a recall request the receiver confirms or declines.',
    request: recallRequestSchema,
    response: () => documentReturnViewSchema,
  }),
  's3documents/confirm-recall': defineRoute({
    operation: 's3documents/confirm-recall',
    method: 'POST',
    path: 's3documents/confirm-recall',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary:
      'The receiving organisation confirms the sender’s recall request: the document is recalled.',
    request: recallRequestSchema,
    response: () => documentReturnViewSchema,
  }),
  's3documents/decline-recall': defineRoute({
    operation: 's3documents/decline-recall',
    method: 'POST',
    path: 's3documents/decline-recall',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary:
      'The receiving organisation declines the sender’s recall request, saying why: the document stays acknowledged.',
    request: declineRecallRequestSchema,
    response: () => documentReturnViewSchema,
  }),
} as const;
