/**
 * What the dashboard bench seeds beside the other benches' volumes: locked accounts, pending
 * invitations and 100,000 chained audit records (`dashboard.ts`).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  AUDIT_CHAIN_PK,
  DynamoAccountLocks,
  DynamoInvitations,
  chainRecords,
  storedItemOf,
} from '@ccsc/lambdas/adapters';
import { TABLES, tableName } from '@ccsc/lambdas/data-model';
import type { EnrolledTestUser } from '../support/aws';
import type { ConsoleInfo } from '../support/console';
import { BUSY_SPONSOR } from './registry-volume';
import { batchWriter } from './support';
import type { SeededUser } from './users';
import {
  AUDIT_DAYS,
  AUDIT_RECORDS,
  DAY_MS,
  generator,
  IN_FLIGHT,
  inPool,
  localDynamo,
} from './dashboard-kit';

// ---------- users: locks and invitations ----------

/**
 * A third of the disabled users locked by accountLockout (their lock not released), and every
 * user waiting for the first sign-in invited 0–10 days ago, as the account's adapters record them
 * (the pool's invitations are valid TEMPORARY_PASSWORD_DAYS, 7 offline).
 */
export const seedLocksAndInvitations = async (c: ConsoleInfo, users: readonly SeededUser[]) => {
  const { db, close } = localDynamo(c);
  const table = tableName('local', TABLES.main);
  const locks = new DynamoAccountLocks(db, table);
  const invitations = new DynamoInvitations(db, table);
  const random = generator(18);
  const now = Date.now();
  const locked = users.filter((u) => !u.enabled && !u.waiting).filter((_, i) => i % 3 === 0);
  const invited = users.filter((u) => u.waiting);
  try {
    await inPool(locked, 16, async (u) => {
      const claimed = await locks.claim(
        {
          userName: u.userName,
          lockedAt: new Date(now - random() * 7 * DAY_MS),
          failedSignIns: 5,
          reason: '5 consecutive failed sign-ins (threshold 5)',
          releasedAt: null,
        },
        null,
      );
      if (!claimed) throw new Error(`${u.userName} was locked already`);
    });
    await inPool(invited, 16, (u) =>
      invitations.recordSent(u.userName, new Date(now - random() * 10 * DAY_MS)),
    );
  } finally {
    close();
  }
  return { locked: locked.length, invited: invited.length };
};

// ---------- the audit trail: 100,000 chained records ----------

type AuditEntry = Parameters<typeof chainRecords>[0][number]['entry'];

interface AuditWorld {
  users: readonly SeededUser[];
  /** The registry's organisations (the busiest among them). */
  organisations: readonly string[];
  admin: EnrolledTestUser;
  /** The document exchange's organisations and systems: the busiest sponsor and the sites. */
  exchange: { sponsor: string; sponsorSystem: string; sites: { org: string; system: string }[] };
}

const DOCUMENT_ACTIONS = [
  ['document.sent', 0.4],
  ['document.received', 0.35],
  ['document.acknowledged', 0.2],
  ['document.released', 0.03],
  ['document.retried', 0.02],
] as const;
const USER_CHANGES = [
  'user.updated',
  'user.updated',
  'user.created',
  'user.disabled',
  'user.enabled',
  'user.unlocked',
  'user.invitation-resent',
  'user.deleted',
] as const;
const REGISTRY_CHANGES = [
  ['organisation.updated', 'organisation'],
  ['system.created', 'system'],
  ['system.updated', 'system'],
  ['study.created', 'study'],
  ['study.updated', 'study'],
  ['connection.invited', 'connection'],
  ['connection.accepted', 'connection'],
  ['connection.suspended', 'connection'],
  ['connection.ended', 'connection'],
  ['standard.created', 'standard'],
  ['standard.published', 'standard'],
  ['api-credential.issued', 'api-credential'],
  ['api-credential.rotation-started', 'api-credential'],
] as const;
const READS = [
  'user.export',
  'document.downloaded',
  'organisation.export',
  'connection.export',
  'audit.export',
] as const;
const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
];

/**
 * The trail's records, oldest first: AUDIT_RECORDS of them over the last AUDIT_DAYS days (the last
 * a minute ago), in the shapes the lambdas write them (actor, target, organisation, source).
 */
