import { ApiError } from '../../../lib/api';
import type { FieldProblems, FormField } from './user-form-values';

const FIELD_OF: Record<string, FormField> = {
  email: 'email',
  givenName: 'givenName',
  familyName: 'familyName',
  phoneNumber: 'nationalNumber',
  role: 'role',
  organisationId: 'organisationId',
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
    message: placed ? null : error.status > 0 && error.status < 500 ? error.message : fallback,
  };
};
