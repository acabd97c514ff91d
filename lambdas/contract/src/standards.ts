/**
 * Mapping standards (issue 16): for one organisation's systems (or the vendor product they run),
 * how each of the system's own document types maps to a TMF Reference Model artifact — so a site
 * system and a sponsor system exchange documents without a mapping per pair: site type →
 * artifact → sponsor type.
 *
 * - A standard belongs to one organisation and applies to some of its systems and/or names the
 *   vendor product it describes. It targets one catalogue version (the model's, tmf-catalogue.ts).
 * - Versions 1, 2, …: each a **draft** (editable; may hold rows with problems), then
 *   **published** (immutable, signed), then perhaps **retired**. One draft at a time; editing a
 *   published version starts the next draft (`artifact/new-version`). Name, description,
 *   systems and product belong to the version, like its rows.
 * - **Publishing is an electronic signature** (21 CFR 11.50, 11.200): the signer gives their
 *   password and a fresh authenticator code and states the meaning; the server checks both with
 *   Cognito and stores the printed name, e-mail, time and meaning with the version. Only a
 *   version without problems is published.
 * - **A system uses exactly one published standard at a time**: the newest published version of
 *   the standard naming it. Publishing a version that names a system already using another
 *   standard is refused (409) — take it out of that one first; every change of a system's
 *   standard is audited (`system.standard-changed`). Retiring the version a system uses leaves
 *   the system without a standard (audited the same way).
 * - Who: a PlatformAdmin everything; an OrgAdmin their own organisation's standards; an Auditor
 *   reads (their organisation's, or all when they reach everything).
 *
 * Rows, their rules, the coverage report, the diff and the file layout: standard-rows.ts.
 */

export {
  SIGNATURE_MEANINGS,
  STANDARD_STATUSES,
  type SignatureMeaning,
  type StandardStatus,
} from './standard-statuses';

/*
 * The standards' contract lives in two files, so that a function needing a record does not carry
 * the route table: standard-schemas.ts (records and field rules) and standard-routes.ts (the
 * calls). This module only re-exports them (no code of its own), so a bundle takes only what it
 * uses.
 */

export {
  standardIdSchema,
  mappingRowSchema,
  rowProblemSchema,
  signatureSchema,
  standardVersionSchema,
  standardSummarySchema,
  standardDetailSchema,
  standardListQuerySchema,
} from './standard-schemas';
export { standardRoutes } from './standard-routes';
