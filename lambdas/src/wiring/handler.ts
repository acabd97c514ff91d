import type { RouteDefinition } from '@ccsc/contract';
import type { Core } from '../core/request';
import {
  createHandler,
  createNotImplementedHandler,
  type HandlerOptions,
  type LambdaHandler,
} from '../http/router';
import { userDirectory } from './cognito';
import { credentialStore } from './credentials';

/**
 * The router with its production wiring: the MFA gate reads accounts from Cognito (AdminGetUser),
 * a partner call's credential from DynamoDB. Every Lambda entry, console or partner, builds its
 * handler here; the router itself builds no adapter. Both are built on first use, so a function
 * loads only the clients its calls use.
 */
const production = (): Pick<HandlerOptions, 'accounts' | 'credentials'> => ({
  accounts: userDirectory,
  credentials: credentialStore,
});

export const handle = <R extends RouteDefinition, D>(
  route: R,
  core: Core<R, D>,
  getDeps: () => D,
): LambdaHandler => createHandler(route, core, getDeps, production());

export const handleNotImplemented = (route: RouteDefinition): LambdaHandler =>
  createNotImplementedHandler(route, production());
