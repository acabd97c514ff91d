import type { distributionRoutes, distributionPartnerRoutes } from '@ccsc/contract/distributions';
import type * as z from 'zod';
import { actorOf, sourceOf } from '../../core/audit-entry';
import { ForbiddenError, NotFoundError, ValidationError } from '../../core/errors';
import { newIdOf } from '../../core/ids';
import type { Core } from '../../core/request';
import type { DistributionRecord, DistributionTarget } from '../../core/ports/distributions';
import { type DocumentRecord, isDelivered } from '../../core/ports/documents';
import type { ConnectionRecord, RegistrySnapshot } from '../../core/ports/registry';
import { systemActor } from '../document-views';
import { type CreatedBy, fanOut } from './distribution-fan-out';
import { type DistributionDeps, detailOf } from './distribution-kit';

type CreateInput = z.output<(typeof distributionRoutes)['distributions/create']['request']>;

const NO_SOURCE =
  'No document with that id was sent by the sponsor within your reach: distribute a document the sponsor sent in the study and that was delivered (its file checked and scanned clean).';

/** Who creates: the sponsor's organisation (an administrator's or its system's). */
interface Creator {
  /** The organisation the caller acts for; null for a PlatformAdmin (any sponsor). */
  organisationId: string | null;
  /** A sponsor system reaches only the connections it serves. */
  systemId: string | null;
  by: string;
  who: CreatedBy;
}

/** The source: a document the study's sponsor sent, delivered, its file kept and scanned clean. */
const sourceDocumentOf = async (
  documentId: string,
  creator: Creator,
  deps: DistributionDeps,
): Promise<DocumentRecord> => {
  const source = await deps.documents.get(documentId);
  if (
    source === null ||
    source.senderOrganisationId !== source.sponsorOrganisationId ||
    (creator.organisationId !== null && source.sponsorOrganisationId !== creator.organisationId) ||
    (creator.systemId !== null && source.senderSystemId !== creator.systemId)
  ) {
    throw new NotFoundError(NO_SOURCE);
  }
  if (!isDelivered(source) || source.objectKey === null) {
    throw new ValidationError(
      'Only a delivered document can be distributed: its file must be checked and scanned clean first.',
      [{ path: 'sourceDocumentId', message: `The document is ${source.state}.` }],
    );
  }
  return source;
};

/** The study's connections a distribution may go to: active, with a site system to deliver to. */
const eligible = (c: ConnectionRecord, studyId: string, creator: Creator) =>
  c.studyId === studyId &&
  c.status === 'active' &&
  c.siteSystemId !== null &&
  (creator.systemId === null || c.sponsorSystemId === creator.systemId);

const targetsOf = (
  input: Pick<CreateInput, 'connectionIds'>,
  studyId: string,
  snapshot: RegistrySnapshot,
  creator: Creator,
): DistributionTarget[] => {
  const chosen =
    input.connectionIds === undefined
      ? [...snapshot.connections.values()].filter((c) => eligible(c, studyId, creator))
      : [...new Set(input.connectionIds)].map((id, i) => {
          const c = snapshot.connections.get(id);
          if (c === undefined || !eligible(c, studyId, creator)) {
            throw new ValidationError('A chosen connection cannot receive this distribution.', [
              {
                path: `connectionIds.${String(i)}`,
                message: `${id} is not an active site connection of the document's study with a site system${creator.systemId === null ? '' : ' that the calling system serves'}.`,
              },
            ]);
          }
          return c;
        });
  if (chosen.length === 0) {
    throw new ValidationError('The study has no active site with a site system to send to.', [
      { path: 'connectionIds', message: 'Connect a site (active, with its system) first.' },
    ]);
  }
  return chosen
    .sort((a, b) => a.siteNumber.localeCompare(b.siteNumber, 'en', { numeric: true }))
    .map((c) => ({
      connectionId: c.connectionId,
      siteOrganisationId: c.siteOrganisationId,
      siteSystemId: c.siteSystemId ?? '',
      siteNumber: c.siteNumber,
      documentId: null,
      reminders: [],
    }));
};

/** Records the distribution, then fans it out (distribution-fan-out.ts); the tracking. */
const createFor = async (input: CreateInput, creator: Creator, deps: DistributionDeps) => {
  const source = await sourceDocumentOf(input.sourceDocumentId, creator, deps);
  const snapshot = await deps.registry.snapshot();
  const record: DistributionRecord = {
    distributionId: `dist-${newIdOf(deps)().replaceAll('-', '')}`,
    revision: 1,
    studyId: source.studyId,
    sponsorOrganisationId: source.sponsorOrganisationId,
    sourceDocumentId: source.documentId,
    title: source.title,
    fileName: source.fileName,
    overdueDays: input.overdueDays,
    createdAt: deps.clock.now().toISOString(),
    createdBy: creator.by,
    createdWho: creator.who,
    complete: false,
    closed: false,
    targets: targetsOf(input, source.studyId, snapshot, creator),
  };
  await deps.distributions.create(record);
  const { record: done, copies } = await fanOut(record, source, snapshot, deps, false);
  // The copies as just written answer; only one another run made is read (500 sites: no re-read).
  const missing = done.targets.flatMap((t) =>
    t.documentId === null || copies.has(t.documentId) ? [] : [t.documentId],
  );
  const documents = new Map([
    ...copies,
    ...(await deps.documents.getMany(missing)).map((d) => [d.documentId, d] as const),
  ]);
  return { distribution: detailOf(done, documents, snapshot, deps.clock.now()) };
};

/** distributions/create: the sponsor's OrgAdmin (or a PlatformAdmin). */
export const createDistribution: Core<
  (typeof distributionRoutes)['distributions/create'],
  DistributionDeps
> = async (input, ctx, deps) => {
  const { caller } = ctx;
  if (
    caller.role !== 'PlatformAdmin' &&
    (caller.role !== 'OrgAdmin' || caller.organisationId === null)
  ) {
    throw new ForbiddenError('Only the sponsor’s OrgAdmin or a PlatformAdmin distributes.');
  }
  return createFor(
    input,
    {
      organisationId: caller.role === 'PlatformAdmin' ? null : caller.organisationId,
      systemId: null,
      by: caller.email,
      who: { actor: actorOf(caller), source: sourceOf(ctx), requestId: ctx.requestId },
    },
    deps,
  );
};

/** partner-create-distribution: the sponsor system, for the connections it serves. */
export const partnerCreateDistribution: Core<
  (typeof distributionPartnerRoutes)['partner-create-distribution'],
  DistributionDeps
> = async (input, ctx, deps) =>
  createFor(
    input,
    {
      organisationId: ctx.client.organisationId,
      systemId: ctx.client.systemId,
      by: systemActor(ctx.client.systemId),
      who: {
        actor: { sub: systemActor(ctx.client.systemId), email: null, role: null },
        source: { ip: ctx.sourceIp, userAgent: ctx.userAgent },
        requestId: ctx.requestId,
        apiId: ctx.client.apiId,
      },
    },
    deps,
  );
