import * as z from 'zod';
import { isoDateSchema } from './fields';
import { DOCUMENT_STATES } from './document-constants';
import { documentIdSchema } from './document-text';

/**
 * A document sent back (issue 35 part B): the receiver REJECTS a delivered document it has not
 * acknowledged (state `rejected`, with a reason code and a comment), the sender RECALLS one sent
 * in error — at once while it is not acknowledged (`recalled`), else by a request the receiver
 * confirms (`recall-requested` → `recalled`) or declines with a comment (back to
 * `acknowledged`). A corrected version supersedes a rejected or recalled one through the send's
 * `supersedesDocumentId`, as any new version does.
 *
 * Who may: the receiving organisation rejects and answers a recall request (its system through
 * the partner API, its OrgAdmin in the console); the sending organisation recalls (likewise).
 * Auditors and PlatformAdmins read them; a PlatformAdmin does not act in an organisation's
 * place (rejecting or recalling is the organisation's own decision about its records).
 */

/** Why a receiver rejects a document. `other` needs a comment saying why. */
export const REJECT_REASONS = [
  /** Not the document the receiver expected (another document altogether). */
  'wrong-document',
  /** Filed for another study or site than its own. */
  'wrong-study-or-site',
  /** Pages missing, unreadable, cut off. */
  'illegible-or-incomplete',
  /** A signature it needs is missing. */
  'missing-signature',
  /** Not the version expected (an old one, a draft). */
  'wrong-version',
  /** Anything else: the comment says what. */
  'other',
] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];

/** The states a document sent back is in: after its delivery, out of the receiver's pending inbox. */
export const RETURN_STATES = ['rejected', 'recall-requested', 'recalled'] as const;
export type ReturnState = (typeof RETURN_STATES)[number];

/** The longest comment on a rejection, a recall or a declined recall. */
export const RETURN_COMMENT_MAX = 1000;

/** A comment: trimmed, line breaks allowed, no other control or format characters. */
export const returnCommentSchema = (field: string) =>
  z
    .string()
    .trim()
    .min(1, `${field} is empty: leave it out, or say something.`)
    .max(RETURN_COMMENT_MAX, `${field} has at most ${String(RETURN_COMMENT_MAX)} characters.`)
    .refine(
      (v) => !/(?![\n\r\t])[\p{Cc}\p{Cf}]/u.test(v),
      `${field} may not contain control or format characters.`,
    );

/** A rejection asked for: the reason, and a comment (required for `other`). */
export const rejectRequestSchema = () =>
  z
    .object({
      documentId: documentIdSchema,
      reason: z
        .enum(REJECT_REASONS, {
          error: `reason is one of ${REJECT_REASONS.join(', ')}.`,
        })
        .describe(`Why the document is rejected: ${REJECT_REASONS.join(', ')}.`),
      comment: returnCommentSchema('comment')
        .optional()
        .describe('What is wrong, in words (required when the reason is other).'),
    })
    .strict()
    .refine((v) => v.reason !== 'other' || v.comment !== undefined, {
      message: 'Say in the comment why the document is rejected (the reason is other).',
      path: ['comment'],
    });

/** A recall (the sender's), or its confirmation: the comment optional. */
export const recallRequestSchema = () =>
  z
    .object({
      documentId: documentIdSchema,
      comment: returnCommentSchema('comment')
        .optional()
        .describe('Why, in words (shown to the other side).'),
    })
    .strict();

/** A recall request declined (the receiver keeps the document): the comment says why. */
export const declineRecallRequestSchema = () =>
  z
    .object({
      documentId: documentIdSchema,
      comment: returnCommentSchema('comment').describe(
        'Why the receiver keeps the document (required).',
      ),
    })
    .strict();

/** What the console's one call of a return does (s3documents/return): each a step of its own. */
export const RETURN_ACTIONS = ['reject', 'recall', 'confirm-recall', 'decline-recall'] as const;
export type ReturnAction = (typeof RETURN_ACTIONS)[number];

/**
 * The console's request: the action, and what it needs — a reason to reject (a comment too for
 * `other`), a comment to decline a recall request; a reason for nothing else.
 */
export const returnRequestSchema = () =>
  z
    .object({
      documentId: documentIdSchema,
      action: z.enum(RETURN_ACTIONS, { error: `action is one of ${RETURN_ACTIONS.join(', ')}.` }),
      reason: z
        .enum(REJECT_REASONS, { error: `reason is one of ${REJECT_REASONS.join(', ')}.` })
        .optional(),
      comment: returnCommentSchema('comment').optional(),
    })
    .strict()
    .superRefine((v, ctx) => {
      if (v.action === 'reject' && v.reason === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['reason'],
          message: 'Choose why the document is rejected (reason).',
        });
      }
      if (v.action !== 'reject' && v.reason !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['reason'],
          message: 'Only a rejection has a reason.',
        });
      }
      if (v.action === 'reject' && v.reason === 'other' && v.comment === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['comment'],
          message: 'Say in the comment why the document is rejected (the reason is other).',
        });
      }
      if (v.action === 'decline-recall' && v.comment === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['comment'],
          message: 'Say in the comment why the document is kept (a declined recall).',
        });
      }
    });

/** Who acted and when: `system:<id>` or an administrator's e-mail. */
const actShape = () => ({ by: z.string(), at: isoDateSchema });

/** The receiver's rejection, as both sides see it. */
export const rejectionSchema = z.lazy(() =>
  z.object({
    reason: z.enum(REJECT_REASONS),
    comment: z.string().nullable(),
    /** The receiving organisation's name (who rejected, beside the system or person). */
    organisationId: z.string(),
    ...actShape(),
  }),
);
export type Rejection = z.infer<typeof rejectionSchema>;

/** The sender's recall: asked (and at once done, before an acknowledgement), and its answer. */
export const recallSchema = z.lazy(() =>
  z.object({
    comment: z.string().nullable(),
    organisationId: z.string(),
    ...actShape(),
    /**
     * `immediate`: recalled at once (not acknowledged); `confirmed` / `declined`: the receiver's
     * answer to the request; null while the request waits.
     */
    outcome: z.enum(['immediate', 'confirmed', 'declined']).nullable(),
    answer: z.object({ comment: z.string().nullable(), ...actShape() }).nullable(),
  }),
);
export type Recall = z.infer<typeof recallSchema>;

/** What every view of a document shows of its return (both null: never rejected nor recalled). */
export const returnViewShape = () => ({
  rejection: rejectionSchema
    .nullable()
    .describe('The receiver’s rejection: reason, comment, who and when (null: not rejected).'),
  recall: recallSchema
    .nullable()
    .describe(
      'The sender’s recall: comment, who and when, and the receiver’s answer to a recall request (null: never recalled).',
    ),
});

/** What a rejection, a recall or an answer to one answers: the document's state and return. */
export const documentReturnViewSchema = z.lazy(() =>
  z.object({
    documentId: z.string(),
    state: z.enum(DOCUMENT_STATES),
    ...returnViewShape(),
  }),
);
export type DocumentReturnView = z.infer<typeof documentReturnViewSchema>;

/** Who may act on a document's return in the console (the server's rule; the screen mirrors it). */
export const returnSideOf = (
  actor: { role: string | null; organisationId: string | null },
  document: { senderOrganisationId: string; receiverOrganisationId: string },
): { sends: boolean; receives: boolean } => {
  const admin = actor.role === 'OrgAdmin' && actor.organisationId !== null;
  return {
    sends: admin && actor.organisationId === document.senderOrganisationId,
    receives: admin && actor.organisationId === document.receiverOrganisationId,
  };
};
