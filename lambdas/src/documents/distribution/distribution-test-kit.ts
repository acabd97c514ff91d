import { distributionPartnerRoutes, distributionRoutes } from '@ccsc/contract/distributions';
import type * as z from 'zod';
import type { Caller, PartnerContext, RequestContext } from '../../core/request';
import { aStandard, aStandardVersion } from '../../core/testing/standard-records';
import {
  connection,
  organisation,
  ORG,
  STUDY,
  SYS,
  system,
} from '../../core/testing/connection-test-network';
import {
  asSystem,
  pdf,
  ROWS_KEY,
  sendWhole,
  setUp,
  SPONSOR,
  type World,
} from '../document-world-kit';
import type { DistributionExportDeps } from './distribution-kit';

/**
 * The distributions' test world (issue 35 part D): the document world (document-world-kit.ts)
 * with a third active site in study 1 (site 104, its own organisation and eISF) and the other
 * site's standard published, so that a letter reaches three sites; the sponsor's CV of the
 * investigator, sent over site 101 and delivered, is the source.
 */

export const FAR = {
  org: organisation('org-site-3', 'Klinikum Ankara', 'site', { country: 'TR' }),
  sys: system('sys-site-3', 'org-site-3', { name: 'Ankara eISF' }),
};
export const FAR_SITE = asSystem(FAR.sys);

export const distributionWorld = async () => {
  const w = setUp();
  w.registry.seed([
    { type: 'organisation', record: FAR.org },
    { type: 'system', record: FAR.sys },
    {
      type: 'standard',
      record: aStandard('std-site-2', ORG.otherSite.organisationId, [
        aStandardVersion(1, 'published', {
          systemIds: [SYS.otherSite.systemId],
          rowsKey: ROWS_KEY.site,
        }),
      ]),
    },
    {
      type: 'standard',
      record: aStandard('std-site-3', FAR.org.organisationId, [
        aStandardVersion(1, 'published', { systemIds: [FAR.sys.systemId], rowsKey: ROWS_KEY.site }),
      ]),
    },
    {
      type: 'connection',
      record: connection('conn-5', STUDY.main, FAR.org.organisationId, {
        siteNumber: '104',
        country: 'TR',
        status: 'active',
        siteSystemId: FAR.sys.systemId,
      }),
    },
  ]);
  const deps: DistributionExportDeps & World['deps'] = { ...w.deps, auditReader: w.audit };
  const source = await sendWhole(
    w,
    pdf('IND safety report 7'),
    {
      idempotencyKey: 'key-safety-1',
      typeCode: 'TMF-CV',
      title: 'IND safety report 7',
      fileName: 'ind-safety-7.pdf',
    },
    SPONSOR,
  );
  return { ...w, deps, source };
};
export type DistributionWorld = Awaited<ReturnType<typeof distributionWorld>>;

type Console = typeof distributionRoutes;
type Partner = typeof distributionPartnerRoutes;

/** A console call as the router makes it: the input parsed, the answer checked. */
export const consoleCall = async <K extends keyof Console>(
  operation: K,
  core: (
    input: never,
    ctx: RequestContext<Caller>,
    deps: DistributionExportDeps,
  ) => Promise<unknown>,
  body: z.input<Console[K]['request']>,
  ctx: RequestContext<Caller>,
  w: DistributionWorld,
): Promise<z.output<Console[K]['response']>> => {
  const route = distributionRoutes[operation];
  const input: unknown = route.request.parse(body);
  return route.response.parse(await core(input as never, ctx, w.deps)) as z.output<
    Console[K]['response']
  >;
};

/** A partner call as the router makes it. */
export const partnerCall = async <K extends keyof Partner>(
  operation: K,
  core: (input: never, ctx: PartnerContext, deps: DistributionExportDeps) => Promise<unknown>,
  body: z.input<Partner[K]['request']>,
  ctx: PartnerContext,
  w: DistributionWorld,
): Promise<z.output<Partner[K]['response']>> => {
  const route = distributionPartnerRoutes[operation];
  const input: unknown = route.request.parse(body);
  return route.response.parse(await core(input as never, ctx, w.deps)) as z.output<
    Partner[K]['response']
  >;
};
