import { paths } from './paths';

/**
 * The addresses of the mapping standards' screens (issues 16 and 17): written and read here, apart
 * from paths.ts, which the entry chunk carries (the login route's size budget). The standards'
 * screens import this module, so it is part of their chunk; the documents' screens, which link
 * here (a held document's "Map this type", a classification's standards), restate the two
 * writers in features/documents/utils/document-query.ts, whose test holds them equal to these —
 * a module both chunks imported would be a chunk of its own, one more name in the entry chunk.
 */

/**
 * What the editor is asked to find among a version's rows: the row of a document type
 * (`?code=`, a sender's type the standard should map) or the rows of an artifact (`?artifact=`,
 * an artifact the receiver's standard should map one of its types to).
 */
export type RowLookup = { kind: 'code'; value: string } | { kind: 'artifact'; value: string };

/** At most what a row's source code holds (the contract's ROW_LIMITS.sourceCode). */
const MAX_CODE = 100;
/** zone.section.artifact, as the TMF Reference Model numbers them. */
const ARTIFACT_NUMBER = /^[0-9]{2}\.[0-9]{2}\.[0-9]{2}$/;
/** An organisation's id as the registry writes them (the contract's registryIdSchema). */
const REGISTRY_ID = /^[A-Za-z0-9-]{1,64}$/;

const withQuery = (path: string, params: URLSearchParams): string => {
  const search = params.toString();
  return search === '' ? path : `${path}?${search}`;
};

export const standardPaths = {
  /** The list of mapping standards, filtered to one organisation when one is named. */
  list: (filter: { organisationId?: string } = {}): string => {
    const params = new URLSearchParams();
    if (filter.organisationId !== undefined) params.set('organisationId', filter.organisationId);
    return withQuery(paths.admin.standards, params);
  },
  /**
   * The editor of a standard: its newest version, or the one named (`?standardId=…&version=…`),
   * looking for a row when asked (`&code=…` or `&artifact=…`).
   */
  editor: (standardId: string, version?: number, lookup: RowLookup | null = null): string => {
    const params = new URLSearchParams({ standardId });
    if (version !== undefined) params.set('version', String(version));
    if (lookup !== null) params.set(lookup.kind, lookup.value);
    return withQuery(paths.admin.viewEditStandard, params);
  },
} as const;

/**
 * The row the editor's address asks it to find: a source code (trimmed, at most what a row holds,
 * no control characters) or an artifact number; anything else is not looked for.
 */
export const rowLookupOf = (params: URLSearchParams): RowLookup | null => {
  const code = params.get('code')?.trim() ?? '';
  if (code !== '' && code.length <= MAX_CODE && !/\p{Cc}/u.test(code)) {
    return { kind: 'code', value: code };
  }
  const artifact = params.get('artifact')?.trim() ?? '';
  return ARTIFACT_NUMBER.test(artifact) ? { kind: 'artifact', value: artifact } : null;
};

/** The organisation the list's address filters by, when it names one as the registry writes ids. */
export const listOrganisationOf = (params: URLSearchParams): string | undefined => {
  const organisationId = params.get('organisationId') ?? '';
  return REGISTRY_ID.test(organisationId) ? organisationId : undefined;
};
