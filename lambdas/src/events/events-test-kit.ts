import { MailOutbox } from '../core/outbox';
import type { EventDraft } from '../core/ports/events';
import { MemoryEventLog } from '../core/testing/memory-events';
import { MemoryNotifications } from '../core/testing/memory-notifications';
import { MemoryOutbox } from '../core/testing/memory-outbox';
import { MemoryRegistry, anOrganisation } from '../core/testing/memory-registry';
import { callerContext, FakeClock, FakeMailer, silentLogger } from '../core/testing/fakes';
import type { Listener } from './notification-rules';

/**
 * The events area's test world (issue 35): an event log, the users' notifications, the outbox
 * with a mailer, a registry with two organisations, and the users of the user index.
 */
export const SITE = 'org-site';
export const SPONSOR = 'org-sponsor';

export const USERS: Listener[] = [
  {
    userName: 'site-admin',
    email: 'admin@site.example',
    role: 'OrgAdmin',
    organisationId: SITE,
    enabled: true,
  },
  {
    userName: 'site-admin-off',
    email: 'gone@site.example',
    role: 'OrgAdmin',
    organisationId: SITE,
    enabled: false,
  },
  {
    userName: 'site-auditor',
    email: 'audit@site.example',
    role: 'Auditor',
    organisationId: SITE,
    enabled: true,
  },
  {
    userName: 'sponsor-admin',
    email: 'admin@sponsor.example',
    role: 'OrgAdmin',
    organisationId: SPONSOR,
    enabled: true,
  },
  {
    userName: 'platform',
    email: 'ops@hub.example',
    role: 'PlatformAdmin',
    organisationId: null,
    enabled: true,
  },
];

export const invited = (organisationId = SITE): EventDraft => ({
  kind: 'connection.invited',
  organisationId,
  subject: { type: 'connection', id: 'conn-1', name: 'ABC-001 · Klinik Nord' },
  counterpart: { organisationId: SPONSOR, name: 'Acme Pharma' },
  reason: null,
});

export const eventsWorld = () => {
  const clock = new FakeClock(new Date('2026-03-02T08:00:00.000Z'));
  const events = new MemoryEventLog();
  const notifications = new MemoryNotifications();
  const mailer = new FakeMailer();
  const outboxStore = new MemoryOutbox();
  const outbox = new MailOutbox(
    { outbox: outboxStore, mailer, clock, logger: silentLogger() },
    {},
    {},
  );
  const registry = new MemoryRegistry();
  registry.seed([
    { type: 'organisation', record: anOrganisation(SITE, { name: 'Klinik Nord', kind: 'site' }) },
    {
      type: 'organisation',
      record: anOrganisation(SPONSOR, { name: 'Acme Pharma', kind: 'sponsor' }),
    },
  ]);
  const users = [...USERS];
  const logger = silentLogger();
  const fanOutDeps = {
    events,
    notifications,
    users: { all: () => Promise.resolve(users) },
    registry,
    outbox,
    clock,
    logger,
    consoleUrl: 'https://console.example',
  };
  const as = (userName: string) => {
    const u = users.find((each) => each.userName === userName);
    if (u?.role == null) throw new Error(`no user ${userName}`);
    return callerContext({
      userName,
      sub: userName,
      email: u.email,
      role: u.role,
      organisationId: u.organisationId,
    });
  };
  return {
    clock,
    events,
    notifications,
    mailer,
    outboxStore,
    registry,
    users,
    fanOutDeps,
    as,
    logger,
  };
};
