import type { routes } from '@ccsc/contract/routes';
import type { Core } from '../core/request';
import type { IndexedUser, UserIndex } from '../core/ports/user-index';
import type { Cell } from '@ccsc/formats/write-csv';
import { type CsvExportDeps, writeCsvExport } from '../core/csv/csv-export';
import { displayStatus, userMatcher } from '../core/lists/users';

export interface ExportUsersDeps extends CsvExportDeps {
  index: UserIndex;
  ensureBuilt: () => Promise<void>;
  /** Cognito's TemporaryPasswordValidityDays (env TEMPORARY_PASSWORD_DAYS), for `invitation`. */
  temporaryPasswordDays: number;
}

export const USER_CSV_HEADER = [
  'Email',
  'Given name',
  'Family name',
  'Phone number',
  'Role',
  'Organisation',
  'Status',
  'Enabled',
  'Authenticator enrolled',
  'Email verified',
  'Created (UTC)',
  'Last changed (UTC)',
  'User name',
] as const;

const cellsOf = (u: IndexedUser): Cell[] => [
  u.email,
  u.givenName,
  u.familyName,
  u.phoneNumber,
  u.role,
  u.organisationId,
  displayStatus(u),
  u.enabled,
  u.mfaEnrolled,
  u.emailVerified,
  u.createdAt.toISOString(),
  u.updatedAt.toISOString(),
  u.userName,
];

/**
 * The filtered user list as CSV, in e-mail order: the index read a page at a time, each page's
 * matching rows written on, so memory stays bounded whatever the number of users. Recorded in
 * the audit trail (an export of personal data), with the filters and the number of rows.
 */
export const exportUsers: Core<(typeof routes)['export-users'], ExportUsersDeps> = async (
  input,
  ctx,
  deps,
) => {
  await deps.ensureBuilt();
  const matches = userMatcher(input, ctx.caller, deps.clock.now(), deps.temporaryPasswordDays);
  async function* rows(): AsyncIterable<Cell[]> {
    for await (const page of deps.index.pages()) {
      for (const user of page) if (matches(user)) yield cellsOf(user);
    }
  }
  return writeCsvExport(deps, ctx, {
    kind: 'users',
    header: USER_CSV_HEADER,
    rows: rows(),
    filters: input,
    action: 'user.export',
  });
};
