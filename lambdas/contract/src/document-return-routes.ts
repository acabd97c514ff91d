import { ADMINS } from './common';
import { defineRoute } from './route';
import { documentReturnViewSchema, returnRequestSchema } from './document-return-schemas';

/**
 * The console's call to send a document back (issue 35 part B, document-return-schemas.ts): an
 * OrgAdmin of the receiving organisation rejects and answers a recall request; one of the
 * sending organisation recalls. Auditors and PlatformAdmins read only (403). One call with its
 * action, not one per action: every route costs the API's parent stack three of its 400
 * CloudFormation resources (infra/test/limits.test.ts).
 */
export const documentReturnRoutes = {
  's3documents/return': defineRoute({
    operation: 's3documents/return',
    method: 'POST',
    path: 's3documents/return',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary:
      'Sends a document back. `reject` (the receiving organisation; a delivered document not yet acknowledged): a reason, and a comment for other; the sender sees it, and its corrected version supersedes the document. `recall` (the sending organisation): recalled at once while not acknowledged (its file no longer handed out), else a recall request. `confirm-recall` / `decline-recall` (the receiving organisation; a comment to decline): the answer to a recall request.',
    request: returnRequestSchema,
    response: () => documentReturnViewSchema,
  }),
} as const;
