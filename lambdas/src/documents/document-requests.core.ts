import type { DocumentRequest } from '@ccsc/contract/document-requests';
import type { partnerRoutes } from '@ccsc/contract/partner-api';
import type { routes } from '@ccsc/contract/routes';
import { ConflictError, NotFoundError, ValidationError } from '../core/errors';
import { pageOf } from '../core/list-page';
import type { RequestRecord } from '../core/ports/document-requests';
import type { Core } from '../core/request';
import {
  auditEach,
  mustManage,
  type RequestDeps,
  studyInReach,
  studyTarget,
} from './request-access';
import { receivedEvents } from './request-events';
import { artifactNames, fulfilmentsOf, requestViews, stateOf, todayOf } from './request-states';

/**
 * document-requests/* and the partner API's `requests` (issue 35): a sponsor asks a study's
 * sites for documents by TMF artifact and due date, one record per site and artifact; both sides
 * read them with their state (request-states.ts: computed when read); the site's system fulfils
 * one by sending a document that classifies to the artifact.
 */

type R = typeof routes;

const brief = (r: RequestRecord) => ({
  requestId: r.requestId,
  connectionId: r.connectionId,
  artifactNumber: r.artifactNumber,
  dueDate: r.dueDate,
});

export const createRequests: Core<R['document-requests/create'], RequestDeps> = async (
  input,
  ctx,
  deps,
) => {
  const seen = await studyInReach(deps, ctx.caller, input.studyId);
  mustManage(ctx.caller, seen);
  const names = artifactNames();
  const fields: { path: string; message: string }[] = [];
  const asked = new Set<string>();
  input.artifacts.forEach((a, i) => {
    if (!names.has(a.artifactNumber)) {
      fields.push({
        path: `artifacts.${String(i)}.artifactNumber`,
        message: `${a.artifactNumber} is not an artifact of the TMF Reference Model.`,
      });
    }
    if (asked.has(a.artifactNumber)) {
      fields.push({ path: `artifacts.${String(i)}`, message: 'The same artifact is asked twice.' });
    }
    asked.add(a.artifactNumber);
  });
  // Only a site that exchanges now can send: an active connection with its site system.
  const active = seen.connections.filter((c) => c.status === 'active' && c.siteSystemId !== null);
  let sites = active;
  if (input.sites.kind === 'some') {
    const named = new Set(input.sites.connectionIds);
    sites = active.filter((c) => named.has(c.connectionId));
    input.sites.connectionIds.forEach((id, i) => {
      if (!sites.some((c) => c.connectionId === id)) {
        fields.push({
          path: `sites.connectionIds.${String(i)}`,
          message: 'Not an active site of this study.',
        });
      }
    });
  }
  if (fields.length > 0) throw new ValidationError('Some of the request is not valid.', fields);
  if (sites.length === 0) {
    throw new ConflictError('The study has no active site to request documents from.');
  }
  const count = sites.length * input.artifacts.length;
  if (count > 200) {
    throw new ValidationError(
      `That is ${String(count)} requests (sites × artifacts); at most 200 a call. Request in parts.`,
    );
  }
  const at = deps.clock.now().toISOString();
  const records: RequestRecord[] = sites.flatMap((c) =>
    input.artifacts.map((a) => ({
      requestId: deps.newId(),
      revision: 1,
      studyId: seen.study.studyId,
      connectionId: c.connectionId,
      siteOrganisationId: c.siteOrganisationId,
      sponsorOrganisationId: seen.study.sponsorOrganisationId,
      croOrganisationId: seen.study.croOrganisationId,
      artifactNumber: a.artifactNumber,
      dueDate: a.dueDate,
      note: a.note === undefined || a.note === '' ? null : a.note,
      createdAt: at,
      createdBy: ctx.caller.email,
      cancelledAt: null,
      cancelledBy: null,
      lastWriteId: '',
    })),
  );
  const target = studyTarget(seen.study);
  const action = 'document-request.created';
  // The sponsor's (and CRO's) trail names every request; each site's, its own.
  const audit = [
    ...auditEach(ctx, { action, target, after: { requests: records.map(brief) } }, [
      seen.study.sponsorOrganisationId,
      seen.study.croOrganisationId,
    ]),
    ...sites.flatMap((c) =>
      auditEach(
        ctx,
        {
          action,
          target,
          after: { requests: records.filter((r) => r.connectionId === c.connectionId).map(brief) },
        },
        [c.siteOrganisationId].filter(
          (o) => o !== seen.study.sponsorOrganisationId && o !== seen.study.croOrganisationId,
        ),
      ),
    ),
  ];
  await deps.writes.apply(
    seen.study.studyId,
    records.map((record) => ({ kind: 'request' as const, record, expectedRevision: null })),
    audit,
    // Issue 35: each request is news for its site (its feed, its OrgAdmins), once.
    receivedEvents(records, seen.snapshot),
  );
  return { requests: await requestViews(deps, seen.snapshot, records) };
};

