import type { UserListItem } from '@ccsc/contract';
import type {
  Activity,
  DashboardList,
  Figure,
  NeedsAction,
  RecentChanges,
  Security,
} from '@ccsc/contract/dashboard';

/** A dashboard answer's figure: a value and the list behind it. */
export const figure = (
  value: number,
  list: DashboardList,
  query: Record<string, string> = {},
): Figure => ({ value, link: { list, query } });

export const AS_OF = '2025-02-04T09:14:00.000Z';

export const user = (overrides: Partial<UserListItem> = {}): UserListItem => ({
  userName: 'sub-locked',
  email: 'locked@example.com',
  emailVerified: true,
  givenName: 'Lena',
  familyName: 'Locked',
  phoneNumber: null,
  role: 'OrgAdmin',
  organisationId: 'site-001',
  enabled: true,
  cognitoStatus: 'CONFIRMED',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-02T00:00:00.000Z',
  status: 'LOCKED',
  locked: true,
  mfaEnrolled: true,
  ...overrides,
});

export const invitee = user({
  userName: 'sub-invited',
  email: 'invited@example.com',
  cognitoStatus: 'FORCE_CHANGE_PASSWORD',
  status: 'FORCE_CHANGE_PASSWORD',
  locked: false,
  mfaEnrolled: false,
});

export const needsAction = (overrides: Partial<NeedsAction> = {}): NeedsAction => ({
  asOf: AS_OF,
  lockedAccounts: { ...figure(1, 'users', { status: 'LOCKED' }), users: [user()] },
  invitations: {
    pending: figure(2, 'users', { status: 'FORCE_CHANGE_PASSWORD' }),
    expiring: { ...figure(1, 'users', { invitation: 'expiring' }), users: [invitee] },
    expired: { ...figure(0, 'users', { invitation: 'expired' }), users: [] },
  },
  withoutAuthenticator: figure(3, 'users', { status: 'MFA_NOT_ENROLLED' }),
  connectionInvitations: {
    ...figure(4, 'connections', { status: 'invited' }),
    perspective: 'answer',
  },
  credentials: {
    expiring: figure(1, 'credentials', { status: 'expiring' }),
    neverUsed: figure(2, 'credentials', { use: 'never' }),
  },
  heldForMapping: figure(5, 'documents', { state: 'held', holdKind: 'mapping' }),
  staleDrafts: figure(1, 'standards', { status: 'draft', draftBefore: '2025-01-05' }),
  ...overrides,
});

/** Every figure 0: nothing needs action. */
export const nothingNeedsAction = (): NeedsAction => {
  const full = needsAction();
  const zero = <F extends Figure>(f: F): F => ({ ...f, value: 0 });
  return {
    ...full,
    lockedAccounts: { ...zero(full.lockedAccounts), users: [] },
    invitations: {
      pending: zero(full.invitations.pending),
      expiring: { ...zero(full.invitations.expiring), users: [] },
      expired: zero(full.invitations.expired),
    },
    withoutAuthenticator: zero(full.withoutAuthenticator),
    connectionInvitations: zero(full.connectionInvitations),
    credentials: {
      expiring: zero(full.credentials.expiring),
      neverUsed: zero(full.credentials.neverUsed),
    },
    heldForMapping: zero(full.heldForMapping),
    staleDrafts: zero(full.staleDrafts),
  };
};

const HOUR = 60 * 60 * 1000;
/** Where a window starts: the whole hour `hours` ago, as the server answers it. */
export const hoursAgo = (hours: number, now = Date.now()): string =>
  new Date(Math.floor((now - hours * HOUR) / HOUR) * HOUR).toISOString();

const auditFigure = (value: number, view: string, from: string) =>
  figure(value, 'audit', { view, from });

export const security = (overrides: Partial<Security> = {}): Security => {
  const day = hoursAgo(24);
  const week = hoursAgo(24 * 7);
  const windowed = (view: string, d: number, w: number) => ({
    day: auditFigure(d, view, day),
    week: auditFigure(w, view, week),
  });
  return {
    asOf: AS_OF,
    since: { day, week },
    failedSignIns: windowed('failed-sign-ins', 3, 12),
    lockouts: windowed('lockouts', 1, 2),
    mfaResets: windowed('mfa-resets', 0, 4),
    credentialRevocations: windowed('credential-revocations', 0, 1),
    chain: {
      last: {
        checkedAt: '2025-02-03T22:00:00.000Z',
        intact: true,
        records: 1234,
        brokenAt: null,
        reason: null,
        by: null,
        source: 'job',
      },
    },
    ...overrides,
  };
};

const DIRECTIONS = ['site-to-sponsor', 'sponsor-to-site'] as const;

/** 30 days from 2025-01-06 to 2025-02-04, `perDay(i)` documents each way on day i. */
export const activity = (perDay: (i: number) => number = (i) => i % 3): Activity => {
  const days = Array.from({ length: 30 }, (_, i) => {
    const day = new Date(Date.UTC(2025, 0, 6 + i)).toISOString().slice(0, 10);
    const sent = Object.fromEntries(
      DIRECTIONS.map((direction) => [
        direction,
        figure(perDay(i), 'documents', { sentFrom: day, sentTo: day, direction }),
      ]),
    ) as Activity['days'][number]['sent'];
    return { day, sent };
  });
  const total = days.reduce((sum, d) => sum + d.sent['site-to-sponsor'].value, 0);
  const period = { sentFrom: '2025-01-06', sentTo: '2025-02-04' };
  return {
    asOf: AS_OF,
    days,
    sent: {
      'site-to-sponsor': figure(total, 'documents', { ...period, direction: 'site-to-sponsor' }),
      'sponsor-to-site': figure(total, 'documents', { ...period, direction: 'sponsor-to-site' }),
    },
    delivery: {
      delivered: figure(total * 2, 'documents', { ...period, delivered: 'true' }),
      p50Seconds: 300,
      p90Seconds: 7200,
      p99Seconds: null,
      beyond: ['p99'],
    },
    connections: (['invited', 'active', 'suspended', 'ended', 'declined'] as const).map(
      (status, i) => ({ status, figure: figure(i, 'connections', { status }) }),
    ),
  };
};

export const recentChanges = (records: RecentChanges['records'] = [change(2), change(1)]) => ({
  asOf: AS_OF,
  records,
  link: { list: 'audit' as const, query: { view: 'changes', from: '2025-01-04T09:00:00.000Z' } },
});

export function change(seq: number, overrides: Partial<RecentChanges['records'][number]> = {}) {
  return {
    seq,
    at: `2025-02-04T08:0${String(seq % 10)}:00.000Z`,
    action: 'user.disabled',
    outcome: 'success' as const,
    actor: { sub: 'sub-admin', email: 'admin@example.com', role: 'PlatformAdmin' as const },
    target: { type: 'user', id: `sub-${String(seq)}`, label: `user${String(seq)}@example.com` },
    organisationId: 'site-001',
    alsoFor: [],
    source: { ip: '203.0.113.7', userAgent: null },
    requestId: `req-${String(seq)}`,
    before: null,
    after: null,
    reason: null,
    hash: 'a'.repeat(64),
    prevHash: 'b'.repeat(64),
    ...overrides,
  };
}
