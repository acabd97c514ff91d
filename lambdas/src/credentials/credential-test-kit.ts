import { MemoryEventLog } from '../core/testing/memory-events';
import type { Role } from '@ccsc/contract/roles';
import { routes } from '@ccsc/contract/routes';
import type { RequestContext, Caller } from '../core/request';
import {
  callerContext,
  FakeAuditTrail,
  FakeClock,
  FakeMailer,
  publicContext,
} from '../core/testing/fakes';
import { MemoryCredentialStore, MemoryMachineClients } from '../core/testing/memory-credentials';
import { MemoryWriteJournal } from '../core/testing/memory-write-journal';
import { silentLogger } from '../core/testing/fakes';
import { MemoryOutbox } from '../core/testing/memory-outbox';
import { MailOutbox } from '../core/outbox';
import { credentialWriteJournal } from './credential-journal';
import {
  composeLinkMail,
  CREDENTIAL_LINK_MAIL,
  type CredentialWriteDeps,
} from './credential-writes';
import { anOrganisation, aSystem, MemoryRegistry } from '../core/testing/memory-registry';
import type { CredentialDeps } from './credential-records';
import { type CredentialLinkDeps, revealCredential } from './credential-link.core';
import { generateCredential } from './generate-credential.core';

/**
 * A small world for the credential cores: a site (A) with an eISF, another site (B) with one,
 * an inactive system, and a caller of each role; the ports in memory.
 */
export const world = () => {
  const registry = new MemoryRegistry();
  registry.seed([
    { type: 'organisation', record: anOrganisation('A', { name: 'Klinik Nord', kind: 'site' }) },
    { type: 'organisation', record: anOrganisation('B', { name: 'Klinik Süd', kind: 'site' }) },
    {
      type: 'system',
      record: aSystem('a-eisf', 'A', {
        name: 'Nord eISF',
        technicalContactEmail: 'it@nord.example',
      }),
    },
    { type: 'system', record: aSystem('a-off', 'A', { name: 'Old eISF', status: 'inactive' }) },
    { type: 'system', record: aSystem('b-eisf', 'B', { name: 'Süd eISF' }) },
  ]);
  const clock = new FakeClock(new Date('2026-01-10T09:00:00.000Z'));
  const credentials = new MemoryCredentialStore();
  const clients = new MemoryMachineClients();
  const mailer = new FakeMailer();
  const audit = new FakeAuditTrail();
  let n = 0;
  let t = 0;
  const newToken = () => {
    t += 1;
    return `token-${String(t)}`.padEnd(43, 'x');
  };
  const journal = new MemoryWriteJournal(clock);
  const events = new MemoryEventLog();
  const outboxStore = new MemoryOutbox();
  const outbox = new MailOutbox(
    { outbox: outboxStore, mailer, clock, logger: silentLogger() },
    { [CREDENTIAL_LINK_MAIL]: composeLinkMail },
    { credentials, clock, newToken },
  );
  const writeDeps: CredentialWriteDeps = {
    credentials,
    clients,
    outbox,
    audit,
    auditReader: audit,
    events,
    clock,
    logger: silentLogger(),
    newToken,
  };
  const writes = credentialWriteJournal({ journal, sleep: clock.sleep }, writeDeps);
  const deps: CredentialDeps = {
    credentials,
    clients,
    registry,
    mailer,
    audit,
    clock,
    allowedOrigins: ['https://console.example'],
    newId: () => {
      n += 1;
      return `api-${String(n).padStart(4, '0')}`;
    },
    newToken,
    writes,
  };
  const linkDeps: CredentialLinkDeps = {
    ...deps,
    tokenUrl: 'https://auth.example/oauth2/token',
    apiBaseUrl: 'https://api.console.example/prod',
    sleep: clock.sleep,
  };
  return {
    registry,
    clock,
    credentials,
    clients,
    mailer,
    audit,
    deps,
    linkDeps,
    journal,
    writes,
    writeDeps,
    outbox,
    outboxStore,
    events,
  };
};

const PEOPLE: Record<string, { role: Role; organisationId: string | null }> = {
  admin: { role: 'PlatformAdmin', organisationId: null },
  auditorAll: { role: 'Auditor', organisationId: null },
  orgAdminA: { role: 'OrgAdmin', organisationId: 'A' },
  auditorA: { role: 'Auditor', organisationId: 'A' },
  orgAdminB: { role: 'OrgAdmin', organisationId: 'B' },
};
export type Who = keyof typeof PEOPLE;

export const as = (who: Who): RequestContext<Caller> =>
  callerContext({
    ...PEOPLE[who],
    email: `${who}@example.com`,
    sub: `${who}-sub`,
    userName: `${who}-sub`,
  });

export const contact = () => publicContext({ origin: 'https://console.example' });

/** The token of the link in the last mail sent. */
export const lastLink = (mailer: FakeMailer): { apiId: string; token: string } => {
  const text = mailer.sent.at(-1)?.text ?? '';
  const match = /\/generate\/([^?\s]+)\?t=([A-Za-z0-9_-]+)/u.exec(text);
  if (match === null) throw new Error(`no link in the last mail: ${text}`);
  return { apiId: decodeURIComponent(match[1] ?? ''), token: match[2] ?? '' };
};

/** A valid generateApiCredential request for A's eISF, with what a test changes. */
export const issueRequest = (over: Record<string, unknown> = {}) =>
  routes.generateApiCredential.request.parse({
    systemId: 'a-eisf',
    scopes: ['ccsc-api/system.read', 'ccsc-api/connections.read'],
    expiresAt: '2026-07-01T00:00:00.000Z',
    contactEmail: 'it@nord.example',
    ...over,
  });

/** A pending credential of A's eISF, issued by `who`. */
export const issued = async (w: World, who: Who = 'orgAdminA') =>
  (await generateCredential(issueRequest(), as(who), w.deps)).credential;

/** An active credential of A's eISF (its link revealed, at revision 2) and its first secret. */
export const activeCredential = async (w: World) => {
  const credential = await issued(w);
  const first = await revealCredential(lastLink(w.mailer), contact(), w.linkDeps);
  return { credential, secret: first.clientSecret };
};

export type World = ReturnType<typeof world>;

/**
 * Everything a credential call may write — records, clients and their secrets, mails (sent or
 * queued), audit records, journal entries — to compare before and after a refusal.
 */
export const written = (w: World) =>
  structuredClone({
    records: [...w.credentials.records.values()],
    clients: [...w.clients.clients.entries()],
    mails: w.mailer.sent.length,
    queued: w.outboxStore.waiting,
    audit: w.audit.entries.length,
    journal: [...w.journal.entries.values()],
  });

/**
 * Who may change a credential of organisation A, and what everyone else is answered: a
 * PlatformAdmin and A's OrgAdmin may; another organisation's OrgAdmin does not see it (404);
 * Auditors see it but change nothing (403).
 */
export const MANAGING_A: readonly [Who, 'ok' | 'NOT_FOUND' | 'FORBIDDEN'][] = [
  ['admin', 'ok'],
  ['orgAdminA', 'ok'],
  ['orgAdminB', 'NOT_FOUND'],
  ['auditorA', 'FORBIDDEN'],
  ['auditorAll', 'FORBIDDEN'],
];
