import type { RouteDefinition } from '@ccsc/contract/route';
import type { Core } from '../core/request';
import {
  createHandler,
  createNotImplementedHandler,
  type HandlerOptions,
  type LambdaHandler,
} from '../http/router';
import { accountReader } from './cognito';

/**
 * The one router with its production wiring for console calls: the MFA gate reads accounts from
 * Cognito (AdminGetUser). Every console Lambda entry builds its handler here (a partner call's,
 * with the credentials instead: partner-handler.ts); the router itself builds no adapter.
 */
const production = (): Pick<HandlerOptions, 'accounts'> => ({ accounts: accountReader });

export const handle = <R extends RouteDefinition, D>(
  route: R,
  core: Core<R, D>,
  getDeps: () => D,
): LambdaHandler => createHandler(route, core, getDeps, production());

export const handleNotImplemented = (route: RouteDefinition): LambdaHandler =>
  createNotImplementedHandler(route, production());
