import type { Router } from 'cognito-local/lib/server/Router.js';
import type { Services } from 'cognito-local/lib/services/index.js';
import { accountTargets } from './account';
import { AdminCreateUser } from './admin-create-user';
import { AdminDeleteUser, AdminDisableUser, AdminEnableUser } from './admin-user-lifecycle';
import { AdminResetUserPassword, AdminSetUserPassword } from './admin-user-passwords';
import { AuthEvents } from './auth-events';
import { authTargets } from './auth';
import type { Fidelity, FidelityTarget } from './fidelity-target';
import { groupTargets } from './groups';
import { AdminListUserAuthEvents } from './list-user-auth-events';
import { ListUsers } from './list-users';
import { ListUserPoolClients } from './list-user-pool-clients';
import { resourceServerTargets } from './resource-servers';
import { userPoolClientTargets } from './user-pool-clients';
import { mfaTargets } from './mfa';
import { SessionStore } from './sessions';
import { loadSigningKey } from './signing-key';
import { FidelityStore } from './state';
import { TokenService } from './tokens';
import { clientSecretTargets } from './user-pool-client-secrets';

export const createFidelity = async (
  services: Services,
  directory: string,
  issuerDomain: () => string,
): Promise<Fidelity> => {
  const store = new FidelityStore(directory);
  await store.open();
  const signingKey = await loadSigningKey(directory);
  return {
    store,
    signingKey,
    tokens: new TokenService(services.cognito, store, services.clock, issuerDomain, signingKey),
    sessions: new SessionStore(services.clock),
    authEvents: new AuthEvents(store, services.clock),
  };
};

/** Target name → our handler; consulted before cognito-local's own router. */
export const fidelityTargets: Readonly<Record<string, FidelityTarget>> = {
  // The user directory as Cognito's admin API runs it, where cognito-local lacks a target or
  // answers differently: listing and filtering users, groups, creating users with an invitation,
  // resetting, setting passwords, disabling, enabling, deleting, and the user's auth events.
  ListUsers,
  ...groupTargets,
  AdminCreateUser,
  AdminResetUserPassword,
  AdminSetUserPassword,
  AdminDisableUser,
  AdminEnableUser,
  AdminDeleteUser,
  AdminListUserAuthEvents,
  ...authTargets,
  ...mfaTargets,
  ...accountTargets,
  ...resourceServerTargets,
  ...userPoolClientTargets,
  ListUserPoolClients,
  ...clientSecretTargets,
};

/**
 * The seam between cognito-local and the fidelity layer: targets in the table are ours, the rest
 * go to cognito-local. Ours get the same per-target child logger cognito-local's router gives.
 */
export const wrapRouter =
  (
    router: Router,
    services: Services,
    fidelity: Fidelity,
    targets: Readonly<Record<string, FidelityTarget>> = fidelityTargets,
  ): Router =>
  (target) => {
    const make = Object.hasOwn(targets, target) ? targets[target] : undefined;
    if (!make) return router(target);
    const route = make(services, fidelity);
    return (ctx, req: unknown) => route({ ...ctx, logger: ctx.logger.child({ target }) }, req);
  };
