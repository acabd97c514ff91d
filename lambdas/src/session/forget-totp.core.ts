import { hashToken, linkOrigin, newLinkToken } from '../core/links';
import type { routes } from '@ccsc/contract/routes';
import type { Logger } from '../core/logger';
import { describeError } from '../core/logger';
import type { Core, RequestContext } from '../core/request';
import type { AuditTrail } from '../core/ports/audit-trail';
import type { Mailer } from '../core/ports/mailer';
import type { TotpResetTickets } from '../core/ports/totp-reset-tickets';
import type { DirectoryUserDetail, UserDirectory } from '../core/ports/user-directory';
import { requireWebClient, type SteadyTiming, withMinimumDuration } from './session-shared';
import { userTarget } from '../core/audit-entry';

export interface ForgetTotpDeps extends SteadyTiming {
  directory: Pick<UserDirectory, 'getUser'>;
  tickets: TotpResetTickets;
  mailer: Mailer;
  audit: AuditTrail;
  logger: Logger;
  /** The console's app client (USER_POOL_CLIENT_ID). */
  webClientId: string;
  /** ALLOWED_ORIGINS: the console origins a link may point at. */
  allowedOrigins: readonly string[];
  /** The link's secret; 32 random bytes, base64url, unless a test says otherwise. */
  newToken?: () => string;
  /** The answer comes no sooner than this after the request, whatever the account. */
  minimumDurationMs?: number;
}

export const TOTP_RESET_LIFETIME_MS = 15 * 60 * 1000;
export const FORGET_TOTP_MIN_RESPONSE_MS = 1000;
export const FORGOT_TOTP_PAGE = '/forgot-totp-qr-code';

export { hashToken, linkOrigin } from '../core/links';

const randomToken = newLinkToken;

const requestMail = (to: string, link: string) => ({
  to,
  subject: 'Reset your authenticator app',
  text: [
    'Someone, hopefully you, said they cannot use the authenticator app of this console account.',
    '',
    `To remove the old authenticator, open this link within ${TOTP_RESET_LIFETIME_MS / 60000} minutes (it works once):`,
    link,
    '',
    'Your password is still needed: at your next sign-in you will set up a new authenticator app.',
    'If this was not you, ignore this e-mail; nothing changes.',
  ].join('\n'),
});

const issueLink = async (
  user: DirectoryUserDetail,
  ctx: RequestContext<null>,
  deps: ForgetTotpDeps,
): Promise<void> => {
  const token = (deps.newToken ?? randomToken)();
  const issuedAt = deps.clock.now();
  await deps.tickets.issue({
    tokenHash: hashToken(token),
    userName: user.userName,
    issuedAt,
    expiresAt: new Date(issuedAt.getTime() + TOTP_RESET_LIFETIME_MS),
  });
  const link = `${linkOrigin(ctx, deps.allowedOrigins)}${FORGOT_TOTP_PAGE}?token=${token}`;
  await deps.mailer.send(requestMail(user.email, link));
  await deps.audit.append({
    action: 'mfa.reset-requested',
    outcome: 'success',
    actor: null,
    target: userTarget(user.userName, user.email),
    source: { ip: ctx.sourceIp, userAgent: ctx.userAgent },
    requestId: ctx.requestId,
    reason: 'authenticator reset link e-mailed',
  });
};

/**
 * Starts "Can't access authenticator app"; public. It cannot strip anyone's MFA: it only e-mails
 * the account's own address a single-use link valid for 15 minutes (stored as a hash), and it
 * always answers the same, in at least FORGET_TOTP_MIN_RESPONSE_MS, whether the account exists,
 * is disabled, or something failed on the way (logged, never told).
 */
export const forgetTotp: Core<(typeof routes)['forget-totp'], ForgetTotpDeps> = async (
  input,
  ctx,
  deps,
) => {
  requireWebClient(input.clientId, deps.webClientId);
  await withMinimumDuration(
    deps,
    deps.minimumDurationMs ?? FORGET_TOTP_MIN_RESPONSE_MS,
    async () => {
      try {
        const user = await deps.directory.getUser(input.email);
        if (user?.enabled === true) await issueLink(user, ctx, deps);
      } catch (err) {
        deps.logger.error('forget-totp: no link was sent', {
          requestId: ctx.requestId,
          ...describeError(err),
        });
      }
    },
  );
  return { requested: true as const };
};
