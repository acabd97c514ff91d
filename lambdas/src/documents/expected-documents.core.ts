import type { ExpectedRow, ExpectedScope } from '@ccsc/contract/document-requests';
import type { routes } from '@ccsc/contract/routes';
import { indexCatalogue } from '@ccsc/contract/standard-rows';
import { CURRENT_CATALOGUE_VERSION, catalogueOf } from '@ccsc/contract/tmf-catalogue';
import { ConflictError, ValidationError } from '../core/errors';
import type { ExpectedListRecord } from '../core/ports/document-requests';
import type { Core } from '../core/request';
import {
  auditEach,
  mustManage,
  type RequestDeps,
  type StudyInReach,
  studyInReach,
  studyTarget,
} from './request-access';
import { todayOf } from './request-states';
import { REQUESTS_CHANGED } from './request-writes';

/**
 * expected-documents/get and /save (issue 35): a study's expected-documents list. Until the
 * sponsor saves one, the list shown is the template: the TMF Reference Model's core artifacts
 * that may be filed at site level, expected from all sites, due TEMPLATE_DAYS from today (a
 * starting point the sponsor edits). A site's readers see the rows that concern them (all sites,
 * their country, their own connection).
 */

export const TEMPLATE_DAYS = 30;

const catalogueArtifacts = () => {
  const catalogue = catalogueOf(CURRENT_CATALOGUE_VERSION);
  if (catalogue === null) throw new Error('The current TMF Reference Model catalogue is missing.');
  return indexCatalogue(catalogue).list;
};

const plusDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export const templateRows = (today: string): ExpectedRow[] =>
  catalogueArtifacts()
    .filter((a) => a.core && a.levels.includes('site'))
    .map((a) => ({
      scope: { kind: 'all' },
      artifactNumber: a.number,
      dueDate: plusDays(today, TEMPLATE_DAYS),
      note: null,
    }));

const scopeKey = (scope: ExpectedScope): string =>
  scope.kind === 'all'
    ? 'all'
    : scope.kind === 'country'
      ? `country:${scope.country}`
      : `site:${scope.connectionId}`;
const rowKey = (row: ExpectedRow): string => `${scopeKey(row.scope)}|${row.artifactNumber}`;

const concerns = (seen: StudyInReach, { scope }: ExpectedRow): boolean => {
  if (seen.sponsorSide || scope.kind === 'all') return true;
  return seen.connections.some((c) =>
    scope.kind === 'country' ? c.country === scope.country : c.connectionId === scope.connectionId,
  );
};

const answer = (seen: StudyInReach, list: ExpectedListRecord | null, today: string) => ({
  study: {
    studyId: seen.study.studyId,
    protocolNumber: seen.study.protocolNumber,
    title: seen.study.title,
    sponsorOrganisationId: seen.study.sponsorOrganisationId,
  },
  saved: list !== null,
  revision: list?.revision ?? 0,
  rows: (list?.rows ?? templateRows(today)).filter((row) => concerns(seen, row)),
  updatedAt: list?.updatedAt ?? null,
  updatedBy: list?.updatedBy ?? null,
  sites: seen.connections.map((c) => ({
    connectionId: c.connectionId,
    siteNumber: c.siteNumber,
    siteName: seen.snapshot.organisations.get(c.siteOrganisationId)?.name ?? c.siteOrganisationId,
    country: c.country,
    status: c.status,
  })),
});

export const getExpectedDocuments: Core<
  (typeof routes)['expected-documents/get'],
  RequestDeps
> = async (input, ctx, deps) => {
  const seen = await studyInReach(deps, ctx.caller, input.studyId);
  return answer(seen, await deps.requests.expected(seen.study.studyId), todayOf(deps.clock));
};

/** The rows' own checks: known artifacts, the study's own sites, no row twice. */
const checkRows = (seen: StudyInReach, rows: readonly ExpectedRow[]): void => {
  const known = new Set(catalogueArtifacts().map((a) => a.number));
  const sites = new Set(seen.connections.map((c) => c.connectionId));
  const keys = new Set<string>();
  const fields: { path: string; message: string }[] = [];
  rows.forEach((row, i) => {
    if (!known.has(row.artifactNumber)) {
      fields.push({
        path: `rows.${String(i)}.artifactNumber`,
        message: `${row.artifactNumber} is not an artifact of the TMF Reference Model ${CURRENT_CATALOGUE_VERSION}.`,
      });
    }
    if (row.scope.kind === 'site' && !sites.has(row.scope.connectionId)) {
      fields.push({
        path: `rows.${String(i)}.scope.connectionId`,
        message: 'Not a site of this study.',
      });
    }
    const key = rowKey(row);
    if (keys.has(key)) {
      fields.push({
        path: `rows.${String(i)}`,
        message: 'The same artifact is expected from the same sites twice.',
      });
    }
    keys.add(key);
  });
  if (fields.length > 0) throw new ValidationError('Some rows of the list are not valid.', fields);
};

export const saveExpectedDocuments: Core<
  (typeof routes)['expected-documents/save'],
  RequestDeps
> = async (input, ctx, deps) => {
  const seen = await studyInReach(deps, ctx.caller, input.studyId);
  mustManage(ctx.caller, seen);
  const current = await deps.requests.expected(seen.study.studyId);
  if ((current?.revision ?? 0) !== input.revision) throw new ConflictError(REQUESTS_CHANGED);
  checkRows(seen, input.rows);
  const rows = input.rows.map((r) => ({ ...r, note: r.note === '' ? null : r.note }));

  const was = new Map((current?.rows ?? []).map((r) => [rowKey(r), r]));
  const now = new Map(rows.map((r) => [rowKey(r), r]));
  const added = rows.filter((r) => !was.has(rowKey(r)));
  const removed = [...was.values()].filter((r) => !now.has(rowKey(r)));
  const changed = rows.filter((r) => {
    const before = was.get(rowKey(r));
    return before !== undefined && (before.dueDate !== r.dueDate || before.note !== r.note);
  });
  const today = todayOf(deps.clock);
  // The first save is a change even when it keeps the template as it is: the list now exists.
  if (current !== null && added.length + removed.length + changed.length === 0) {
    return answer(seen, current, today);
  }
  const next: ExpectedListRecord = {
    studyId: seen.study.studyId,
    revision: (current?.revision ?? 0) + 1,
    rows,
    updatedAt: deps.clock.now().toISOString(),
    updatedBy: ctx.caller.email,
    lastWriteId: '',
  };
  const brief = (r: ExpectedRow) => ({
    scope: scopeKey(r.scope),
    artifactNumber: r.artifactNumber,
    dueDate: r.dueDate,
  });
  await deps.writes.apply(
    seen.study.studyId,
    [{ kind: 'expected', record: next, expectedRevision: current?.revision ?? null }],
    auditEach(
      ctx,
      {
        action: 'study.expected-documents-saved',
        target: studyTarget(seen.study),
        before: { revision: current?.revision ?? 0, rows: current?.rows.length ?? 0 },
        after: {
          revision: next.revision,
          rows: rows.length,
          added: added.map(brief),
          changed: changed.map(brief),
          removed: removed.map(brief),
        },
      },
      [seen.study.sponsorOrganisationId, seen.study.croOrganisationId],
    ),
  );
  return answer(seen, next, today);
};
