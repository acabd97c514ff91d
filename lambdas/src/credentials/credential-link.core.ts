import { PARTNER_OPENAPI_PATH, partnerApiBaseUrl } from '@ccsc/contract/scopes';
import type { routes } from '@ccsc/contract/routes';
import { AppError, NotFoundError } from '../core/errors';
import { hashToken, type SteadyTiming, withMinimumDuration } from '../core/links';
import type { Core } from '../core/request';
import type { CredentialRecord } from '../core/ports/credentials';
import { sourceOf } from '../core/audit-entry';
import { LINK_NOT_VALID, revealCredentialWrite } from './credential-changes';
import type { CredentialDeps } from './credential-records';
import { type CredentialSecrets, credentialSubject } from './credential-writes';

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
      'credentials' | 'clients' | 'registry' | 'clock' | 'allowedOrigins' | 'writes'
    >,
    SteadyTiming {
  /** The user pool's token endpoint (OAUTH_TOKEN_URL). */
  tokenUrl: string;
  /** PARTNER_API_BASE_URL: where the partner API is served (API Gateway's stage in AWS). */
  apiBaseUrl: string;
  minimumDurationMs?: number;
}

export const LINK_MIN_RESPONSE_MS = 400;
export { LINK_NOT_VALID };

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
 * the credential job, or at once for a grace of 0. A first reveal reads the secret and the names
 * before it takes the link, so Cognito or the registry being down leaves the link working. The
 * redemption, the rotation's secret and the audit record are one journaled write
 * (credential-changes.ts): if it fails or is cut short before the answer leaves, it is undone —
 * the link works again — never finished with a secret nobody received.
 */
export const revealCredential: Core<(typeof routes)['decription'], CredentialLinkDeps> = (
  input,
  ctx,
  deps,
) =>
  withMinimumDuration(deps, deps.minimumDurationMs ?? LINK_MIN_RESPONSE_MS, async () => {
    // A reveal cut short before (its link spent, no secret shown) is undone first: the link works.
    await deps.writes.settle(credentialSubject(input.apiId)).catch((err: unknown) => {
      throw err instanceof AppError ? refuse() : err;
    });
    const now = deps.clock.now();
    const tokenHash = hashToken(input.token);
    const found = working(await deps.credentials.get(input.apiId), tokenHash, now);
    if (found?.link == null || (found.status !== 'pending' && found.status !== 'active')) {
      throw refuse();
    }
    // A first reveal reads the secret (and the names it shows) before the link is spent — reads
    // change nothing: if Cognito or the registry cannot answer, the link still works.
    const rotation = found.link.kind === 'rotation';
    const secrets: CredentialSecrets = rotation
      ? {}
      : { secret: await deps.clients.originalSecret(found.clientId) };
    const snapshot = await deps.registry.snapshot();
    const systemName = snapshot.systems.get(found.systemId)?.name ?? '';
    try {
      await deps.writes.run(
        revealCredentialWrite,
        credentialSubject(found.apiId),
        {
          apiId: found.apiId,
          tokenHash,
          before: {
            status: found.status,
            revealedAt: found.revealedAt,
            link: found.link,
            rotation: found.rotation,
          },
          audit: {
            action: rotation ? 'api-credential.rotation-revealed' : 'api-credential.revealed',
            outcome: 'success',
            actor: null,
            target: { type: 'api-credential', id: found.apiId, label: systemName },
            organisationId: found.organisationId,
            source: sourceOf(ctx),
            requestId: ctx.requestId,
            after: {
              clientId: found.clientId,
              revealedTo: found.contactEmail,
              ...(rotation ? { graceDays: found.rotation?.graceDays ?? null } : {}),
            },
          },
        },
        { transient: secrets },
      );
    } catch (err) {
      // Every refusal (another reveal under way or first, the link spent) is the same answer.
      if (err instanceof AppError) throw refuse();
      throw err;
    }
    const secret = secrets.secret;
    if (secret === undefined)
      throw new Error(`credential ${found.apiId}: revealed without a secret`);
    const apiBaseUrl = partnerApiBaseUrl(deps.apiBaseUrl);
    return {
      apiId: found.apiId,
      clientId: found.clientId,
      clientSecret: secret,
      tokenUrl: deps.tokenUrl,
      apiBaseUrl,
      openApiUrl: `${apiBaseUrl}/${PARTNER_OPENAPI_PATH}`,
      scopes: found.scopes,
      expiresAt: found.validUntil,
      organisationName: snapshot.organisations.get(found.organisationId)?.name ?? '',
      systemName,
    };
  });
