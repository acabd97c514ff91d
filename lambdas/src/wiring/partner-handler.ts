import type { RouteDefinition } from '@ccsc/contract/route';
import { onContainerReset } from '../container';
import type { Core } from '../core/request';
import { lambdaEnv, tokenIssuer } from '../env';
import { type AccessTokens, createAccessTokens } from '../http/access-tokens';
import { createHandler, type LambdaHandler } from '../http/router';
import { credentialStore } from './credentials';

/**
 * The pool's access tokens, checked against its keys (fetched by the first call that needs them,
 * kept for the container): http/access-tokens.ts.
 */
let checker: AccessTokens | undefined;
onContainerReset(() => {
  checker = undefined;
});
const tokens: AccessTokens = {
  check: (authorization, now) =>
    (checker ??= createAccessTokens(tokenIssuer(lambdaEnv()))).check(authorization, now),
};

/**
 * The one router with its production wiring for partner calls: the caller's access token checked
 * against the user pool's keys, its credential read from DynamoDB (http/partner-client.ts). Apart
 * from handler.ts so that a partner function loads no user directory, and a console function no
 * credential store.
 */
export const handlePartner = <R extends RouteDefinition, D>(
  route: R,
  core: Core<R, D>,
  getDeps: () => D,
): LambdaHandler => createHandler(route, core, getDeps, { credentials: credentialStore, tokens });
