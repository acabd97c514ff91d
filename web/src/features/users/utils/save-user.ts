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

/**
 * What to tell the administrator about a refused call: the server's own message and the field
 * problems it names (4xx), or `fallback` for a network failure or a server error (whose message
 * is generic anyway).
 */
export const messageOfError = (error: unknown, fallback: string): string => {
  if (!isRefusal(error)) return fallback;
  const details = error.fields.map((f) => f.message).filter((m) => m !== error.message);
  return [error.message, ...new Set(details)].join(' ');
};

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