function* auditEntries(world: AuditWorld): Generator<{ entry: AuditEntry; at: Date }> {
  const random = generator(30);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const weighted = <T>(items: readonly (readonly [T, number])[]): T => {
    let left = random();
    for (const [item, weight] of items) {
      left -= weight;
      if (left < 0) return item;
    }
    return (items.at(-1) as readonly [T, number])[0];
  };
  const adminsOf = new Map<string, SeededUser[]>();
  for (const u of world.users) {
    if (u.role !== 'OrgAdmin' || !u.enabled || u.waiting) continue;
    adminsOf.set(u.organisationId, [...(adminsOf.get(u.organisationId) ?? []), u]);
  }
  type Actor = AuditEntry['actor'];
  type Fact = Omit<AuditEntry, 'source' | 'requestId'>;
  const platformAdmin: Actor = {
    sub: world.admin.userName,
    email: world.admin.email,
    role: 'PlatformAdmin',
  };
  const actorOf = (u: SeededUser): Actor => ({ sub: u.userName, email: u.email, role: u.role });
  /** One of the user's organisation's administrators, or a PlatformAdmin. */
  const adminFor = (u: SeededUser): Actor => {
    const admin = pick(adminsOf.get(u.organisationId) ?? []) as SeededUser | undefined;
    return admin === undefined || random() < 0.2 ? platformAdmin : actorOf(admin);
  };
  /** A record about a user, in the user's organisation's trail. */
  const about = (
    u: SeededUser,
    action: string,
    outcome: AuditEntry['outcome'],
    actor: Actor,
    more: Partial<Fact> = {},
  ): Fact => ({
    action,
    outcome,
    actor,
    target: { type: 'user', id: u.userName, label: u.email },
    organisationId: u.organisationId,
    ...more,
  });
  /** A registry organisation: the busiest one a tenth of the time. */
  const organisation = () => (random() < 0.1 ? BUSY_SPONSOR : pick(world.organisations));
  const authenticatorRemoved = {
    before: { mfaMethods: ['SOFTWARE_TOKEN_MFA'] },
    after: { mfaMethods: [] },
  };
  /**
   * Anything but the exchange, by `roll` (0 to 1): of all records, sign-ins 15%, sign-outs 3%,
   * failed sign-ins 6%, lockouts and each kind of authenticator reset 0.5%, revocations 0.5%,
   * changes of users 5% and of the registry, standards and credentials 5%, reads 3%, jobs 1%.
   */
  const factOf = (roll: number, u: SeededUser, n: number, at: Date): Fact => {
    const id = String(n);
    if (roll < 0.375)
      return { ...about(u, 'session.login', 'success', actorOf(u)), organisationId: undefined };
    if (roll < 0.45)
      return { ...about(u, 'session.logout', 'success', actorOf(u)), organisationId: undefined };
    if (roll < 0.6) {
      return about(u, 'session.login-failed', 'failure', null, {
        reason: `Incorrect password (Cognito sign-in failure at ${at.toISOString()})`,
      });
    }
    if (roll < 0.6125) {
      return about(u, 'account.locked', 'success', null, {
        before: { enabled: true },
        after: { enabled: false },
        reason: '5 consecutive failed sign-ins (threshold 5)',
      });
    }
    if (roll < 0.625) return about(u, 'mfa.reset', 'success', null, authenticatorRemoved);
    if (roll < 0.6375)
      return about(u, 'user.mfa-reset', 'success', adminFor(u), authenticatorRemoved);
    if (roll < 0.65) {
      return {
        action: 'api-credential.revoked',
        outcome: 'success',
        actor: platformAdmin,
        target: { type: 'api-credential', id: `api-${id}` },
        organisationId: organisation(),
        before: { status: 'active' },
        after: { status: 'revoked' },
      };
    }
    if (roll < 0.775) {
      const action = pick(USER_CHANGES);
      return about(
        u,
        action,
        random() < 0.97 ? 'success' : 'failure',
        adminFor(u),
        action === 'user.updated'
          ? { before: { givenName: 'Ada' }, after: { givenName: 'Grace' } }
          : {},
      );
    }
    if (roll < 0.9) {
      const [action, type] = pick(REGISTRY_CHANGES);
      return {
        action,
        outcome: 'success',
        actor: random() < 0.5 ? platformAdmin : adminFor(u),
        target: { type, id: `${type}-${id}` },
        organisationId: organisation(),
        after: { status: 'active' },
      };
    }
    if (roll < 0.975) {
      return {
        action: pick(READS),
        outcome: 'success',
        actor: actorOf(u),
        organisationId: u.organisationId,
      };
    }
    return {
      action: random() < 0.5 ? 'api-credential.expiry-notice' : 'study.import-progressed',
      outcome: 'success',
      actor: null,
      target: { type: 'api-credential', id: `api-${id}` },
      organisationId: organisation(),
    };
  };

  const end = Date.now() - 60_000;
  const step = (AUDIT_DAYS * DAY_MS - 60_000) / AUDIT_RECORDS;
  const start = end - AUDIT_DAYS * DAY_MS + 60_000;
  let n = 0;
  while (n < AUDIT_RECORDS) {
    const at = new Date(start + n * step + random() * step * 0.9);
    const base = {
      source: {
        ip: `198.51.100.${String(1 + Math.floor(random() * 250))}`,
        userAgent: pick(AGENTS),
      },
      requestId: `bench-${String(n + 1).padStart(6, '0')}`,
    };
    // The exchange's facts are in both organisations' records (systemAuditEntries), so 3 in 7
    // facts make 60% of the records.
    if (random() >= 3 / 7) {
      yield { at, entry: { ...factOf(random(), pick(world.users), n, at), ...base } };
      n += 1;
      continue;
    }
    const site = pick(world.exchange.sites);
    const toSponsor = random() < 0.85;
    const action = weighted(DOCUMENT_ACTIONS);
    const documentId = `doc-bench${String(n).padStart(17, '0')}`;
    // The sender's system, but for an acknowledgement (the receiver's).
    const system =
      toSponsor === (action === 'document.acknowledged')
        ? world.exchange.sponsorSystem
        : site.system;
    for (const organisationId of [site.org, world.exchange.sponsor].slice(0, AUDIT_RECORDS - n)) {
      yield {
        at,
        entry: {
          action,
          outcome: 'success',
          actor: { sub: `system:${system}`, email: null, role: null },
          target: { type: 'document', id: documentId, label: 'Delegation log, site 101' },
          organisationId,
          ...base,
          after: { documentId, apiId: `api-${system.slice(-8)}` },
        },
      };
      n += 1;
    }
  }
}

