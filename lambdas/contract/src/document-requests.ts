/**
 * Expected documents and document requests (issue 35, part 3): the records (document-request-
 * schemas.ts) and the console's calls (document-request-routes.ts). Re-exports only, so a bundle
 * takes only what it uses.
 */
export * from './document-request-schemas';
export { documentRequestRoutes } from './document-request-routes';
