import type { routes } from '@ccsc/contract/routes';
import { mayManageStudies, STUDY_TRANSITIONS } from '@ccsc/contract/registry-access';
import { ConflictError, ForbiddenError } from '../core/errors';
import type { Core } from '../core/request';
import {
  claimKeys,
  type ConnectionRecord,
  type RegistryChange,
  type StudyRecord,
  useKey,
} from '../core/ports/registry';
import {
  auditFor,
  changedValues,
  newIdOf,
  type RegistryWriteDeps,
  staleRevision,
} from './connection-writes';
import {
  inUseMessage,
  isOpen,
  linksOf,
  registryActor,
  studyNotFound,
  toStudy,
  viewOf,
} from './registry-view';
import { checkedCro, claimedProtocol, croGuard, studyFacts, studyTarget } from './study-checks';

export type UpdateStudyDeps = RegistryWriteDeps;

/**
 * Open connections carried into a new CRO per write. A store makes one change in one transaction
 * (DynamoDB's: 100 items with the study, its claims, use counts and guards) and the write journal
 * keeps the change in one item (at most 400 KB, and a connection carries its whole history), so a
 * study with more open connections moves them in several writes, the study's own first.
 */
export const CONNECTIONS_PER_WRITE = 40;

const forwardMessage = (study: StudyRecord): string => {
  const next = STUDY_TRANSITIONS[study.status] ?? [];
  return next.length === 0
    ? `The study ${study.protocolNumber} is ${study.status}, which is final.`
    : `The study ${study.protocolNumber} is ${study.status}; it can only move on to ${next.join(' or ')}.`;
};

type Change = Required<Pick<RegistryChange, 'puts' | 'claims' | 'releases' | 'uses' | 'guards'>>;

/**
 * update-study: the title, phase, protocol number or CRO of a study, or its status moved forward
 * (planned → active → closed, planned → closed) — by a PlatformAdmin or the sponsor's OrgAdmin,
 * from the revision the caller saw. Only what changed is written and audited.
 *
 * - A new protocol number is claimed for the sponsor (409 on the field when taken) and the old one
 *   released.
 * - Closing is refused while an open connection uses the study, naming them; the `unused` guard
 *   keeps it so against an invitation made meanwhile.
 * - A new CRO (an active CRO, or none) is carried into the study's open connections, with their
 *   use counts: the CRO that acts for the sponsor is the one that sees and acts on them. Ended and
 *   declined connections keep the CRO they had. The study's write moves every use count and the
 *   first connections; the rest follow CONNECTIONS_PER_WRITE at a time. Should that be cut short,
 *   the open connections whose CRO is not the study's are carried along by the study's next
 *   update (an empty one will do).
 */
