import { isRefusal } from '../../../lib/api';

/** The server's own words for a refused call (4xx), or `fallback` when it was not reached. */
export const messageOfError = (error: unknown, fallback: string): string => {
  if (!isRefusal(error)) return fallback;
  const details = error.fields.map((f) => f.message).filter((m) => m !== error.message);
  return [error.message, ...new Set(details)].join(' ');
};

/** Whether the server refused with 409: changed meanwhile, a draft already, a system in use. */
export const isConflict = (error: unknown): boolean => isRefusal(error) && error.status === 409;
