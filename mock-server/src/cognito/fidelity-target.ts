import type { Route } from 'cognito-local/lib/server/Router.js';
import type { Services } from 'cognito-local/lib/services/index.js';
import type { AuthEvents } from './auth-events';
import type { SessionStore } from './sessions';
import type { SigningKey } from './signing-key';
import type { FidelityStore } from './state';
import type { TokenService } from './tokens';

/**
 * The shapes every operation module of the fidelity layer shares. A leaf: the operation modules
 * import it, and the registry (fidelity.ts) imports them, so the arrows point one way.
 */

/** What the fidelity layer keeps beside cognito-local's services. */
export interface Fidelity {
  store: FidelityStore;
  signingKey: SigningKey;
  tokens: TokenService;
  sessions: SessionStore;
  authEvents: AuthEvents;
}

/**
 * A Cognito API target of ours, shaped like cognito-local's own: built once per request from the
 * services (cognito-local's, and ours), then called.
 */
export type FidelityTarget = (services: Services, fidelity: Fidelity) => Route;
