/**
 * Documents exchanged between connected systems (issue 17): the model both the partner API and
 * the console read, and the console's `s3documents/*` calls (SPEC §7 names the prefix; the paths
 * and payloads are ours).
 *
 * A document is sent by one system of an active connection to the other: announced (type, title,
 * size, SHA-256…), uploaded straight to S3 through a presigned PUT, then completed: the hub checks
 * what arrived, classifies it through the sender's published mapping standard (its type → a TMF
 * Reference Model artifact) and the receiver's (that artifact → the receiver's own type), and
 * delivers it into the receiver's inbox. Whatever stops that holds the document with a reason;
 * nothing is dropped.
 */

/*
 * The document contract lives in five files, so that a function needing a record or a rule does
 * not carry the route tables: document-constants.ts, document-schemas.ts,
 * document-import-schemas.ts (the eTMF-EMS import's records), document-routes.ts and
 * document-import-routes.ts (the calls). This module only re-exports them (no code of its own),
 * so a bundle takes only what it uses.
 */

export * from './document-constants';
export * from './document-schemas';
export * from './document-import-schemas';
export * from './document-version-schemas';
export * from './document-return-schemas';
export { documentRoutes } from './document-routes';
export { documentImportRoutes } from './document-import-routes';
export { documentReturnRoutes } from './document-return-routes';