export const cancelRequest: Core<R['document-requests/cancel'], RequestDeps> = async (
  input,
  ctx,
  deps,
) => {
  const seen = await studyInReach(deps, ctx.caller, input.studyId);
  const record = await deps.requests.request(seen.study.studyId, input.requestId);
  if (record === null || !seen.connections.some((c) => c.connectionId === record.connectionId)) {
    throw new NotFoundError('No request with that id is within your reach.');
  }
  mustManage(ctx.caller, seen);
  const ofConnection = (await deps.requests.requests(seen.study.studyId)).filter(
    (r) => r.connectionId === record.connectionId,
  );
  const fulfilled = await fulfilmentsOf(deps.documents, ofConnection);
  const state = stateOf(record, fulfilled.get(record.requestId), todayOf(deps.clock));
  if (state === 'cancelled' || state === 'fulfilled') {
    throw new ConflictError(
      `The request is ${state} already; only an open or overdue one can be cancelled.`,
    );
  }
  const next: RequestRecord = {
    ...record,
    revision: record.revision + 1,
    cancelledAt: deps.clock.now().toISOString(),
    cancelledBy: ctx.caller.email,
  };
  await deps.writes.apply(
    seen.study.studyId,
    [{ kind: 'request', record: next, expectedRevision: record.revision }],
    auditEach(
      ctx,
      {
        action: 'document-request.cancelled',
        target: studyTarget(seen.study),
        before: { ...brief(record), state },
        after: { ...brief(next), state: 'cancelled' },
      },
      [record.sponsorOrganisationId, record.croOrganisationId, record.siteOrganisationId],
    ),
  );
  const [view] = await requestViews(deps, seen.snapshot, [next]);
  if (view === undefined) throw new Error('A request view went missing.');
  return { request: view };
};

const filtered = (
  views: DocumentRequest[],
  f: { state?: string; connectionId?: string; artifactNumber?: string; studyId?: string },
) =>
  views.filter(
    (v) =>
      (f.state === undefined || v.state === f.state) &&
      (f.connectionId === undefined || v.connectionId === f.connectionId) &&
      (f.artifactNumber === undefined || v.artifactNumber === f.artifactNumber) &&
      (f.studyId === undefined || v.studyId === f.studyId),
  );

export const listRequests: Core<R['document-requests/list'], RequestDeps> = async (
  input,
  ctx,
  deps,
) => {
  const seen = await studyInReach(deps, ctx.caller, input.studyId);
  const visible = new Set(seen.connections.map((c) => c.connectionId));
  const records = (await deps.requests.requests(seen.study.studyId)).filter((r) =>
    visible.has(r.connectionId),
  );
  const views = filtered(await requestViews(deps, seen.snapshot, records), input);
  const { studyId, state, connectionId, artifactNumber } = input;
  const page = pageOf(
    'document-requests',
    { studyId, state, connectionId, artifactNumber },
    input,
    views,
  );
  return { requests: page.items, nextCursor: page.nextCursor, total: page.total };
};

/**
 * The partner API's `requests`: those on the connections the calling system takes part in
 * (a site system: what its site is asked for; a sponsor-side system: what its sponsor asked).
 */
export const partnerRequests: Core<
  (typeof partnerRoutes)['partner-requests'],
  Pick<RequestDeps, 'registry' | 'documents' | 'requests' | 'clock'>
> = async (input, ctx, deps) => {
  const snapshot = await deps.registry.snapshot();
  const { systemId } = ctx.client;
  const mine = [...snapshot.connections.values()].filter(
    (c) =>
      (c.siteSystemId === systemId || c.sponsorSystemId === systemId) &&
      (input.studyId === undefined || c.studyId === input.studyId),
  );
  const ids = new Set(mine.map((c) => c.connectionId));
  const studies = [...new Set(mine.map((c) => c.studyId))].sort();
  const records = (await Promise.all(studies.map((s) => deps.requests.requests(s))))
    .flat()
    .filter((r) => ids.has(r.connectionId));
  const views = filtered(await requestViews(deps, snapshot, records), input);
  const { state, studyId, artifactNumber } = input;
  const page = pageOf(
    'partner-requests',
    { systemId, state, studyId, artifactNumber },
    input,
    views,
  );
  return { requests: page.items, nextCursor: page.nextCursor };
};
