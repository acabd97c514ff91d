import { EVENT_KINDS } from '@ccsc/contract/events';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTION_KINDS,
  AUDIT_VIEWS,
  auditViewsOf,
  CHANGE_ACTIONS,
  type AuditView,
} from '@ccsc/contract/audit';
import type { Reach } from '@ccsc/contract/reach';
import { HashChainedAuditReader, HashChainedAuditTrail } from '../../adapters/audit-chain';
import { GRANT_NAMES } from '../grants';
import type { AuditEntry } from '../ports/audit-trail';
import { FakeClock } from '../testing/fakes';
import { MemoryAuditChainTable } from '../../testing/memory-audit-chain-table';
import { auditViewCount, recentChanges } from './audit';

const ADMIN = { sub: 'sub-admin', email: 'admin@example.com', role: 'PlatformAdmin' as const };
const viewsOf = (action: string, outcome: 'success' | 'failure', actor: typeof ADMIN | null) =>
  auditViewsOf({ action, outcome, actor });

describe('the audit views', () => {
  it('puts each security event in its view, whoever caused it', () => {
    expect(viewsOf('session.login-failed', 'failure', null)).toEqual(['failed-sign-ins']);
    expect(viewsOf('account.locked', 'success', null)).toEqual(['lockouts']);
    expect(viewsOf('mfa.reset', 'success', null)).toEqual(['mfa-resets']);
    // An administrator's MFA reset and revocation are security events and changes.
    expect(viewsOf('user.mfa-reset', 'success', ADMIN)).toEqual(['mfa-resets', 'changes']);
    expect(viewsOf('api-credential.revoked', 'success', ADMIN)).toEqual([
      'credential-revocations',
      'changes',
    ]);
  });

  it('leaves out what did not happen: refusals and failures', () => {
    // The last PlatformAdmin is not locked: the refusal is recorded as a failure.
    expect(viewsOf('account.locked', 'failure', null)).toEqual([]);
    expect(viewsOf('mfa.reset', 'failure', null)).toEqual([]);
    expect(viewsOf('user.disabled', 'failure', ADMIN)).toEqual([]);
    expect(viewsOf('api-credential.revoked', 'failure', ADMIN)).toEqual([]);
  });

  it('counts as a change only an administrator’s successful change', () => {
    for (const action of ['user.created', 'organisation.updated', 'standard.published']) {
      expect(viewsOf(action, 'success', ADMIN)).toEqual(['changes']);
      // A scheduled job's (no actor) is no administrator's change.
      expect(viewsOf(action, 'success', null)).toEqual([]);
    }
    for (const action of [
      'session.login',
      'session.logout',
      'user.export',
      'audit.export',
      'document.downloaded',
      'document.sent',
      'api-credential.revealed',
      'api-credential.expired',
      'study.import-progressed',
      'something.unknown',
    ]) {
      expect(viewsOf(action, 'success', ADMIN), action).toEqual([]);
    }
  });

  it('lists the changes explicitly', () => {
    expect(new Set(CHANGE_ACTIONS)).toEqual(
      new Set([
        'user.created',
        'user.updated',
        'user.deleted',
        'user.disabled',
        'user.enabled',
        'user.unlocked',
        'user.mfa-reset',
        'user.invitation-resent',
        'api-credential.issued',
        'api-credential.revoked',
        'api-credential.resent',
        'api-credential.link-resent',
        'api-credential.rotation-started',
        'api-credential.old-secret-retired',
        'organisation.created',
        'organisation.updated',
        'organisation.activated',
        'organisation.deactivated',
        'organisation.imported',
        'system.created',
        'system.updated',
        'system.activated',
        'system.deactivated',
        'system.standard-changed',
        'systems.imported',
        'registry.import',
        'study.created',
        'study.updated',
        'study.connections-moved',
        'study.import-announced',
        'study.imported-etmf',
        'study.import-conflict-filed',
        'study.import-conflict-skipped',
        'connection.invited',
        'connection.accepted',
        'connection.declined',
        'connection.suspended',
        'connection.resumed',
        'connection.ended',
        'standard.created',
        'standard.updated',
        'standard.version-created',
        'standard.published',
        'standard.retired',
        'study.expected-documents-saved',
        'document-request.created',
        'document-request.cancelled',
        'distribution.created',
      ]),
    );
  });
});

// ---------- every action the code writes is classified deliberately ----------

const SRC = fileURLToPath(new URL('../..', import.meta.url));
/** The areas an audit action starts with. */
const AREAS = [
  'session',
  'account',
  'mfa',
  'password',
  'user',
  'api-credential',
  'audit',
  'organisation',
  'system',
  'systems',
  'registry',
  'study',
  'connection',
  'standard',
  'document',
  'document-request',
  'imported-file',
  'distribution',
];
/**
 * Strings of that form that are no audit action: the write journal's workflow kinds
 * (core/journal.ts), the list's marker for a stored item that is not a record, and the names of
 * the grants a table line lists (core/grants.ts; none is an action, checked below).
 */
const NOT_ACTIONS = new Set<string>([
  ...GRANT_NAMES,
  // The kinds of event (issue 35: the partner feed, notifications), some named like an action.
  ...EVENT_KINDS,
  'account.lock',
  'mfa.reset-by-link',
  'registry.write',
  'user.create',
  'user.update',
  'user.delete',
  'user.disable',
  'user.enable',
  'user.reset-mfa',
  'user.resend-invitation',
  'document.send',
  'document.complete',
  'document.change',
  'document.scan',
  // The journaled write that makes an imported file documents (its audit: document.imported).
  'document.import',
  // The journaled write that sends a document back (its audits: document.rejected, .recalled…).
  'document.return',
  'audit.unreadable',
]);

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });

