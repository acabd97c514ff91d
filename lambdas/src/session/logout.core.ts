import type { routes } from '@ccsc/contract/routes';
import type { Core } from '../core/request';
import type { AuditTrail } from '../core/ports/audit-trail';
import type { UserDirectory } from '../core/ports/user-directory';
import { actorOf, sourceOf, userTarget } from '../core/audit-entry';

export interface LogoutDeps {
  directory: Pick<UserDirectory, 'signOutEverywhere'>;
  audit: AuditTrail;
}

/**
 * Signs the caller out everywhere: every refresh token of the user named by the verified ID token
 * stops working. The body's access token is not trusted to name the user. Then the audit record.
 */
export const logout: Core<(typeof routes)['logout'], LogoutDeps> = async (
  _input,
  ctx,
  { directory, audit },
) => {
  const { caller } = ctx;
  await directory.signOutEverywhere(caller.userName);
  await audit.append({
    action: 'session.logout',
    outcome: 'success',
    actor: actorOf(caller),
    target: userTarget(caller.userName, caller.email),
    source: sourceOf(ctx),
    requestId: ctx.requestId,
  });
  return { signedOut: true as const };
};
