import { isRefusal } from './api';

/**
 * The server's own words for a refused call (4xx): its message and the field problems it names
 * (each once, and not again when it only repeats the message), or `fallback` when the call was
 * not refused (no answer, a server error, whose message is generic anyway). `namingFields` puts
 * each problem's field path before it ("scopes: …").
 */
export const messageOfError = (
  error: unknown,
  fallback: string,
  { namingFields = false }: { namingFields?: boolean } = {},
): string => {
  if (!isRefusal(error)) return fallback;
  const details = namingFields
    ? error.fields.map((f) => `${f.path}: ${f.message}`)
    : error.fields.map((f) => f.message).filter((m) => m !== error.message);
  return [error.message, ...new Set(details)].join(' ');
};

/** Whether the server refused with 409: changed meanwhile, in use, taken, no longer fitting. */
export const isConflict = (error: unknown): boolean => isRefusal(error) && error.status === 409;
