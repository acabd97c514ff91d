import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { Role } from '@ccsc/contract/roles';
import { ConflictError } from '../errors';
import type { Clock } from '../ports/clock';
import type { UserDirectory } from '../ports/user-directory';
import type { Leases } from '../ports/write-journal';

/**
 * The last enabled PlatformAdmin stays (issue 12): THE rule, in one place, for every path that
 * could take an enabled PlatformAdmin away — disable, delete, demote, authenticator reset (the
 * account cannot act until a new authenticator is enrolled) and lockout. A change that would
 * remove one runs only while another enabled PlatformAdmin remains, and holds the
 * `platform-admins` lease from the count until it is done, so two removals at the same moment
 * run one after the other and the second counts what the first left.
 */

export type AdminRemoval = 'disable' | 'delete' | 'demote' | 'reset-mfa' | 'lockout';

export const LAST_PLATFORM_ADMIN: Record<AdminRemoval, string> = {
  disable: 'The last enabled PlatformAdmin cannot be disabled.',
  delete: 'The last enabled PlatformAdmin cannot be deleted.',
  demote: 'The last enabled PlatformAdmin cannot be given another role.',
  'reset-mfa':
    'The authenticator app of the last enabled PlatformAdmin cannot be reset; they can replace ' +
    'it themselves with "Can\'t access authenticator app?" on the login screen.',
  lockout: 'The last enabled PlatformAdmin is not locked out.',
};

export const PLATFORM_ADMINS_LEASE = 'platform-admins';
/** Longer than any request holds it (API Gateway stops a request after 29 s). */
const LEASE_MS = 30_000;
const WAIT_MS = 3_000;
const POLL_MS = 100;
export const PLATFORM_ADMINS_BUSY =
  'Another change to the PlatformAdmins is in progress. Try again in a moment.';

export interface PlatformAdminGuardDeps {
  leases: Leases;
  directory: Pick<UserDirectory, 'groupMembers' | 'getUser'>;
  clock: Clock;
  newId?: () => string;
  sleep?: (ms: number) => Promise<void>;
}

/** Whether the change takes away an enabled PlatformAdmin (role and enabled as they are now). */
export const isEnabledPlatformAdmin = (user: { role: Role | null; enabled: boolean }): boolean =>
  user.role === 'PlatformAdmin' && user.enabled;

/**
 * Whether a PlatformAdmin other than `userName` can act: in the group and enabled, signed in at
 * least once (an invitation not taken up is no administrator yet: its temporary password may
 * expire), and with PlatformAdmin as their one role (a user in two role groups has none).
 */
const anotherUsablePlatformAdmin = async (
  deps: PlatformAdminGuardDeps,
  userName: string,
): Promise<boolean> => {
  const candidates = (await deps.directory.groupMembers('PlatformAdmin')).filter(
    (m) => m.userName !== userName && m.enabled && m.status === 'CONFIRMED',
  );
  for (const candidate of candidates) {
    if ((await deps.directory.getUser(candidate.userName))?.role === 'PlatformAdmin') return true;
  }
  return false;
};

/**
 * Runs `act`, the removal of `target` (as the directory has it now), only if another usable
 * PlatformAdmin remains; else a 409 with the rule's message. A target that is no enabled
 * PlatformAdmin removes none: `act` runs at once.
 */
export const keepingOnePlatformAdmin = async <T>(
  deps: PlatformAdminGuardDeps,
  target: { userName: string; role: Role | null; enabled: boolean },
  removal: AdminRemoval,
  act: () => Promise<T>,
): Promise<T> => {
  if (!isEnabledPlatformAdmin(target)) return act();
  const owner = (deps.newId ?? randomUUID)();
  const sleep = deps.sleep ?? ((ms: number) => delay(ms));
  const giveUpAt = deps.clock.now().getTime() + WAIT_MS;
  for (;;) {
    const until = new Date(deps.clock.now().getTime() + LEASE_MS);
    if (await deps.leases.acquire(PLATFORM_ADMINS_LEASE, owner, until)) break;
    if (deps.clock.now().getTime() >= giveUpAt) throw new ConflictError(PLATFORM_ADMINS_BUSY);
    await sleep(POLL_MS);
  }
  try {
    if (!(await anotherUsablePlatformAdmin(deps, target.userName))) {
      throw new ConflictError(LAST_PLATFORM_ADMIN[removal]);
    }
    return await act();
  } finally {
    await deps.leases.release(PLATFORM_ADMINS_LEASE, owner).catch(() => undefined);
  }
};
