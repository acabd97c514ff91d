import type { ResponseOf } from '@ccsc/contract/routes';
import type { ExpectedRow, ExpectedScope, RequestState } from '@ccsc/contract/document-requests';
import { mayManageStudies } from '@ccsc/contract/registry-access';
import { indexCatalogue } from '@ccsc/contract/standard-rows';
import { CURRENT_CATALOGUE_VERSION, catalogueOf } from '@ccsc/contract/tmf-catalogue';
import type { StoredProfile } from '../../../lib/session';

export type ExpectedList = ResponseOf<'expected-documents/get'>;
export type RequestList = ResponseOf<'document-requests/list'>;
export type DocumentRequestView = RequestList['requests'][number];

/** The artifacts a row or a request may name: the current TMF Reference Model's, in order. */
export const catalogueArtifacts = (): { number: string; name: string }[] => {
  const catalogue = catalogueOf(CURRENT_CATALOGUE_VERSION);
  return catalogue === null
    ? []
    : indexCatalogue(catalogue).list.map((a) => ({ number: a.number, name: a.name }));
};

/**
 * Whether the signed-in administrator may change the study's expected documents and requests:
 * the rule the server applies (registry-access `mayManageStudies`), offered so; the server
 * decides each call on its own.
 */
export const managesRequests = (
  profile: StoredProfile | null,
  sponsorOrganisationId: string,
): boolean =>
  mayManageStudies(
    { role: profile?.role ?? null, organisationId: profile?.organisationId ?? null },
    { organisationId: sponsorOrganisationId, kind: 'sponsor' },
  );

/** A scope as the editor's select holds it: all, country:XX, site:<connectionId>. */
export const scopeValue = (scope: ExpectedScope): string =>
  scope.kind === 'all'
    ? 'all'
    : scope.kind === 'country'
      ? `country:${scope.country}`
      : `site:${scope.connectionId}`;

export const scopeOfValue = (value: string): ExpectedScope =>
  value.startsWith('country:')
    ? { kind: 'country', country: value.slice('country:'.length) }
    : value.startsWith('site:')
      ? { kind: 'site', connectionId: value.slice('site:'.length) }
      : { kind: 'all' };

/** A new row: all sites, the first artifact, due in 30 days. */
export const newRow = (today: Date): ExpectedRow => ({
  scope: { kind: 'all' },
  artifactNumber: catalogueArtifacts()[0]?.number ?? '01.01.01',
  dueDate: new Date(today.getTime() + 30 * 86_400_000).toISOString().slice(0, 10),
  note: null,
});

export const STATE_BADGE: Record<RequestState, string> = {
  open: 'text-bg-primary',
  fulfilled: 'text-bg-success',
  overdue: 'text-bg-danger',
  cancelled: 'text-bg-secondary',
};
