import type { distributionPartnerRoutes, distributionRoutes } from '@ccsc/contract/distributions';
import { reachOf } from '@ccsc/contract/reach';
import type { Cell } from '@ccsc/formats/write-csv';
import { writeCsvExport } from '../../core/csv/csv-export';
import { NotFoundError, ValidationError } from '../../core/errors';
import type { Caller, Core } from '../../core/request';
import {
  ALL_DISTRIBUTIONS,
  type DistributionRecord,
  type DistributionTarget,
} from '../../core/ports/distributions';
import {
  type DistributionDeps,
  type DistributionExportDeps,
  deliveriesOf,
  detailOf,
} from './distribution-kit';

/**
 * Reading distributions (issue 35 part D): the console's list, one distribution's tracking and
 * its CSV, and the partner systems' lists. The sponsor sees every site; a site's organisation
 * (or its system) only its own; a distribution that names neither is not found.
 */

type Keep = (target: DistributionTarget) => boolean;
const EVERY: Keep = () => true;
export const NOT_FOUND = 'No distribution with that id is within your reach.';

/** Which sites of `record` the caller sees; null when none (not within reach). */
export const consoleKeep = (record: DistributionRecord, caller: Caller): Keep | null => {
  const reach = reachOf(caller);
  if (reach.kind === 'everything') return EVERY;
  if (reach.kind === 'nothing') return null;
  if (record.sponsorOrganisationId === reach.organisationId) return EVERY;
  const own: Keep = (t) => t.siteOrganisationId === reach.organisationId;
  return record.targets.some(own) ? own : null;
};

const encode = (key: string | null) =>
  key === null ? null : Buffer.from(`dist:${key}`).toString('base64url');
const decode = (cursor: string | undefined): string | undefined => {
  if (cursor === undefined) return undefined;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!text.startsWith('dist:')) {
    throw new ValidationError('cursor is not one this API gave.', [
      { path: 'cursor', message: 'Use the nextCursor of a previous answer, or leave it out.' },
    ]);
  }
  return text.slice('dist:'.length);
};

/** A page of `list`, each distribution with the sites `keepOf` keeps. */
const pageOf = async (
  deps: DistributionDeps,
  list: string,
  limit: number | undefined,
  cursor: string | undefined,
  keepOf: (record: DistributionRecord) => Keep | null,
) => {
  const page = await deps.distributions.page(list, limit ?? 50, decode(cursor));
  const [records, snapshot] = await Promise.all([
    deps.distributions.getMany(page.ids),
    deps.registry.snapshot(),
  ]);
  const kept = records.flatMap((r) => {
    const keep = keepOf(r);
    return keep === null ? [] : [{ record: r, keep }];
  });
  const documents = await deliveriesOf(
    deps,
    kept.map((k) => ({ ...k.record, targets: k.record.targets.filter(k.keep) })),
  );
  const now = deps.clock.now();
  return {
    distributions: kept.map((k) => detailOf(k.record, documents, snapshot, now, k.keep)),
    nextCursor: encode(page.next),
  };
};

/** One distribution as `caller` sees it (404 outside reach), with its deliveries. */
export const visibleDetail = async (
  distributionId: string,
  caller: Caller,
  deps: DistributionDeps,
) => {
  const record = await deps.distributions.get(distributionId);
  const keep = record === null ? null : consoleKeep(record, caller);
  if (record === null || keep === null) throw new NotFoundError(NOT_FOUND);
  const [documents, snapshot] = await Promise.all([
    deliveriesOf(deps, [record], keep),
    deps.registry.snapshot(),
  ]);
  return { record, detail: detailOf(record, documents, snapshot, deps.clock.now(), keep) };
};

export const listDistributions: Core<
  (typeof distributionRoutes)['distributions/list'],
  DistributionDeps
> = async (input, ctx, deps) => {
  const reach = reachOf(ctx.caller);
  if (reach.kind === 'nothing') return { distributions: [], nextCursor: null };
  const list = reach.kind === 'everything' ? ALL_DISTRIBUTIONS : reach.organisationId;
  const { distributions, nextCursor } = await pageOf(deps, list, input.limit, input.cursor, (r) =>
    consoleKeep(r, ctx.caller),
  );
  // The list shows each distribution's counts; its sites are the tracking screen's.
  return {
    distributions: distributions.map(({ sites: _sites, ...summary }) => summary),
    nextCursor,
  };
};

export const getDistribution: Core<
  (typeof distributionRoutes)['distributions/get'],
  DistributionDeps
> = async (input, ctx, deps) => ({
  distribution: (await visibleDetail(input.distributionId, ctx.caller, deps)).detail,
});

export const DISTRIBUTION_CSV_HEADER = [
  'Site number',
  'Site name',
  'Delivered at (UTC)',
  'Acknowledged at (UTC)',
  'Acknowledged by',
  'Overdue',
  'Reminders',
  'Reminders sent at (UTC)',
  'Connection ID',
  'Document ID',
] as const;

/** distributions/export: the tracking per site as CSV, through the house's export path. */
export const exportDistribution: Core<
  (typeof distributionRoutes)['distributions/export'],
  DistributionExportDeps
> = async (input, ctx, deps) => {
  const { record, detail } = await visibleDetail(input.distributionId, ctx.caller, deps);
  async function* rows(): AsyncIterable<Cell[]> {
    for (const s of detail.sites) {
      yield await Promise.resolve([
        s.siteNumber,
        s.siteName,
        s.deliveredAt,
        s.acknowledgedAt,
        s.acknowledgedBy,
        s.overdue ? 'yes' : 'no',
        s.reminders.length,
        s.reminders.join(' '),
        s.connectionId,
        s.documentId,
      ]);
    }
  }
  const file = await writeCsvExport(deps, ctx, {
    kind: 'distribution',
    header: DISTRIBUTION_CSV_HEADER,
    rows: rows(),
    filters: { distributionId: record.distributionId, studyId: record.studyId },
    action: 'distribution.export',
  });
  return { url: file.url, expiresAt: file.expiresAt, fileName: file.fileName, rows: file.rows };
};

/** partner-list-distributions: those delivered to the calling site system, its own sites only. */
export const partnerListDistributions: Core<
  (typeof distributionPartnerRoutes)['partner-list-distributions'],
  DistributionDeps
> = async (input, ctx, deps) => {
  const own: Keep = (t) => t.siteSystemId === ctx.client.systemId;
  return pageOf(deps, ctx.client.organisationId, input.limit, input.cursor, (r) =>
    r.targets.some(own) ? own : null,
  );
};

/** partner-sent-distributions: those the calling sponsor system's organisation sent. */
export const partnerSentDistributions: Core<
  (typeof distributionPartnerRoutes)['partner-sent-distributions'],
  DistributionDeps
> = async (input, ctx, deps) =>
  pageOf(deps, ctx.client.organisationId, input.limit, input.cursor, (r) =>
    r.sponsorOrganisationId === ctx.client.organisationId ? EVERY : null,
  );
