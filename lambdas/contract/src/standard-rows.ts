/**
 * A mapping standard's rows (issue 16), and the rules both ends apply to them: the server when it
 * saves or publishes, the editor as the administrator types. Pure functions, no schemas (those
 * are in standards.ts): the web app imports this module without zod's weight.
 *
 * A row says how one of the system's own document types maps to a TMF Reference Model artifact
 * (FHIR ConceptMap's source → target with an equivalence). A draft may hold rows with problems —
 * that is what drafting is for; a standard is published only when no row has one.
 */

/*
 * In four files, by responsibility: standard-row-model.ts (the row, its fields and limits),
 * standard-row-rules.ts (the catalogue looked up, validation, coverage), standard-row-diff.ts
 * (two versions compared) and standard-row-table.ts (the file layout). This module re-exports
 * them all.
 */

export * from './standard-row-model';
export * from './standard-row-rules';
export * from './standard-row-diff';
export * from './standard-row-table';