/** The trail's head as the adapter reads it (the record with the highest sequence number). */
const chainHead = async (db: DynamoDBDocumentClient, table: string) => {
  const out = await db.send(
    new QueryCommand({
      TableName: table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': AUDIT_CHAIN_PK },
      ScanIndexForward: false,
      Limit: 1,
      ConsistentRead: true,
    }),
  );
  const item = out.Items?.[0];
  if (item === undefined) return null;
  return { seq: item.seq as number, hash: item.hash as string };
};

/** The trail's records chained onto its head, a thousand at a time, and batch-written. */
export const seedAuditTrail = async (c: ConsoleInfo, world: AuditWorld) => {
  const { db, close } = localDynamo(c);
  const table = tableName('local', TABLES.audit);
  const counts = new Map<string, number>();
  try {
    const before = await chainHead(db, table);
    let head = before;
    const writer = batchWriter(db, table, IN_FLIGHT);
    let chunk: { entry: AuditEntry; at: Date }[] = [];
    const flush = async () => {
      for (const record of chainRecords(chunk, head)) {
        const item = storedItemOf(record);
        for (const view of ['gSec', 'gChg'] as const) {
          const key = item[view];
          if (typeof key === 'string') counts.set(key, (counts.get(key) ?? 0) + 1);
        }
        await writer.add(item);
        head = { seq: record.seq, hash: record.hash };
      }
      chunk = [];
    };
    for (const one of auditEntries(world)) {
      counts.set(one.entry.action, (counts.get(one.entry.action) ?? 0) + 1);
      chunk.push(one);
      if (chunk.length === 1000) await flush();
    }
    await flush();
    const written = await writer.done();
    const after = await chainHead(db, table);
    if (after?.seq !== head?.seq || after?.hash !== head?.hash) {
      throw new Error(
        `the trail's head moved while it was seeded: ${JSON.stringify(after)}, ${JSON.stringify(head)} written`,
      );
    }
    return { before: before?.seq ?? 0, written, head: head?.seq ?? 0, counts };
  } finally {
    close();
  }
};
