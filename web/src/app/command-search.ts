import { type Operation, type RequestOf, type ResponseOf, routes } from '@ccsc/contract';
import { paths } from '../config/paths';
import { registryPaths } from '../config/registry-paths';
import { standardPaths } from '../config/standard-paths';
import type { CallApi } from '../lib/api';

/**
 * What the command palette (app/command-palette.tsx, Ctrl/⌘-K) finds for a text: the records of
 * each kind whose name or id it starts (users, organisations, systems, studies, standards — each
 * list call's own `search`, so a caller finds exactly what their lists show them, the server
 * deciding) and a document by its id. Each kind is searched on its own, side by side; a kind that
 * fails is named, never hides the others' hits.
 */

export const HIT_KINDS = [
  'user',
  'organisation',
  'system',
  'study',
  'standard',
  'document',
] as const;
export type HitKind = (typeof HIT_KINDS)[number];

export interface PaletteHit {
  kind: HitKind;
  /** Unique within one search's answer. */
  id: string;
  label: string;
  /** What tells two hits of one name apart (an e-mail, an organisation, a protocol's sponsor). */
  detail: string;
  /** Where choosing it goes: the record's own page, or the list that shows it. */
  to: string;
}

export interface PaletteAnswer {
  hits: PaletteHit[];
  /** The kinds that could not be searched (the server refused or did not answer). */
  failed: HitKind[];
}

/** How many hits of each kind are shown. */
export const HITS_PER_KIND = 5;

/** The shortest text searched for (one letter matches too much to be of use). */
export const MIN_SEARCH = 2;

const DOCUMENT_ID = /^doc-[0-9a-z]{26}$/;

/** Whether the contract takes `input` for `operation` (a text a search refuses is not sent). */
const accepts = (operation: Operation, input: unknown): boolean =>
  (
    routes[operation].request as unknown as { safeParse: (v: unknown) => { success: boolean } }
  ).safeParse(input).success;

const nameOf = (given: string | null, family: string | null, email: string): string =>
  [given, family].filter((part) => part !== null && part !== '').join(' ') || email;

type Search = (text: string, call: CallApi) => Promise<PaletteHit[]> | null;

/** The list calls searched, each by its own `search` and five at most. */
type ListOperation =
  | 'list-all-users'
  | 'list-organisations'
  | 'getOrgSysList'
  | 'list-studies'
  | 'artifact/list-standards';

/** A list call's search, sent only when the contract takes the text; its page as hits. */
const listSearch =
  <Op extends ListOperation>(
    operation: Op,
    hitsOf: (page: ResponseOf<Op>) => PaletteHit[],
  ): Search =>
  (search, call) => {
    const input = { search, limit: HITS_PER_KIND };
    if (!accepts(operation, input)) return null;
    return call(operation, input as RequestOf<Op>).then(hitsOf);
  };

/** Each kind's search: null when the text is not one it can take. */
const SEARCHES: Record<HitKind, Search> = {
  user: listSearch('list-all-users', ({ users }) =>
    users.map((u) => ({
      kind: 'user' as const,
      id: `user:${u.userName}`,
      label: nameOf(u.givenName, u.familyName, u.email),
      detail: u.email,
      to: `${paths.admin.editUser}?${new URLSearchParams({ userName: u.userName, email: u.email }).toString()}`,
    })),
  ),
  organisation: listSearch('list-organisations', ({ organisations }) =>
    organisations.map((o) => ({
      kind: 'organisation' as const,
      id: `organisation:${o.organisationId}`,
      label: o.name,
      detail: `${o.organisationId} · ${o.country}`,
      to: registryPaths.organisation(o.organisationId),
    })),
  ),
  system: listSearch('getOrgSysList', ({ systems }) =>
    systems.map((s) => ({
      kind: 'system' as const,
      id: `system:${s.systemId}`,
      label: s.name,
      detail: `${s.systemId} · ${s.organisationName}`,
      to: registryPaths.organisation(s.organisationId),
    })),
  ),
  study: listSearch('list-studies', ({ studies }) =>
    studies.map((s) => ({
      kind: 'study' as const,
      id: `study:${s.studyId}`,
      label: s.protocolNumber,
      detail: `${s.title} · ${s.sponsorName}`,
      to: registryPaths.connectionsOf({ studyId: s.studyId }),
    })),
  ),
  standard: listSearch('artifact/list-standards', ({ standards }) =>
    standards.map((s) => ({
      kind: 'standard' as const,
      id: `standard:${s.standardId}`,
      label: s.name,
      detail: s.organisationName,
      to: standardPaths.editor(s.standardId),
    })),
  ),
  document: (text, call) => {
    const documentId = text.toLowerCase();
    if (!DOCUMENT_ID.test(documentId)) return null;
    return call('s3documents/get', { documentId }).then(
      ({ document }) => [
        {
          kind: 'document' as const,
          id: `document:${document.documentId}`,
          label: document.title,
          detail: `${document.documentId} · ${document.fileName}`,
          to: `${paths.admin.document}?${new URLSearchParams({ documentId: document.documentId }).toString()}`,
        },
      ],
      // No such document within reach is no hit, not a failure of the search.
      (err: unknown) => {
        if ((err as { status?: unknown } | null)?.status === 404) return [];
        throw err;
      },
    );
  },
};

/** Every kind searched for `text` (trimmed; nothing for a text shorter than MIN_SEARCH). */
export const searchRecords = async (text: string, call: CallApi): Promise<PaletteAnswer> => {
  const search = text.trim();
  if (search.length < MIN_SEARCH) return { hits: [], failed: [] };
  const asked = HIT_KINDS.flatMap((kind) => {
    const running = SEARCHES[kind](search, call);
    return running === null ? [] : [{ kind, running }];
  });
  const settled = await Promise.allSettled(asked.map((a) => a.running));
  const hits: PaletteHit[] = [];
  const failed: HitKind[] = [];
  for (const [i, result] of settled.entries()) {
    const { kind } = asked[i] as (typeof asked)[number];
    if (result.status === 'fulfilled') hits.push(...result.value.slice(0, HITS_PER_KIND));
    else failed.push(kind);
  }
  return { hits, failed };
};
