import { describe, expect, it } from 'vitest';
import type { Role } from '@ccsc/contract/roles';
import { AppError, ForbiddenError, ValidationError } from '../core/errors';
import { FakeUserDirectory, fakeUser } from '../core/testing/fake-user-directory';
import { callerContext, FakeAuditTrail } from '../core/testing/fakes';
import { userWritesFor } from '../testing/user-writes';
import { registryWith } from '../core/testing/memory-registry';
import { createUser, type CreateUserDeps } from './create-user.core';

const ORG = 'site-berlin-mitte';
const registry = registryWith([ORG, 'sponsor-nordlicht']);

const setup = () => {
  const directory = new FakeUserDirectory([fakeUser(1, { email: 'taken@example.com' })]);
  const audit = new FakeAuditTrail();
  const { writes, journal, clock } = userWritesFor(directory, { audit });
  const deps: CreateUserDeps = { directory, registry, audit, writes };
  return { directory, audit, deps, writes, journal, clock };
};

const attrs = (overrides: Record<string, unknown> = {}) => ({
  email: 'new.user@example.com',
  givenName: 'Ada',
  familyName: 'Lovelace',
  role: 'Auditor' as Role,
  organisationId: ORG as string | null | undefined,
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
    expect(directory.memberships).toContainEqual({ userName: user.userName, group: 'Auditor' });
    // The invitation goes out once the account is complete: after the group.
    expect(directory.calls.filter((c) => !c.startsWith('get'))).toEqual([
      'createUser',
      'addToGroup',
      'resendInvitation',
    ]);
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

  it('finishes a create cut short by a failure later, exactly once', async () => {
    const { directory, audit, deps, writes, journal, clock } = setup();
    const addToGroup = directory.addToGroup.bind(directory);
    directory.addToGroup = () => Promise.reject(new Error('throttled'));
    await expect(createUser({ userAttributes: attrs() }, admin, deps)).rejects.toThrow('throttled');
    // Nobody was mailed a password for a user without a role; the write waits in the journal.
    expect(directory.resent).toEqual([]);
    expect([...journal.entries.keys()]).toEqual(['user:new.user@example.com']);
    directory.addToGroup = addToGroup;
    clock.advance(1);
    expect(await writes.reconcile(false)).toMatchObject({ finished: 1 });
    const created = directory.users.find((u) => u.email === 'new.user@example.com');
    expect(created?.groups).toEqual(['Auditor']);
    expect(directory.resent).toEqual(['new.user@example.com']);
    expect(audit.actions()).toEqual(['user.created']);
    expect(journal.entries.size).toBe(0);
  });

  it('removes a half-made user again when a step is refused for good', async () => {
    const { directory, audit, deps, journal } = setup();
    directory.addToGroup = () => Promise.reject(new ForbiddenError('no such group'));
    await expect(createUser({ userAttributes: attrs() }, admin, deps)).rejects.toThrow(
      'no such group',
    );
    expect(directory.users.map((u) => u.email)).toEqual(['taken@example.com']);
    expect(directory.resent).toEqual([]);
    expect(audit.entries).toEqual([
      expect.objectContaining({
        action: 'user.created',
        outcome: 'failure',
        reason: 'no such group The user was removed again.',
      }),
    ]);
    expect(journal.entries.size).toBe(0);
  });

  it('lets an Auditor of every organisation be created by a PlatformAdmin only, asked for', async () => {
    const { deps } = setup();
    const { user } = await createUser(
      { userAttributes: attrs({ organisationId: null }) },
      admin,
      deps,
    );
    expect(user).toMatchObject({ role: 'Auditor', organisationId: null });
    // Never by default: an Auditor without an organisation named is refused.
    await expect(
      createUser(
        { userAttributes: attrs({ email: 'y@example.com', organisationId: undefined }) },
        admin,
        deps,
      ),
    ).rejects.toMatchObject({
      fields: [
        {
          path: 'userAttributes.organisationId',
          message: 'Give the Auditor an organisation, or null for every organisation',
        },
      ],
    });
    await expect(
      createUser(
        { userAttributes: attrs({ email: 'z@example.com', organisationId: null }) },
        orgAdmin,
        deps,
      ),
    ).rejects.toEqual(
      new ForbiddenError('Only a PlatformAdmin can give an Auditor access to every organisation.'),
    );
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

  it('lets an OrgAdmin invite OrgAdmins and Auditors of their own organisation only', async () => {
    const { directory, audit, deps } = setup();
    await expect(
      createUser({ userAttributes: attrs({ role: 'OrgAdmin' }) }, orgAdmin, deps),
    ).resolves.toBeDefined();
    // An Auditor of the OrgAdmin's organisation reads that organisation only: within reach.
    await expect(
      createUser({ userAttributes: attrs({ email: 'aud@example.com' }) }, orgAdmin, deps),
    ).resolves.toMatchObject({ user: { role: 'Auditor', organisationId: ORG } });
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
    expect(directory.users).toHaveLength(3);
    expect(audit.entries.map((e) => e.outcome)).toEqual([
      'success',
      'success',
      'failure',
      'failure',
    ]);
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
