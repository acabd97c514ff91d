import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError, isRefusal } from './api';

/**
 * A refused save on a react-hook-form form: the server's field problems (its 400 `fields`) put on
 * the form's fields with `setError` (`fieldOf` names the form's field of a server path, or null
 * for one the form does not show), each field its first problem; what is left is said above the
 * form. Returns that message: null when a problem was placed on a field, the server's words for
 * another refusal, `fallback` for a failure that is no refusal (no answer, a server error).
 */
export const putServerErrors = <T extends FieldValues>(
  error: unknown,
  fallback: string,
  fieldOf: (path: string) => FieldPath<T> | null,
  setError: UseFormSetError<T>,
): string | null => {
  if (!(error instanceof ApiError)) return fallback;
  const placed = new Set<FieldPath<T>>();
  for (const problem of error.fields) {
    const field = fieldOf(problem.path);
    if (field === null || placed.has(field)) continue;
    placed.add(field);
    setError(field, { type: 'server', message: problem.message });
  }
  if (placed.size > 0) return null;
  return isRefusal(error) ? error.message : fallback;
};
