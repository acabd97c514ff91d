import { createHash } from 'node:crypto';
import { MAX_CREDENTIAL_MONTHS } from '@ccsc/contract/credentials';
import { type routes } from '@ccsc/contract/routes';
import { mayManageCredentials, seesCredential } from '@ccsc/contract/credential-access';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../core/errors';
import { linkOrigin, newLinkToken } from '../core/links';
import type { Core } from '../core/request';
import {
  auditEntry,
  type CredentialDeps,
  DAY_MS,
  newIdOf,
  toCredential,
} from './credential-records';
import { CREDENTIAL_BUSY, credentialSubject, issueCredentialWrite } from './credential-writes';

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
 * is not read here, and never returned. One journaled write (credential-writes.ts): a process
 * killed at any moment leaves the credential whole (finished at the next start or by the
 * reconciler) or not there at all, never a client nobody can see. With a `requestKey` the call is
 * safe to repeat: the same key from the same administrator answers the credential it issued.
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
  const key = input.requestKey;
  const requestHash = key === undefined ? null : hashOf({ ...input, requestKey: null });
  const apiId = key === undefined ? newIdOf(deps)() : keyedId(ctx.caller.sub, key);
  if (key !== undefined) {
    // A repeat: whatever the first call began is finished (or waited for) first, then answered.
    await deps.writes.settle(credentialSubject(apiId), CREDENTIAL_BUSY);
    const made = await deps.credentials.get(apiId);
    if (made !== null) {
      if (made.requestHash !== requestHash) {
        throw new ConflictError(
          'This requestKey was used for another credential: open the form again for a new one.',
        );
      }
      return { credential: toCredential(made, snapshot, deps.clock.now()) };
    }
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

  const token = (deps.newToken ?? newLinkToken)();
  const issuing = deps.writes.run(
    issueCredentialWrite,
    credentialSubject(apiId),
    {
      apiId,
      record: {
        organisationId: system.organisationId,
        systemId: system.systemId,
        scopes: input.scopes,
        description: input.description ?? null,
        contactEmail: input.contactEmail,
        validUntil: new Date(expires).toISOString(),
        createdAt: now.toISOString(),
        createdBy: ctx.caller.email,
        requestHash,
      },
      mail: {
        origin: linkOrigin(ctx, deps.allowedOrigins),
        organisationName: organisation.name,
        systemName: system.name,
        issuedBy: ctx.caller.email,
      },
      audit: auditEntry(
        ctx,
        {
          action: 'api-credential.issued',
          target: { type: 'api-credential', id: apiId, label: system.name },
          after: {
            systemId: system.systemId,
            scopes: input.scopes,
            contactEmail: input.contactEmail,
            status: 'pending',
            validUntil: new Date(expires).toISOString(),
            description: input.description ?? null,
          },
        },
        system.organisationId,
      ),
    },
    { busyMessage: CREDENTIAL_BUSY, transient: { token } },
  );
  try {
    await issuing;
  } catch (err) {
    // The same key sent twice at once: the other call issues it; once it is whole, answer it.
    if (key === undefined || !(err instanceof ConflictError)) throw err;
    await deps.writes.settle(credentialSubject(apiId), CREDENTIAL_BUSY);
    if ((await deps.credentials.get(apiId))?.requestHash !== requestHash) throw err;
  }
  const record = await deps.credentials.get(apiId);
  if (record === null) throw new Error(`credential ${apiId}: issued, then not found`);
  return { credential: toCredential(record, snapshot, now) };
};

/** What a request key stands for: the request's own fields, in a stable order. */
const hashOf = (request: Record<string, unknown>): string =>
  createHash('sha256')
    .update(
      JSON.stringify(
        Object.keys(request)
          .sort()
          .map((k) => [k, request[k]]),
      ),
    )
    .digest('hex');

/** A keyed credential's id: the same for the same administrator and key, nobody else's. */
const keyedId = (sub: string, key: string): string =>
  createHash('sha256').update(`${sub}\n${key}`).digest('hex').slice(0, 32);
