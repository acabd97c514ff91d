import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from './roles';
import {
  decide,
  grantableRoles,
  isSelf,
  USER_ACTIONS,
  USER_NOT_FOUND,
  type Actor,
  type TargetUser,
  type UserAction,
} from './permissions';

const ORG = 'site-berlin';
const OTHER = 'sponsor-acme';

const actorOf = (
  role: Role,
  organisationId: string | null = role === 'PlatformAdmin' ? null : ORG,
): Actor => ({
  userName: `me-${role}`,
  role,
  organisationId,
});

const user = (
  role: Role,
  organisationId: string | null,
  extra: Partial<TargetUser> = {},
): TargetUser => ({
  userName: `u-${role}-${organisationId ?? 'none'}`,
  role,
  organisationId,
  enabled: true,
  ...extra,
});

const CHANGES: UserAction[] = USER_ACTIONS.filter((a) => a !== 'read' && a !== 'create');

describe('user permissions (issue 5): role × action × organisation', () => {
  describe('PlatformAdmin', () => {
    const actor = actorOf('PlatformAdmin');
    it.each(USER_ACTIONS.filter((a) => a !== 'create'))(
      'may %s any user of any organisation',
      (action) => {
        for (const target of [
          user('OrgAdmin', ORG),
          user('Auditor', OTHER),
          user('PlatformAdmin', null),
        ]) {
          expect(decide({ actor, action, target })).toEqual({
            allowed: true,
          });
        }
      },
    );
    it.each(ROLES)('may create a %s in any organisation', (role) => {
      expect(
        decide({
          actor,
          action: 'create',
          after: { role, organisationId: role === 'PlatformAdmin' ? null : OTHER },
        }),
      ).toEqual({ allowed: true });
    });
  });

  describe('OrgAdmin', () => {
    const actor = actorOf('OrgAdmin');
    it.each(USER_ACTIONS.filter((a) => a !== 'create'))(
      'may %s the OrgAdmins and Auditors of their organisation',
      (action) => {
        for (const target of [user('OrgAdmin', ORG), user('Auditor', ORG)]) {
          expect(decide({ actor, action, target })).toEqual({ allowed: true });
        }
      },
    );
    it.each(USER_ACTIONS.filter((a) => a !== 'create'))(
      'cannot even see (%s) a user of another organisation or a PlatformAdmin',
      (action) => {
        for (const target of [
          user('OrgAdmin', OTHER),
          user('Auditor', OTHER),
          user('PlatformAdmin', null),
          user('Auditor', null),
        ]) {
          expect(decide({ actor, action, target })).toEqual({
            allowed: false,
            code: 'NOT_FOUND',
            message: USER_NOT_FOUND,
          });
        }
      },
    );
    it('creates OrgAdmins and Auditors of their organisation only, never beyond it', () => {
      for (const role of ['OrgAdmin', 'Auditor'] as const) {
        expect(decide({ actor, action: 'create', after: { role, organisationId: ORG } })).toEqual({
          allowed: true,
        });
        expect(decide({ actor, action: 'create', after: { role, organisationId: OTHER } })).toEqual(
          {
            allowed: false,
            code: 'FORBIDDEN',
            message: 'You can manage the users of your own organisation only.',
          },
        );
      }
      // Both reach every organisation.
      expect(
        decide({ actor, action: 'create', after: { role: 'PlatformAdmin', organisationId: null } }),
      ).toEqual({
        allowed: false,
        code: 'FORBIDDEN',
        message: 'Only a PlatformAdmin can give the PlatformAdmin role.',
      });
      expect(
        decide({ actor, action: 'create', after: { role: 'Auditor', organisationId: null } }),
      ).toEqual({
        allowed: false,
        code: 'FORBIDDEN',
        message: 'Only a PlatformAdmin can give an Auditor access to every organisation.',
      });
    });
    it('cannot widen an Auditor of their organisation to every organisation', () => {
      expect(
        decide({
          actor,
          action: 'update',
          target: user('Auditor', ORG),
          after: { role: 'Auditor', organisationId: null },
        }),
      ).toMatchObject({ allowed: false, code: 'FORBIDDEN' });
    });
    it('cannot move a user of their organisation elsewhere or promote them to PlatformAdmin', () => {
      const target = user('Auditor', ORG);
      expect(
        decide({
          actor,
          action: 'update',
          target,
          after: { role: 'Auditor', organisationId: OTHER },
        }),
      ).toMatchObject({
        code: 'FORBIDDEN',
      });
      expect(
        decide({
          actor,
          action: 'update',
          target,
          after: { role: 'PlatformAdmin', organisationId: null },
        }),
      ).toMatchObject({
        code: 'FORBIDDEN',
      });
      expect(
        decide({
          actor,
          action: 'update',
          target,
          after: { role: 'OrgAdmin', organisationId: ORG },
        }),
      ).toEqual({ allowed: true });
    });
    it('without an organisation of their own may do nothing', () => {
      const orphan = actorOf('OrgAdmin', null);
      expect(decide({ actor: orphan, action: 'read', target: user('Auditor', ORG) })).toMatchObject(
        { code: 'FORBIDDEN' },
      );
    });
  });

  describe('Auditor of every organisation (no organisation of their own)', () => {
    const actor = actorOf('Auditor', null);
    it('reads users of every organisation, PlatformAdmins included', () => {
      for (const target of [user('OrgAdmin', OTHER), user('PlatformAdmin', null)]) {
        expect(decide({ actor, action: 'read', target })).toEqual({ allowed: true });
      }
    });
  });

  describe('Auditor of one organisation', () => {
    const actor = actorOf('Auditor');
    it('reads the users of their organisation only; the rest do not exist for them', () => {
      expect(decide({ actor, action: 'read', target: user('OrgAdmin', ORG) })).toEqual({
        allowed: true,
      });
      for (const target of [
        user('OrgAdmin', OTHER),
        user('PlatformAdmin', null),
        user('Auditor', null),
      ]) {
        expect(decide({ actor, action: 'read', target })).toEqual({
          allowed: false,
          code: 'NOT_FOUND',
          message: USER_NOT_FOUND,
        });
      }
    });
  });

  describe.each([
    ['of one organisation', ORG],
    ['of every organisation', null],
  ])('Auditor %s', (_what, organisationId) => {
    const actor = actorOf('Auditor', organisationId);
    it.each([...CHANGES, 'create' as const])('cannot %s', (action) => {
      expect(
        decide({
          actor,
          action,
          target: action === 'create' ? undefined : user('Auditor', ORG),
          after: { role: 'Auditor', organisationId: ORG },
        }),
      ).toEqual({
        allowed: false,
        code: 'FORBIDDEN',
        message: 'Auditors can view users but not change them.',
      });
    });
    it('is offered no role to give', () => {
      expect(grantableRoles(actor, ROLES)).toEqual([]);
    });
  });

  describe('grantable roles (list-all-groups)', () => {
    it('are every role for a PlatformAdmin, OrgAdmin and Auditor for an OrgAdmin', () => {
      expect(grantableRoles(actorOf('PlatformAdmin'), ROLES)).toEqual([...ROLES]);
      expect(grantableRoles(actorOf('OrgAdmin'), ROLES)).toEqual(['OrgAdmin', 'Auditor']);
      expect(grantableRoles(actorOf('OrgAdmin', null), ROLES)).toEqual([]);
    });
  });

  describe('guard rails', () => {
    it.each(['PlatformAdmin', 'OrgAdmin'] as const)(
      'a %s cannot disable, delete or demote themselves',
      (role) => {
        const actor = actorOf(role);
        const me: TargetUser = {
          userName: actor.userName ?? '',
          role,
          organisationId: actor.organisationId,
          enabled: true,
        };
        expect(decide({ actor, action: 'disable', target: me })).toMatchObject({
          code: 'FORBIDDEN',
          message: 'You cannot disable your own account.',
        });
        expect(decide({ actor, action: 'delete', target: me })).toMatchObject({
          message: 'You cannot delete your own account.',
        });
        expect(
          decide({
            actor,
            action: 'update',
            target: me,
            after: { role: 'Auditor', organisationId: ORG },
          }),
        ).toMatchObject({
          allowed: false,
          code: 'FORBIDDEN',
          message: 'You cannot change your own role.',
        });
        // Resetting one's own authenticator app is theirs to do (the last PlatformAdmin's is
        // kept by platform-admins.ts); the console offers it on nobody's own row.
        expect(decide({ actor, action: 'reset-mfa', target: me })).toEqual({ allowed: true });
        expect(decide({ actor, action: 'read', target: me })).toEqual({ allowed: true });
        // Changing one's own name keeps the role: allowed.
        expect(
          decide({
            actor,
            action: 'update',
            target: me,
            after: { role, organisationId: actor.organisationId },
          }),
        ).toEqual({ allowed: true });
      },
    );
  });

  describe('self', () => {
    it('is the same Cognito user name, never the e-mail (an alias)', () => {
      const actor = actorOf('OrgAdmin');
      expect(isSelf(actor, { userName: actor.userName ?? '' })).toBe(true);
      expect(isSelf(actor, { userName: 'someone-else' })).toBe(false);
    });
    it('is nobody when the caller has no user name (a web profile stored before it was kept)', () => {
      const actor = { ...actorOf('OrgAdmin'), userName: null };
      expect(isSelf(actor, { userName: '' })).toBe(false);
      expect(decide({ actor, action: 'disable', target: user('Auditor', ORG) })).toEqual({
        allowed: true,
      });
    });
  });
});
