import type { DocumentSignature } from '@ccsc/contract/document-version-schemas';

/**
 * What a document record says of its signature and its versions (issue 34 item 6). Optional:
 * records written before these were known have none (read as null).
 */
export interface DocumentVersionFields {
  /** Who signed it, as the sender stated (the eTMF-EMS SIGNATURE of its file). */
  signature?: DocumentSignature | null;
  /** The earlier document (same sender, same connection) this one is a new version of. */
  supersedesDocumentId?: string | null;
  /** The later document that superseded this one, written once that one was delivered. */
  supersededByDocumentId?: string | null;
}
