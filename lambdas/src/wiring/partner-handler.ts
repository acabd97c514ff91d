import type { RouteDefinition } from '@ccsc/contract/route';
import type { Core } from '../core/request';
import { createHandler, type LambdaHandler } from '../http/router';
import { credentialStore } from './credentials';

/**
 * The one router with its production wiring for partner calls: a call's credential is read from
 * DynamoDB (http/partner-client.ts). Apart from handler.ts so that a partner function loads no
 * user directory, and a console function no credential store.
 */
export const handlePartner = <R extends RouteDefinition, D>(
  route: R,
  core: Core<R, D>,
  getDeps: () => D,
): LambdaHandler => createHandler(route, core, getDeps, { credentials: credentialStore });
