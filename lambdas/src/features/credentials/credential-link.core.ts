import { PARTNER_API_PREFIX, PARTNER_OPENAPI_PATH } from '@ccsc/contract/partner-api';
import type { routes } from '@ccsc/contract';
import { NotFoundError } from '../../core/errors';
import { hashToken, type SteadyTiming, withMinimumDuration } from '../../core/links';
import type { Core } from '../../core/request';
import type { CredentialRecord } from '../../ports/credentials';
import { sourceOf } from '../audit/audit-entry';
import { type CredentialDeps, DAY_MS } from './credential-records';

/**
 * The two public calls of a credential's link page: what the link issues, and its one reveal.
 * Every failure — no such credential, another token, a link used, expired or replaced, a
 * credential revoked or expired — is the same 404 with the same words, answered no sooner than
 * LINK_MIN_RESPONSE_MS: nothing tells which apiIds exist.
 */

export interface CredentialLinkDeps
  extends
    Pick<
      CredentialDeps,
      'credentials' | 'clients' | 'registry' | 'audit' | 'clock' | 'allowedOrigins'
    >,
    SteadyTiming {
  /** The user pool's token endpoint (OAUTH_TOKEN_URL). */
  tokenUrl: string;
  /** PARTNER_API_BASE_URL: where the partner API is served (API Gateway's stage in AWS). */
  apiBaseUrl: string;
  minimumDurationMs?: number;
}

export const LINK_MIN_RESPONSE_MS = 400;
export const LINK_NOT_VALID =
  'This link is not valid (any more). Ask the administrator who issued the credential to send a new one.';

const refuse = () => new NotFoundError(LINK_NOT_VALID);

/** The link's credential if the link works now. */
const working = (record: CredentialRecord | null, tokenHash: string, now: Date) =>
  record !== null &&
  record.link?.tokenHash === tokenHash &&
  Date.parse(record.link.until) > now.getTime() &&
  (record.status === 'pending' || record.status === 'active') &&
  Date.parse(record.validUntil) > now.getTime()
    ? record
    : null;

export const getCredentialLink: Core<
  (typeof routes)['get-api-credential-link'],
  CredentialLinkDeps
> = (input, _ctx, deps) =>
  withMinimumDuration(deps, deps.minimumDurationMs ?? LINK_MIN_RESPONSE_MS, async () => {
    const now = deps.clock.now();
    const record = working(await deps.credentials.get(input.apiId), hashToken(input.token), now);
    if (record?.link == null) throw refuse();
    const snapshot = await deps.registry.snapshot();
    return {
      link: {
        apiId: record.apiId,
        kind: record.link.kind,
        organisationName: snapshot.organisations.get(record.organisationId)?.name ?? '',
        systemName: snapshot.systems.get(record.systemId)?.name ?? '',
        scopes: record.scopes,
        expiresAt: record.validUntil,
        linkExpiresAt: record.link.until,
      },
    };
  });

/**
 * decription: redeems the link — taken in one conditional step, so it works once — and shows the
 * secret: the client's original one for a first reveal; for a rotation a second secret added
 * now (Cognito generates it and shows it this once), the old one deleted `graceDays` later by
 * the expiry job, or at once for a grace of 0. A first reveal reads the secret and the names
 * before it takes the link, so Cognito or the registry being down leaves the link working; a
 * rotation's secret can only be made once the link is taken, so if Cognito fails then — or, for
 * either kind, the audit trail — the link is spent and the administrator sends a new one (the
 * old secret keeps working meanwhile).
 */
export const revealCredential: Core<(typeof routes)['decription'], CredentialLinkDeps> = (
  input,
  ctx,
  deps,
) =>
  withMinimumDuration(deps, deps.minimumDurationMs ?? LINK_MIN_RESPONSE_MS, async () => {
    const now = deps.clock.now();
    const tokenHash = hashToken(input.token);
    const found = working(await deps.credentials.get(input.apiId), tokenHash, now);
    if (found === null) throw refuse();
    // A first reveal reads the secret (and the names it shows) before the link is spent — reads
    // change nothing: if Cognito or the registry cannot answer, the link still works. Only the
    // redemption below hands the secret out; after it, only the audit entry can still fail.
    const original =
      found.link?.kind === 'rotation' ? null : await deps.clients.originalSecret(found.clientId);
    const snapshot = await deps.registry.snapshot();
    const at = now.toISOString();
    const before = await deps.credentials.redeemLink(input.apiId, tokenHash, now, (record) => ({
      ...record,
      link: null,
      revision: record.revision + 1,
      ...(record.link?.kind === 'rotation' && record.rotation !== null
        ? {
            rotation: {
              ...record.rotation,
              revealedAt: at,
              retiresAt: new Date(now.getTime() + record.rotation.graceDays * DAY_MS).toISOString(),
            },
          }
        : { status: 'active' as const, revealedAt: at }),
    }));
    if (before === null) throw refuse();
    // The link redeemed is the one read above (the redemption is conditional on its hash), so
    // a first reveal has its secret already; a rotation's is made now.
    const rotation = original === null;
    let secret: string;
    if (original === null) {
      const older = await deps.clients.secretIds(before.clientId);
      secret = (await deps.clients.addSecret(before.clientId)).value;
      if ((before.rotation?.graceDays ?? 1) === 0) {
        for (const id of older) await deps.clients.deleteSecret(before.clientId, id);
      }
    } else {
      secret = original;
    }
    const systemName = snapshot.systems.get(before.systemId)?.name ?? '';
    await deps.audit.append({
      action: rotation ? 'api-credential.rotation-revealed' : 'api-credential.revealed',
      outcome: 'success',
      actor: null,
      target: { type: 'api-credential', id: before.apiId, label: systemName },
      organisationId: before.organisationId,
      source: sourceOf(ctx),
      requestId: ctx.requestId,
      after: {
        clientId: before.clientId,
        revealedTo: before.contactEmail,
        ...(rotation ? { graceDays: before.rotation?.graceDays ?? null } : {}),
      },
    });
    const apiBaseUrl = `${deps.apiBaseUrl.replace(/\/$/u, '')}${PARTNER_API_PREFIX.replace(/\/$/u, '')}`;
    return {
      apiId: before.apiId,
      clientId: before.clientId,
      clientSecret: secret,
      tokenUrl: deps.tokenUrl,
      apiBaseUrl,
      openApiUrl: `${apiBaseUrl}/${PARTNER_OPENAPI_PATH}`,
      scopes: before.scopes,
      expiresAt: before.validUntil,
      organisationName: snapshot.organisations.get(before.organisationId)?.name ?? '',
      systemName,
    };
  });
