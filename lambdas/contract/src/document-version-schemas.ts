import * as z from 'zod';
import { documentTextSchema } from './document-text';

/**
 * What a sender may say of a document beyond its type and file (issue 34 item 6): who signed it
 * (the eTMF-EMS <SIGNATURE> under <FILE>), and which earlier document it is a new version of
 * (that one then becomes Superseded once this one is delivered).
 */

/** How the document was signed: SIGNATUREMETHODOLOGY Electronic / Digital. */
export const SIGNATURE_METHODOLOGIES = ['electronic', 'digital'] as const;
export type SignatureMethodology = (typeof SIGNATURE_METHODOLOGIES)[number];

/** A signature as the sender states it, and as every view shows it. */
export const documentSignatureSchema = z.lazy(() =>
  z
    .object({
      methodology: z
        .enum(SIGNATURE_METHODOLOGIES, {
          error: 'signature.methodology is electronic or digital.',
        })
        .describe('How it was signed (SIGNATUREMETHODOLOGY): electronic or digital.'),
      /** The signer's user id in the sending system (USEROID). */
      signerId: documentTextSchema('signature.signerId', 200).describe(
        'The signer’s user id in the sending system (USEROID).',
      ),
      signerName: documentTextSchema('signature.signerName', 200).describe(
        'The signer’s name, as the receiver and the export show it.',
      ),
      /** When it was signed, with its offset (SIGNATUREDATETIME, xs:dateTime). */
      signedAt: z.iso
        .datetime({
          offset: true,
          error:
            'signature.signedAt is an ISO 8601 date-time with Z or an offset, e.g. 2026-03-01T09:30:00Z.',
        })
        .describe('When it was signed, with Z or an offset (SIGNATUREDATETIME).'),
      /** Why it was signed: Approval, Authorship, Review… (SIGNATUREREASON). */
      reason: documentTextSchema('signature.reason', 200).describe(
        'Why it was signed: Approval, Authorship, Review… (SIGNATUREREASON).',
      ),
    })
    .strict(),
);
export type DocumentSignature = z.infer<typeof documentSignatureSchema>;

/** What a send may add: the signature, and the document it is a new version of. */
export const sendVersionShape = () => ({
  signature: documentSignatureSchema
    .optional()
    .describe(
      'Who signed the document: all five fields, or none. The receiver sees it; the study’s eTMF-EMS export carries it as the file’s SIGNATURE.',
    ),
  /**
   * An earlier document this one is a new version of: sent by the same system over the same
   * connection. Once this one is delivered, that one is Superseded.
   */
  supersedesDocumentId: z
    .string()
    .regex(
      /^doc-[0-9a-z]{26}$/,
      'supersedesDocumentId is the id (doc-…) of an earlier document the calling system sent.',
    )
    .optional()
    .describe(
      'A new version: the id of an earlier document the calling system sent over the same connection, this one with a version of its own. Once this one is delivered, that one is superseded (its supersededByDocumentId names this one).',
    ),
});

/** The signature and the version links, as every view of a document shows them. */
export const versionViewShape = () => ({
  signature: documentSignatureSchema.nullable().describe('Who signed it (null: not signed).'),
  /** The earlier version this document supersedes (null: none). */
  supersedesDocumentId: z
    .string()
    .nullable()
    .describe('The earlier version this document is a new version of (null: none).'),
  /** The later version that superseded this one, once delivered (null: none). */
  supersededByDocumentId: z
    .string()
    .nullable()
    .describe(
      'The later version that superseded this one, once that one was delivered (null: this one is current).',
    ),
});