export const updateStudy: Core<(typeof routes)['update-study'], UpdateStudyDeps> = async (
  { studyId, revision, changes },
  ctx,
  deps,
) => {
  const [snapshot, study] = await Promise.all([
    deps.registry.snapshot(),
    deps.registry.get('study', studyId),
  ]);
  const view = viewOf(ctx.caller, snapshot);
  if (study === null || !view.study(study)) throw studyNotFound();
  const sponsor = snapshot.organisations.get(study.sponsorOrganisationId);
  if (sponsor === undefined || !mayManageStudies(registryActor(ctx.caller), sponsor)) {
    throw new ForbiddenError("Only the sponsor's OrgAdmin or a PlatformAdmin changes its studies.");
  }
  if (study.revision !== revision) throw staleRevision('study', study);

  const newId = newIdOf(deps);
  const now = deps.clock.now().toISOString();
  const next: StudyRecord = { ...study };
  const change: Change = { puts: [], claims: [], releases: [], uses: [], guards: [] };
  const open = (linksOf(snapshot).connectionsOfStudy.get(study.studyId) ?? []).filter(isOpen);

  if (changes.title !== undefined) next.title = changes.title;
  if (changes.phase !== undefined) next.phase = changes.phase;
  if (changes.protocolNumber !== undefined && changes.protocolNumber !== study.protocolNumber) {
    const claim = claimedProtocol(snapshot, sponsor, changes.protocolNumber, studyId);
    const held = claimKeys.studyProtocol(sponsor.organisationId, study.protocolNumber);
    if (claim.key !== held) {
      change.claims.push(claim);
      change.releases.push(held);
    }
    next.protocolNumber = changes.protocolNumber;
  }
  if (changes.status !== undefined && changes.status !== study.status) {
    if (!(STUDY_TRANSITIONS[study.status] ?? []).includes(changes.status)) {
      throw new ConflictError(forwardMessage(study));
    }
    if (changes.status === 'closed') {
      const subject = `The study ${study.protocolNumber}`;
      if (open.length > 0) throw new ConflictError(inUseMessage(subject, open, snapshot));
      change.guards.push({
        kind: 'unused',
        key: useKey('study', studyId),
        message: `${subject} was given an open connection meanwhile; end it first.`,
      });
    }
    next.status = changes.status;
  }
  if (
    changes.croOrganisationId !== undefined &&
    changes.croOrganisationId !== study.croOrganisationId
  ) {
    const cro =
      changes.croOrganisationId === null ? null : checkedCro(view, changes.croOrganisationId);
    if (cro !== null) change.guards.push(croGuard(cro));
    next.croOrganisationId = cro?.organisationId ?? null;
  }
  // The open connections whose CRO is not the study's (all of them after a change of CRO; after
  // a move cut short, those it did not reach).
  const lagging = open.filter((c) => c.croOrganisationId !== next.croOrganisationId);

  const { before, after } = changedValues(studyFacts(study), studyFacts(next));
  if (Object.keys(after).length === 0 && lagging.length === 0) {
    return { study: toStudy(study, snapshot) };
  }
  // A connection's CRO use moves with the connection's own write, from the CRO it holds to the
  // study's: so the counts always follow what each connection says, whatever happens between
  // the writes (an end, an invitation made meanwhile, a move cut short).
  const movedUses = (moved: readonly ConnectionRecord[]) =>
    moved.flatMap((c) => [
      ...(c.croOrganisationId === null
        ? []
        : [{ key: useKey('organisation', c.croOrganisationId), by: -1 as const }]),
      ...(next.croOrganisationId === null
        ? []
        : [{ key: useKey('organisation', next.croOrganisationId), by: 1 as const }]),
    ]);
  const carried = (connection: ConnectionRecord, writeId: string) => ({
    item: {
      type: 'connection' as const,
      record: {
        ...connection,
        croOrganisationId: next.croOrganisationId,
        revision: connection.revision + 1,
        writeId,
        updatedAt: now,
        updatedBy: ctx.caller.email,
      },
    },
    expectedRevision: connection.revision,
  });

  const writeId = newId();
  let updated = study;
  if (Object.keys(after).length > 0) {
    updated = {
      ...next,
      revision: study.revision + 1,
      writeId,
      updatedAt: now,
      updatedBy: ctx.caller.email,
    };
    change.puts.push({
      item: { type: 'study', record: updated },
      expectedRevision: study.revision,
    });
  }
  const first = lagging.slice(0, CONNECTIONS_PER_WRITE);
  change.puts.push(...first.map((c) => carried(c, writeId)));
  change.uses.push(...movedUses(first));
  const sites = lagging.map((c) => c.siteOrganisationId);
  await deps.writes.apply(
    `study:${studyId}`,
    { writeId, ...change },
    Object.keys(after).length === 0
      ? []
      : auditFor(
          ctx,
          {
            action: 'study.updated',
            target: studyTarget(updated),
            before,
            after,
            ...(lagging.length > 0
              ? {
                  reason: `The study's ${String(lagging.length)} open connection(s) follow it to the new CRO.`,
                }
              : {}),
          },
          // The study's owners; and, when its open connections change CRO, their sites too.
          [
            study.sponsorOrganisationId,
            study.croOrganisationId,
            updated.croOrganisationId,
            ...sites,
          ],
        ),
  );
  for (let at = CONNECTIONS_PER_WRITE; at < lagging.length; at += CONNECTIONS_PER_WRITE) {
    const moreId = newId();
    const batch = lagging.slice(at, at + CONNECTIONS_PER_WRITE);
    await deps.writes.apply(
      `study:${studyId}`,
      {
        writeId: moreId,
        puts: batch.map((c) => carried(c, moreId)),
        uses: movedUses(batch),
      },
      auditFor(
        ctx,
        {
          action: 'study.connections-moved',
          target: studyTarget(updated),
          after: {
            croOrganisationId: next.croOrganisationId,
            connectionIds: batch.map((c) => c.connectionId),
          },
        },
        [
          study.sponsorOrganisationId,
          next.croOrganisationId,
          ...batch.map((c) => c.croOrganisationId),
          ...batch.map((c) => c.siteOrganisationId),
        ],
      ),
    );
  }
  return { study: toStudy(updated, snapshot) };
};
