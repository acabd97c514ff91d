import { describe, expect, it } from 'vitest';
import type { Role } from '../../contract';
import { AppError, ForbiddenError, ValidationError } from '../../http/errors';
import type { Organisations } from '../../ports/organisations';
import { FakeUserDirectory, fakeUser } from '../../testing/fake-user-directory';
import { callerContext, FakeAuditTrail } from '../../testing/fakes';
import { createUser, type CreateUserDeps } from './create-user.core';

const ORG = 'site-berlin-mitte';
const organisations: Pick<Organisations, 'get'> = {
  get: (id) =>
    Promise.resolve(
      [ORG, 'sponsor-nordlicht'].includes(id)
        ? { organisationId: id, name: id, kind: 'site', country: 'DE' }
        : null,
    ),
};

const setup = () => {
  const directory = new FakeUserDirectory([fakeUser(1, { email: 'taken@example.com' })]);
  const audit = new FakeAuditTrail();
  const deps: CreateUserDeps = { directory, organisations, audit };
  return { directory, audit, deps };
};

const attrs = (overrides: Record<string, unknown> = {}) => ({
  email: 'new.user@example.com',
  givenName: 'Ada',
  familyName: 'Lovelace',
  role: 'Auditor' as Role,
  organisationId: ORG as string | undefined,
  ...overrides,
});

const admin = callerContext({ role: 'PlatformAdmin', userName: 'admin', sub: 'admin' });
const orgAdmin = callerContext({ role: 'OrgAdmin', organisationId: ORG });

describe('create-user', () => {
  it('invites the user into the role group and records who did it', async () => {
    const { directory, audit, deps } = setup();
    const { user } = await createUser(
      { userAttributes: attrs({ phoneNumber: '+4915112345678' }) },
      admin,
      deps,
    );
    expect(user).toMatchObject({
      email: 'new.user@example.com',
      role: 'Auditor',
      organisationId: ORG,
      cognitoStatus: 'FORCE_CHANGE_PASSWORD',
      phoneNumber: '+4915112345678',
    });
    expect(directory.memberships).toEqual([{ userName: user.userName, group: 'Auditor' }]);
    // The invitation goes out once the account is complete: after the group.
    expect(directory.calls).toEqual(['createUser', 'addToGroup', 'resendInvitation']);
    expect(directory.resent).toEqual(['new.user@example.com']);
    expect(audit.entries).toEqual([
      expect.objectContaining({
        action: 'user.created',
        outcome: 'success',
        target: { type: 'user', id: user.userName, label: 'new.user@example.com' },
        after: expect.objectContaining({ role: 'Auditor', organisationId: ORG }) as unknown,
      }),
    ]);
  });

  it('answers an address in use with 409 on the e-mail field, creating nothing', async () => {
    const { directory, deps } = setup();
    const err = await createUser(
      { userAttributes: attrs({ email: 'taken@example.com' }) },
      admin,
      deps,
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({
      code: 'CONFLICT',
      fields: [
        {
          path: 'userAttributes.email',
          message: 'A user with this e-mail address already exists.',
        },
      ],
    });
    expect(directory.users).toHaveLength(1);
  });

  it('removes the new user again when the group cannot be set', async () => {
    const { directory, deps } = setup();
    directory.addToGroup = () => Promise.reject(new Error('throttled'));
    await expect(createUser({ userAttributes: attrs() }, admin, deps)).rejects.toThrow('throttled');
    expect(directory.users.map((u) => u.email)).toEqual(['taken@example.com']);
    expect(directory.resent).toEqual([]); // nobody was mailed a password for it
  });

  it.each([
    [{ role: 'PlatformAdmin', organisationId: ORG }, 'A PlatformAdmin belongs to no organisation'],
    [{ role: 'OrgAdmin', organisationId: undefined }, 'A OrgAdmin needs an organisation'],
    [{ organisationId: 'site-nowhere' }, 'No such organisation'],
  ])('refuses a placement that cannot be (%o)', async (overrides, message) => {
    const { deps } = setup();
    await expect(createUser({ userAttributes: attrs(overrides) }, admin, deps)).rejects.toEqual(
      new ValidationError('The request is not valid.', [
        { path: 'userAttributes.organisationId', message },
      ]),
    );
  });

  it('checks the mobile number against its country’s numbering plan', async () => {
    const { deps } = setup();
    await expect(
      createUser({ userAttributes: attrs({ phoneNumber: '+4912345' }) }, admin, deps),
    ).rejects.toMatchObject({ fields: [{ path: 'userAttributes.phoneNumber' }] });
  });

  it('lets an OrgAdmin invite into their own organisation only, never a PlatformAdmin', async () => {
    const { directory, audit, deps } = setup();
    await expect(
      createUser({ userAttributes: attrs({ role: 'OrgAdmin' }) }, orgAdmin, deps),
    ).resolves.toBeDefined();
    await expect(
      createUser(
        { userAttributes: attrs({ email: 'x@example.com', organisationId: 'sponsor-nordlicht' }) },
        orgAdmin,
        deps,
      ),
    ).rejects.toThrow(ForbiddenError);
    await expect(
      createUser(
        {
          userAttributes: attrs({
            email: 'y@example.com',
            role: 'PlatformAdmin',
            organisationId: undefined,
          }),
        },
        orgAdmin,
        deps,
      ),
    ).rejects.toThrow(ForbiddenError);
    expect(directory.users).toHaveLength(2);
    expect(audit.entries.map((e) => e.outcome)).toEqual(['success', 'failure', 'failure']);
  });

  it('refuses an Auditor', async () => {
    const { deps } = setup();
    await expect(
      createUser(
        { userAttributes: attrs() },
        callerContext({ role: 'Auditor', organisationId: ORG }),
        deps,
      ),
    ).rejects.toThrow(ForbiddenError);
  });
});
