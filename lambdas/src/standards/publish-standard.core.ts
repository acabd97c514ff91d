import { publishedEvents } from './standard-events';
import type { routes } from '@ccsc/contract/routes';
import { ConflictError, ForbiddenError, ValidationError } from '../core/errors';
import type { Core } from '../core/request';
import type { StandardVersionRecord } from '../core/ports/registry';
import type { SignatureVerifier } from '../core/ports/signatures';
import type { UserDirectory } from '../core/ports/user-directory';
import {
  auditEntry,
  checkRows,
  checkRevision,
  checkSystems,
  commitStandard,
  detailOf,
  refuseUnlessMayChange,
  standardInSight,
  standardTarget,
  versionOf,
  type StandardDeps,
} from './standard-records';

export interface PublishDeps extends StandardDeps {
  signatures: SignatureVerifier;
  directory: Pick<UserDirectory, 'getUser'>;
}

const WRONG_SIGNATURE = 'The password or the authenticator code is not correct.';

/**
 * artifact/publish-standard: the draft becomes the published version, signed (21 CFR 11.50,
 * 11.200(a)): the signer's password and a fresh authenticator code are checked by Cognito as a
 * sign-in checks them, and the signature's printed name (the signer's name in the directory),
 * e-mail, time and meaning are stored with the version. Only a version without problems, whose
 * systems are still its organisation's, is published; its systems then use it (a system another
 * standard uses is refused: 409). A wrong password or code is a 400 and is audited.
 */
export const publishStandard: Core<
  (typeof routes)['artifact/publish-standard'],
  PublishDeps
> = async (input, ctx, deps) => {
  const { record, snapshot } = await standardInSight(deps, ctx.caller, input.standardId);
  refuseUnlessMayChange(ctx.caller, record.organisationId);
  const v = versionOf(record, input.version);
  if (v.status !== 'draft') {
    throw new ConflictError(`Version ${String(v.version)} is ${v.status} already.`);
  }
  checkRevision(record, input.revision);
  const checked = checkRows(record, await deps.rows.get(v.rowsKey));
  if (checked.problems.length > 0) {
    throw new ConflictError(
      `Version ${String(v.version)} has ${String(checked.problems.length)} problem(s): fix them before publishing.`,
    );
  }
  if (checked.rows.length === 0) {
    throw new ConflictError('A standard without rows cannot be published.');
  }
  checkSystems(snapshot, record.organisationId, v.systemIds);
  const check = await deps.signatures.verify(ctx.caller.userName, input.password, input.code);
  if (check === 'wrong') {
    throw new ValidationError(WRONG_SIGNATURE, [{ path: 'code', message: WRONG_SIGNATURE }]);
  }
  if (check === 'no-authenticator') {
    throw new ForbiddenError(
      'Your account has no authenticator app, so it cannot sign. Set one up, then sign again.',
    );
  }
  if (check === 'locked') {
    throw new ForbiddenError('Too many wrong attempts. Wait a while, then sign again.');
  }
  const signer = await deps.directory.getUser(ctx.caller.userName);
  const printed = [signer?.givenName, signer?.familyName].filter(Boolean).join(' ').trim();
  const at = deps.clock.now().toISOString();
  const published: StandardVersionRecord = {
    ...v,
    status: 'published',
    updatedAt: at,
    updatedBy: ctx.caller.email,
    signature: {
      signerName: printed === '' ? ctx.caller.email : printed,
      signerEmail: ctx.caller.email,
      signerSub: ctx.caller.sub,
      meaning: input.meaning,
      signedAt: at,
    },
  };
  const changed = await commitStandard(deps, ctx, {
    before: record,
    after: {
      ...record,
      versions: record.versions.map((each) => (each.version === v.version ? published : each)),
    },
    snapshot,
    events: publishedEvents(record, v, snapshot),
    audit: [
      auditEntry(
        ctx,
        {
          action: 'standard.published',
          target: standardTarget(record, v),
          before: { version: v.version, status: 'draft' },
          after: {
            version: v.version,
            status: 'published',
            rowCount: v.rowCount,
            systemIds: v.systemIds,
            signature: {
              signerName: published.signature?.signerName,
              signerEmail: ctx.caller.email,
              meaning: input.meaning,
              signedAt: at,
            },
          },
        },
        record.organisationId,
      ),
    ],
  });
  return detailOf(deps, changed, published, snapshot, checked);
};
