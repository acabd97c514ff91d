import { MAX_CREDENTIAL_MONTHS, type routes } from '@ccsc/contract';
import { mayManageCredentials, seesCredential } from '@ccsc/contract/credential-access';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../core/errors';
import { hashToken, linkOrigin, newLinkToken } from '../../core/links';
import type { Core } from '../../core/request';
import type { CredentialRecord } from '../../ports/credentials';
import {
  auditEntry,
  credentialFacts,
  credentialTarget,
  type CredentialDeps,
  DAY_MS,
  LINK_MS,
  linkMail,
  newIdOf,
  toCredential,
} from './credential-records';

/** The page a link opens (web: paths.generate). */
export const linkTo = (origin: string, apiId: string, token: string): string =>
  `${origin}/generate/${encodeURIComponent(apiId)}?t=${token}`;

/** The latest expiry a credential issued at `now` may have: MAX_CREDENTIAL_MONTHS ahead. */
export const latestExpiry = (now: Date): Date => {
  const latest = new Date(now);
  latest.setUTCMonth(latest.getUTCMonth() + MAX_CREDENTIAL_MONTHS);
  return latest;
};

const SYSTEM_NOT_FOUND = 'No such system.';

/**
 * generateApiCredential: a credential for an active system of an active organisation (a
 * PlatformAdmin, or that organisation's OrgAdmin): a Cognito app client with a generated secret,
 * the client_credentials grant and exactly the scopes chosen; recorded as pending; a single-use
 * link (its token stored only as a hash, valid LINK_HOURS) e-mailed to the contact. The secret
 * is not read here, and never returned. Nothing is left half-made: if the mail or the record
 * cannot be written, the client is deleted again.
 */
export const generateCredential: Core<
  (typeof routes)['generateApiCredential'],
  CredentialDeps
> = async (input, ctx, deps) => {
  const snapshot = await deps.registry.snapshot();
  const system = snapshot.systems.get(input.systemId);
  if (system === undefined || !seesCredential(ctx.caller, system.organisationId)) {
    throw new NotFoundError(SYSTEM_NOT_FOUND);
  }
  if (!mayManageCredentials(ctx.caller, system.organisationId)) {
    throw new ForbiddenError("You may issue credentials only to your own organisation's systems.");
  }
  const organisation = snapshot.organisations.get(system.organisationId);
  if (organisation?.status !== 'active' || system.status !== 'active') {
    throw new ConflictError(
      `${system.name} is inactive (or its organisation is): activate it before issuing a credential.`,
    );
  }
  const now = deps.clock.now();
  const expires = Date.parse(input.expiresAt);
  if (expires < now.getTime() + DAY_MS || expires > latestExpiry(now).getTime()) {
    const message = `The expiry must lie between tomorrow and ${latestExpiry(now).toISOString().slice(0, 10)} (at most ${String(MAX_CREDENTIAL_MONTHS)} months ahead).`;
    throw new ValidationError(message, [{ path: 'expiresAt', message }]);
  }

  const apiId = newIdOf(deps)();
  const token = (deps.newToken ?? newLinkToken)();
  const { clientId } = await deps.clients.create(`ccsc-credential-${apiId}`, input.scopes);
  const record: CredentialRecord = {
    apiId,
    organisationId: system.organisationId,
    systemId: system.systemId,
    clientId,
    scopes: input.scopes,
    description: input.description ?? null,
    contactEmail: input.contactEmail,
    status: 'pending',
    validUntil: new Date(expires).toISOString(),
    createdAt: now.toISOString(),
    createdBy: ctx.caller.email,
    revealedAt: null,
    lastUsedAt: null,
    link: {
      tokenHash: hashToken(token),
      kind: 'initial',
      issuedAt: now.toISOString(),
      until: new Date(now.getTime() + LINK_MS).toISOString(),
    },
    rotation: null,
    noticesSent: [],
    revokedAt: null,
    revokedBy: null,
    revision: 1,
  };
  try {
    await deps.mailer.send(
      linkMail({
        to: record.contactEmail,
        link: linkTo(linkOrigin(ctx, deps.allowedOrigins), apiId, token),
        kind: 'initial',
        organisationName: organisation.name,
        systemName: system.name,
        scopes: record.scopes,
        validUntil: record.validUntil,
        linkUntil: record.link?.until ?? '',
        issuedBy: ctx.caller.email,
      }),
    );
    await deps.credentials.create(record);
  } catch (err) {
    await deps.clients.delete(clientId);
    throw err;
  }
  await deps.audit.append(
    auditEntry(
      ctx,
      {
        action: 'api-credential.issued',
        target: credentialTarget(record, system.name),
        after: { ...credentialFacts(record), description: record.description },
      },
      record.organisationId,
    ),
  );
  return { credential: toCredential(record, snapshot, now) };
};
