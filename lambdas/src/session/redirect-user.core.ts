import type { routes } from '@ccsc/contract/routes';
import type { Core } from '../core/request';
import type { AuditTrail } from '../core/ports/audit-trail';
import { actorOf, sourceOf, userTarget } from '../core/audit-entry';

export interface RedirectUserDeps {
  audit: AuditTrail;
  /**
   * Brings the caller's row of the user index up to date: a sign-in is where Cognito alone
   * changed the account (first password set, authenticator enrolled). Never fails the call.
   */
  syncUser: (userName: string) => Promise<void>;
}

/**
 * Records a completed sign-in (or first sign-in) of the verified caller in the audit trail. The
 * router has already checked that the caller has TOTP enrolled: the web app enrols it with
 * Cognito before it calls this, so this call is not `allowedBeforeMfa`.
 */
export const redirectUser: Core<(typeof routes)['redirectUser'], RedirectUserDeps> = async (
  input,
  ctx,
  { audit, syncUser },
) => {
  const { caller } = ctx;
  await audit.append({
    action: input.firstLogin === 'true' ? 'session.first-login' : 'session.login',
    outcome: 'success',
    actor: actorOf(caller),
    target: userTarget(caller.userName, caller.email),
    source: sourceOf(ctx),
    requestId: ctx.requestId,
  });
  await syncUser(caller.userName);
  return { recorded: true as const };
};
