import type * as z from 'zod';
import {
  EXPIRING_DAYS,
  type CredentialStatus,
  type credentialListQuerySchema,
} from '@ccsc/contract/credentials';
import { seesCredential } from '@ccsc/contract/credential-access';
import type { Caller } from '../request';
import type { CredentialRecord } from '../ports/credentials';
import type { RegistrySnapshot } from '../ports/registry';

/**
 * What the credential list (list-api-credentials) shows and the dashboard counts of it, written
 * once: the status as shown, who sees a credential, the filters. The rows are the stored records
 * (ports/credentials.ts), every one read (a few thousand at most).
 */

/** The credential list's filters (the page's size and cursor aside). */
export type CredentialListFilters = z.output<typeof credentialListQuerySchema>;
/** Who asks: their role and organisation decide what they see (credential-access.ts). */
export type CredentialListCaller = Pick<Caller, 'role' | 'organisationId'>;
/** Where the list's search finds the organisation's and the system's names. */
export type CredentialNames = Pick<RegistrySnapshot, 'organisations' | 'systems'>;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The status as shown: `expiring` when active and at most EXPIRING_DAYS (30) from its expiry,
 * `expired` once past it (a pending one too), else as stored.
 */
export const statusOf = (record: CredentialRecord, now: Date): CredentialStatus => {
  if (record.status !== 'active' && record.status !== 'pending') return record.status;
  const left = Date.parse(record.validUntil) - now.getTime();
  if (left <= 0) return 'expired';
  if (record.status === 'active' && left <= EXPIRING_DAYS * DAY_MS) return 'expiring';
  return record.status;
};

/** Whether the credential was never used: still usable (not revoked, not expired), no call yet. */
export const neverUsed = (record: CredentialRecord, now: Date): boolean => {
  const status = statusOf(record, now);
  return (
    status !== 'revoked' &&
    status !== 'expired' &&
    status !== 'broken' &&
    record.lastUsedAt === null
  );
};

/** Accents off, lower case: how the search compares. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

/**
 * The list's predicate at `now`: the credentials the caller sees (a PlatformAdmin and an
 * every-organisation Auditor all; the others their organisation's) that match the filters —
 * organisation, system, the status as shown, `use: 'never'` (`neverUsed`), and the search: the
 * start of any word of the organisation's or the system's name (from `names`; the id when the
 * registry does not hold it), or the client id.
 */
export const credentialMatcher = (
  query: CredentialListFilters,
  caller: CredentialListCaller,
  now: Date,
  names: CredentialNames,
): ((record: CredentialRecord) => boolean) => {
  const search = query.search === undefined ? '' : fold(query.search.trim());
  return (r) => {
    if (!seesCredential(caller, r.organisationId)) return false;
    if (query.organisationId !== undefined && r.organisationId !== query.organisationId) {
      return false;
    }
    if (query.systemId !== undefined && r.systemId !== query.systemId) return false;
    if (query.status !== undefined && statusOf(r, now) !== query.status) return false;
    if (query.use === 'never' && !neverUsed(r, now)) return false;
    if (search === '') return true;
    const organisationName = names.organisations.get(r.organisationId)?.name ?? r.organisationId;
    const systemName = names.systems.get(r.systemId)?.name ?? r.systemId;
    const words = fold(`${organisationName} ${systemName}`).split(/[^\p{L}\p{N}]+/u);
    return words.some((w) => w.startsWith(search)) || r.clientId.toLowerCase().startsWith(search);
  };
};

/** How many credentials list-api-credentials would total for this query and caller at `now`. */
export const countCredentials = (
  records: readonly CredentialRecord[],
  query: CredentialListFilters,
  caller: CredentialListCaller,
  now: Date,
  names: CredentialNames,
): number => {
  const matches = credentialMatcher(query, caller, now, names);
  let count = 0;
  for (const record of records) if (matches(record)) count += 1;
  return count;
};
