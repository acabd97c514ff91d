import { type ApiScope, credentialRoutes, type RequestOf } from '@ccsc/contract';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { expiresAtOfDay, expiryDayFits } from './credential-rules';

const issueRequest = credentialRoutes.generateApiCredential.request;
const FIELDS = ['systemId', 'scopes', 'expiresAt', 'contactEmail', 'description'] as const;
export type Field = (typeof FIELDS)[number];

/**
 * A random key for one form (122 bits, a UUID's form). randomUUID only exists in secure contexts;
 * getRandomValues everywhere (a console reached over plain http on a private address).
 */
export const newRequestKey = (): string => {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const hex = [...crypto.getRandomValues(new Uint8Array(16))]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/** The form as it is filled in: the expiry as a day (yyyy-mm-dd), the rest as the call takes it. */
export interface IssueValues {
  systemId: string;
  scopes: ApiScope[];
  expiresAt: string;
  contactEmail: string;
  description: string;
}

export type IssueRequest = RequestOf<'generateApiCredential'>;

/**
 * The form checked with the server's own schema (the call's request, this form's key in it) and
 * the expiry's window as of `now`; each field its first problem. Valid, it yields the request.
 */
export const issueResolver =
  (now: Date, requestKey: string): Resolver<IssueValues, unknown, IssueRequest> =>
  (values) => {
    const description = values.description.trim();
    const parsed = issueRequest.safeParse({
      systemId: values.systemId,
      scopes: values.scopes,
      expiresAt: expiresAtOfDay(values.expiresAt),
      contactEmail: values.contactEmail,
      ...(description === '' ? {} : { description }),
      requestKey,
    });
    const errors: FieldErrors<IssueValues> = {};
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const field = FIELDS.find((f) => f === issue.path[0]);
      if (field !== undefined) errors[field] ??= { type: 'validate', message: issue.message };
    }
    if (!expiryDayFits(values.expiresAt, now)) {
      errors.expiresAt = { type: 'validate', message: 'expiry' };
    }
    return parsed.success && Object.keys(errors).length === 0
      ? { values: parsed.data, errors: {} }
      : { values: {}, errors };
  };
