import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../contract';
import {
  decide,
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
          expect(decide({ actor, action, target, enabledPlatformAdmins: 2 })).toEqual({
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
          expect(decide({ actor, action, target, enabledPlatformAdmins: 5 })).toEqual({
            allowed: false,
            code: 'NOT_FOUND',
            message: USER_NOT_FOUND,
          });
        }
      },
    );
    it('creates OrgAdmins in their organisation only, never an Auditor or a PlatformAdmin', () => {
      expect(
        decide({ actor, action: 'create', after: { role: 'OrgAdmin', organisationId: ORG } }),
      ).toEqual({ allowed: true });
      expect(
        decide({ actor, action: 'create', after: { role: 'OrgAdmin', organisationId: OTHER } }),
      ).toMatchObject({ allowed: false, code: 'FORBIDDEN' });
      // Both roles reach beyond one organisation (an Auditor reads everything).
      for (const role of ['Auditor', 'PlatformAdmin'] as const) {
        expect(
          decide({
            actor,
            action: 'create',
            after: { role, organisationId: role === 'Auditor' ? ORG : null },
          }),
        ).toEqual({
          allowed: false,
          code: 'FORBIDDEN',
          message: `Only a PlatformAdmin can give the ${role} role.`,
        });
      }
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

  describe('Auditor', () => {
    const actor = actorOf('Auditor');
    it('reads users of every organisation', () => {
      for (const target of [user('OrgAdmin', OTHER), user('PlatformAdmin', null)]) {
        expect(decide({ actor, action: 'read', target })).toEqual({ allowed: true });
      }
    });
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
  });

  describe('guard rails', () => {
    it.each(['PlatformAdmin', 'OrgAdmin'] as const)(
      'a %s cannot disable, delete or demote themselves',
      (role) => {
        const actor = actorOf(role);
        const me: TargetUser = {
          userName: actor.userName,
          role,
          organisationId: actor.organisationId,
          enabled: true,
        };
        expect(
          decide({ actor, action: 'disable', target: me, enabledPlatformAdmins: 3 }),
        ).toMatchObject({
          code: 'FORBIDDEN',
          message: 'You cannot disable your own account.',
        });
        expect(
          decide({ actor, action: 'delete', target: me, enabledPlatformAdmins: 3 }),
        ).toMatchObject({
          message: 'You cannot delete your own account.',
        });
        expect(
          decide({
            actor,
            action: 'update',
            target: me,
            after: { role: 'Auditor', organisationId: ORG },
            enabledPlatformAdmins: 3,
          }),
        ).toMatchObject({
          allowed: false,
          code: 'FORBIDDEN',
          // An OrgAdmin is refused the Auditor role before the self rule is reached.
          message:
            role === 'PlatformAdmin'
              ? 'You cannot change your own role.'
              : 'Only a PlatformAdmin can give the Auditor role.',
        });
        // Changing one's own name keeps the role: allowed.
        expect(
          decide({
            actor,
            action: 'update',
            target: me,
            after: { role, organisationId: actor.organisationId },
            enabledPlatformAdmins: 3,
          }),
        ).toEqual({ allowed: true });
      },
    );

    it('the last enabled PlatformAdmin cannot be disabled, deleted or demoted', () => {
      const actor = actorOf('PlatformAdmin');
      const last = user('PlatformAdmin', null);
      for (const [action, message] of [
        ['disable', 'The last enabled PlatformAdmin cannot be disabled.'],
        ['delete', 'The last enabled PlatformAdmin cannot be deleted.'],
      ] as const) {
        expect(decide({ actor, action, target: last, enabledPlatformAdmins: 1 })).toEqual({
          allowed: false,
          code: 'CONFLICT',
          message,
        });
      }
      expect(
        decide({
          actor,
          action: 'update',
          target: last,
          after: { role: 'OrgAdmin', organisationId: ORG },
          enabledPlatformAdmins: 1,
        }),
      ).toEqual({
        allowed: false,
        code: 'CONFLICT',
        message: 'The last enabled PlatformAdmin cannot be given another role.',
      });
      // With a second one, or for a disabled one, the rule does not apply.
      expect(decide({ actor, action: 'disable', target: last, enabledPlatformAdmins: 2 })).toEqual({
        allowed: true,
      });
      expect(
        decide({
          actor,
          action: 'delete',
          target: { ...last, enabled: false },
          enabledPlatformAdmins: 1,
        }),
      ).toEqual({
        allowed: true,
      });
      // Enabling, unlocking, resetting MFA never remove an administrator.
      for (const action of ['enable', 'unlock', 'reset-mfa', 'resend-invitation'] as const) {
        expect(decide({ actor, action, target: last, enabledPlatformAdmins: 1 })).toEqual({
          allowed: true,
        });
      }
    });
  });
});
