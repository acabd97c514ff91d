import { ApiError, isRefusal } from '../../../lib/api';
import type { FieldProblems, FormField } from './user-form-values';

const FIELD_OF: Record<string, FormField> = {
  email: 'email',
  givenName: 'givenName',
  familyName: 'familyName',
  phoneNumber: 'nationalNumber',
  role: 'role',
  organisationId: 'organisationId',
};

/** What the create and edit screens hand the list after a save (router state), to say so. */
export interface SavedState {
  saved?: boolean;
  /** The e-mail address changed: the user has to confirm the new one. */
  emailChanged?: boolean;
}

/** A refused save: the server's problems on the form's fields, and its message for the rest. */
export const problemsOfError = (
  error: unknown,
  fallback: string,
): { fields: FieldProblems; message: string | null } => {
  if (!(error instanceof ApiError)) return { fields: {}, message: fallback };
  const fields: FieldProblems = {};
  for (const f of error.fields) {
    const field = FIELD_OF[f.path.replace(/^userAttributes\./, '')];
    if (field !== undefined) fields[field] ??= f.message;
  }
  const placed = Object.keys(fields).length > 0;
  return {
    fields,
    message: placed ? null : isRefusal(error) ? error.message : fallback,
  };
};