const LITERAL = new RegExp(`'((?:${AREAS.join('|')})\\.[a-z][a-z0-9-]*)'`, 'g');

describe('every action string the lambdas write', () => {
  const found = new Set(
    sourceFiles(SRC).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(LITERAL)].map((m) => String(m[1])),
    ),
  );

  it('is classified in AUDIT_ACTION_KINDS (or known to be no action)', () => {
    expect(found.size).toBeGreaterThan(50);
    const unclassified = [...found].filter(
      (action) => !(action in AUDIT_ACTION_KINDS) && !NOT_ACTIONS.has(action),
    );
    expect(unclassified, 'classify these in @ccsc/contract/audit AUDIT_ACTION_KINDS').toEqual([]);
  });

  it('is never a grant name (so leaving those out above hides no action)', () => {
    expect(GRANT_NAMES.filter((g) => g in AUDIT_ACTION_KINDS)).toEqual([]);
  });

  it('and AUDIT_ACTION_KINDS lists nothing the code no longer writes', () => {
    expect(Object.keys(AUDIT_ACTION_KINDS).filter((action) => !found.has(action))).toEqual([]);
  });
});

// ---------- counts and recent changes, for the dashboard ----------

const ORG = 'site-001';
const OTHER = 'sponsor-002';

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  action: 'user.disabled',
  outcome: 'success',
  actor: ADMIN,
  source: { ip: '203.0.113.7', userAgent: 'vitest' },
  requestId: 'req-1',
  ...overrides,
});

/** A chain of the entries, one minute apart from 2025-01-15T10:00:00Z. */
const chainOf = async (entries: AuditEntry[]) => {
  const table = new MemoryAuditChainTable();
  const clock = new FakeClock();
  const trail = new HashChainedAuditTrail(table, { clock, backoff: () => Promise.resolve() });
  for (const e of entries) {
    await trail.append(e);
    clock.advance(60_000);
  }
  return { table, reader: new HashChainedAuditReader(table) };
};

const everything: Reach = { kind: 'everything' };
const org: Reach = { kind: 'organisation', organisationId: ORG };
const nothing: Reach = { kind: 'nothing' };
const minute = (n: number) => new Date(Date.UTC(2025, 0, 15, 10, n));

describe('auditViewCount', () => {
  const trail = () =>
    chainOf([
      entry({
        action: 'session.login-failed',
        outcome: 'failure',
        actor: null,
        organisationId: ORG,
      }), // 10:00
      entry({
        action: 'session.login-failed',
        outcome: 'failure',
        actor: null,
        organisationId: OTHER,
      }), // 10:01
      entry({
        action: 'session.login-failed',
        outcome: 'failure',
        actor: null,
        organisationId: ORG,
      }), // 10:02
      entry({ action: 'session.login-failed', outcome: 'failure', actor: null }), // 10:03, no organisation
      entry({ action: 'user.mfa-reset', organisationId: ORG }), // 10:04
      entry({ action: 'session.login', actor: null, organisationId: ORG }), // 10:05, in no view
    ]);

  it('counts a view’s index within reach and [from, to), never reading the chain', async () => {
    const { table, reader } = await trail();
    const count = (reach: Reach, view: AuditView, from: Date | null, to: Date | null = null) =>
      auditViewCount(reach, view, from, to, reader);
    expect(await count(everything, 'failed-sign-ins', null)).toBe(4);
    expect(await count(org, 'failed-sign-ins', null)).toBe(2);
    expect(await count(everything, 'failed-sign-ins', minute(1))).toBe(3);
    expect(await count(everything, 'failed-sign-ins', minute(1), minute(3))).toBe(2);
    expect(await count(org, 'failed-sign-ins', minute(1), minute(3))).toBe(1);
    expect(await count(everything, 'mfa-resets', null)).toBe(1);
    expect(await count(org, 'changes', null)).toBe(1);
    expect(await count(everything, 'lockouts', null)).toBe(0);
    expect(await count(nothing, 'failed-sign-ins', null)).toBe(0);
    // An empty window is no question to DynamoDB (its BETWEEN refuses reversed bounds).
    expect(await count(everything, 'failed-sign-ins', minute(3), minute(3))).toBe(0);
    expect(table.readsBackward).toBe(0);
  });

  it('agrees with every view’s records as the chain holds them', async () => {
    const { table, reader } = await trail();
    const records = [...table.items.values()];
    for (const view of AUDIT_VIEWS) {
      const inView = records.filter((r) =>
        auditViewsOf(r as Parameters<typeof auditViewsOf>[0]).includes(view),
      );
      expect(await auditViewCount(everything, view, null, null, reader), view).toBe(inView.length);
      expect(await auditViewCount(org, view, null, null, reader), view).toBe(
        inView.filter((r) => r.organisationId === ORG).length,
      );
    }
  });
});

describe('recentChanges', () => {
  it('answers the last changes within reach, newest first, with one index query', async () => {
    const { table, reader } = await chainOf([
      ...Array.from({ length: 12 }, (_, i) =>
        entry({
          action: 'user.updated',
          organisationId: i % 2 === 0 ? ORG : OTHER,
          requestId: `r${i}`,
        }),
      ),
      entry({ action: 'user.export', organisationId: ORG }),
      entry({ action: 'session.login', organisationId: ORG }),
    ]);
    const all = await recentChanges(everything, 10, reader);
    expect(all.map((r) => r.seq)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    expect(table.indexQueries).toBe(1);
    const mine = await recentChanges(org, 10, reader);
    expect(mine.map((r) => r.seq)).toEqual([11, 9, 7, 5, 3, 1]);
    expect(mine.every((r) => r.organisationId === ORG)).toBe(true);
    expect(await recentChanges(nothing, 10, reader)).toEqual([]);
  });
});
