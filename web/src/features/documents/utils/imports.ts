import { routes } from '@ccsc/contract';
import { type ImportSummary, MAX_IMPORT_BYTES, importIdSchema } from '@ccsc/contract/documents';
import type { Role } from '@ccsc/contract/roles';
import { paths } from '../../../config/paths';

/** An import's page (`?importId=…`). */
export const importPath = (importId: string): string =>
  `${paths.admin.documentImport}?${new URLSearchParams({ importId }).toString()}`;

/** The imports' section of a study's completeness page (`…/completeness?studyId=…#imports`). */
export const IMPORTS_ANCHOR = 'imports';

/** Whether the link's value is an import id as the hub writes them (imp-…). */
export const isImportId = (value: string): boolean => importIdSchema.safeParse(value).success;

/**
 * Whether the role may start an import (PlatformAdmin, OrgAdmin): the roles the contract lets call
 * s3documents/import-etmf-upload. Which studies is the server's to decide (the study's sponsor
 * side); its refusal is shown in the dialog.
 */
export const mayImport = (role: Role | null | undefined): boolean =>
  role != null && routes['s3documents/import-etmf-upload'].roles.includes(role);

/** The smallest file that can be a zip (an empty archive: its end record alone). */
const MIN_ZIP_BYTES = 22;

/** What is wrong with a chosen file before anything is sent, as the contract would refuse it. */
export type PackageProblem = 'not-zip' | 'too-large' | 'too-small';

export const packageProblem = (file: { name: string; size: number }): PackageProblem | null => {
  if (!/\.zip$/iu.test(file.name)) return 'not-zip';
  if (file.size > MAX_IMPORT_BYTES) return 'too-large';
  if (file.size < MIN_ZIP_BYTES) return 'too-small';
  return null;
};

/** How many of the package's files an import has gone through: filed now, before, or not. */
export const filesDone = (summary: ImportSummary): number =>
  summary.filed + summary.alreadyFiled + summary.notFiled;

/** A checksum in short ("3a7bd3e2360a…"), the whole of it a copy button away. */
export const shortHash = (sha256: string): string =>
  sha256.length > 12 ? `${sha256.slice(0, 12)}…` : sha256;

/**
 * Why the reader comes to an import's page, in the navigation's state: the dialog has just
 * finished it (`imported`: its outcome is said), or the imports' list's **Continue**
 * (`continue`: the import is continued at once).
 */
export type ImportArrival = 'imported' | 'continue';

/** The navigation state that says it (`navigate(importPath(id), { state: arrivalState(…) })`). */
export const arrivalState = (arrival: ImportArrival) => ({ importArrival: arrival });

/** The arrival a navigation's state says, if any (any other state is none). */
export const arrivalOf = (state: unknown): ImportArrival | null => {
  if (typeof state !== 'object' || state === null || !('importArrival' in state)) return null;
  const arrival = state.importArrival;
  return arrival === 'imported' || arrival === 'continue' ? arrival : null;
};
