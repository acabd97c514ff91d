import type * as z from 'zod';
import type { ApiScope, PartnerRouteDefinition } from '@ccsc/contract/partner-api';
import type { RequestContext } from './request';

/** The calling system of a partner API call (http/partner-router.ts), as its credential says. */
export interface PartnerClient {
  apiId: string;
  clientId: string;
  organisationId: string;
  systemId: string;
  scopes: ApiScope[];
  validUntil: string;
}

export type PartnerContext = Omit<RequestContext<null>, 'caller'> & { client: PartnerClient };

/** A partner call's core: pure logic over its ports, for the calling system. */
export type PartnerCore<R extends PartnerRouteDefinition, D> = (
  input: z.output<R['request']>,
  ctx: PartnerContext,
  deps: D,
) => Promise<z.input<R['response']>>;
