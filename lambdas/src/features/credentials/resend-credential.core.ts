import { DEFAULT_GRACE_DAYS, type routes } from '@ccsc/contract';
import { ConflictError } from '../../core/errors';
import { hashToken, linkOrigin, newLinkToken } from '../../core/links';
import type { Core } from '../../core/request';
import type { CredentialRecord } from '../../ports/credentials';
import {
  auditEntry,
  credentialTarget,
  credentialToManage,
  type CredentialDeps,
  LINK_MS,
  linkMail,
  statusOf,
  toCredential,
} from './credential-records';
import { linkTo } from './generate-credential.core';

/**
 * resendApiCredential: a pending credential gets a new link (the old stops working: the record
 * holds one link). An active one is rotated without downtime: a rotation link goes to the contact;
 * revealing it adds a second secret, and the first is deleted `graceDays` (default 7) later, or at
 * once for 0. Refused (409) for a revoked or expired credential, and while a revealed rotation's
 * grace period still runs (end it first: retire-api-credential-secret).
 */
export const resendCredential: Core<
  (typeof routes)['resendApiCredential'],
  CredentialDeps
> = async (input, ctx, deps) => {
  const record = await credentialToManage(deps, ctx.caller, input.apiId);
  const now = deps.clock.now();
  const status = statusOf(record, now);
  if (status === 'revoked' || status === 'expired') {
    throw new ConflictError(`The credential is ${status}: issue a new one instead.`);
  }
  if (record.revision !== input.revision) {
    throw new ConflictError(
      'The credential was changed by someone else meanwhile. Reload, check, and try again.',
    );
  }
  if (record.rotation?.retiresAt != null && Date.parse(record.rotation.retiresAt) > now.getTime()) {
    throw new ConflictError(
      'A rotation is in its grace period (two secrets work): end it before starting another.',
    );
  }
  const kind = record.status === 'pending' ? 'initial' : 'rotation';
  const token = (deps.newToken ?? newLinkToken)();
  const updated: CredentialRecord = {
    ...record,
    link: {
      tokenHash: hashToken(token),
      kind,
      issuedAt: now.toISOString(),
      until: new Date(now.getTime() + LINK_MS).toISOString(),
    },
    rotation:
      kind === 'rotation'
        ? {
            graceDays: input.graceDays ?? DEFAULT_GRACE_DAYS,
            revealedAt: null,
            retiresAt: null,
            retiringSecretId: null,
          }
        : null,
    revision: record.revision + 1,
  };
  // Stored before the mail: a link mailed is one the record knows (a failed mail leaves a link
  // nobody has, which the next resend replaces).
  await deps.credentials.replace(updated, record.revision);
  const snapshot = await deps.registry.snapshot();
  const systemName = snapshot.systems.get(record.systemId)?.name ?? record.systemId;
  await deps.mailer.send(
    linkMail({
      to: record.contactEmail,
      link: linkTo(linkOrigin(ctx, deps.allowedOrigins), record.apiId, token),
      kind,
      organisationName: snapshot.organisations.get(record.organisationId)?.name ?? '',
      systemName,
      scopes: record.scopes,
      validUntil: record.validUntil,
      linkUntil: updated.link?.until ?? '',
      issuedBy: ctx.caller.email,
    }),
  );
  await deps.audit.append(
    auditEntry(
      ctx,
      {
        action:
          kind === 'initial' ? 'api-credential.link-resent' : 'api-credential.rotation-started',
        target: credentialTarget(record, systemName),
        after: {
          clientId: record.clientId,
          contactEmail: record.contactEmail,
          linkUntil: updated.link?.until,
          ...(kind === 'rotation' ? { graceDays: updated.rotation?.graceDays } : {}),
        },
      },
      record.organisationId,
    ),
  );
  return { credential: toCredential(updated, snapshot, now) };
};
