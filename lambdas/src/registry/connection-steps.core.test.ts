import { describe, expect, it } from 'vitest';
import type { ConnectionSide, ConnectionStatus } from '@ccsc/contract/organisations';
import { AppError, ConflictError, ForbiddenError, NotFoundError } from '../core/errors';
import { claimKeys, type ConnectionRecord } from '../core/ports/registry';
import {
  acceptConnection,
  declineConnection,
  endConnection,
  resumeConnection,
  suspendConnection,
} from './connection-steps.core';
import {
  connection,
  countUses,
  network,
  ORG,
  STUDY,
  SYS,
  WHO,
  type Who,
} from '../core/testing/connection-test-network';

type Action = 'accept' | 'decline' | 'suspend' | 'resume' | 'end';
const CORES = {
  accept: acceptConnection,
  decline: declineConnection,
  suspend: suspendConnection,
  resume: resumeConnection,
  end: endConnection,
};

/** A connection of the main study (sponsor, CRO, site) in the given state. */
const inState = (
  status: ConnectionStatus,
  suspendedBy: ConnectionSide | null = null,
): ConnectionRecord =>
  connection('conn-1', STUDY.main, ORG.site.organisationId, {
    status,
    suspendedBy: status === 'suspended' ? (suspendedBy ?? 'sponsor') : null,
    siteSystemId: status === 'invited' || status === 'declined' ? null : SYS.site.systemId,
    revision: 4,
  });

const setUp = (record: ConnectionRecord) => {
  const net = network([{ type: 'connection', record }]);
  countUses(net.registry, [record]);
  return net;
};

const run = (
  action: Action,
  who: Who,
  deps: ReturnType<typeof network>['deps'],
  more: { revision?: number; reason?: string; siteSystemId?: string } = {},
) =>
  CORES[action](
    {
      connectionId: 'conn-1',
      revision: more.revision ?? 4,
      ...(more.reason === undefined ? {} : { reason: more.reason }),
      siteSystemId: more.siteSystemId ?? SYS.site.systemId,
    },
    WHO[who],
    deps,
  );

const TO: Record<Action, ConnectionStatus> = {
  accept: 'active',
  decline: 'declined',
  suspend: 'suspended',
  resume: 'active',
  end: 'ended',
};
const FROM: Record<Action, ConnectionStatus[]> = {
  accept: ['invited'],
  decline: ['invited'],
  suspend: ['active'],
  resume: ['suspended'],
  end: ['invited', 'active', 'suspended'],
};
const STATES: ConnectionStatus[] = ['invited', 'active', 'suspended', 'ended', 'declined'];

/**
 * Who may take each step, written out (not derived from the rule under test): the site answers
 * invitations; any party suspends and ends; who resumes depends on who suspended.
 */
const MAY: Record<Exclude<Action, 'resume'>, Who[]> = {
  accept: ['platformAdmin', 'siteAdmin'],
  decline: ['platformAdmin', 'siteAdmin'],
  suspend: ['platformAdmin', 'sponsorAdmin', 'croAdmin', 'siteAdmin'],
  end: ['platformAdmin', 'sponsorAdmin', 'croAdmin', 'siteAdmin'],
};
const MAY_RESUME: Record<ConnectionSide, Who[]> = {
  sponsor: ['platformAdmin', 'sponsorAdmin', 'croAdmin'],
  site: ['platformAdmin', 'siteAdmin'],
  platform: ['platformAdmin'],
};
const PARTY_ADMINS: Who[] = ['platformAdmin', 'sponsorAdmin', 'croAdmin', 'siteAdmin'];
const SIDE: Partial<Record<Who, ConnectionSide>> = {
  platformAdmin: 'platform',
  sponsorAdmin: 'sponsor',
  croAdmin: 'sponsor',
  siteAdmin: 'site',
};
const EVERYONE = Object.keys(WHO) as Who[];

const expected = (
  action: Action,
  state: ConnectionStatus,
  who: Who,
  suspendedBy: ConnectionSide,
): 'ok' | 403 | 404 | 409 => {
  if (who === 'otherSponsorAdmin' || who === 'unrelatedAdmin') return 404;
  if (action === 'resume') {
    if (!PARTY_ADMINS.includes(who)) return 403;
    if (state !== 'suspended') return 409;
    return MAY_RESUME[suspendedBy].includes(who) ? 'ok' : 403;
  }
  if (!MAY[action].includes(who)) return 403;
  return FROM[action].includes(state) ? 'ok' : 409;
};

const statusOf = (err: unknown): number => {
  if (err instanceof NotFoundError) return 404;
  if (err instanceof ForbiddenError) return 403;
  if (err instanceof ConflictError || (err instanceof AppError && err.code === 'CONFLICT')) {
    return 409;
  }
  throw err;
};

describe('connection steps: every step from every state, by every role and side', () => {
  const cases: [Action, ConnectionStatus, Who, ConnectionSide][] = [];
  for (const action of Object.keys(CORES) as Action[]) {
    for (const state of STATES) {
      const suspenders: ConnectionSide[] =
        state === 'suspended' ? ['sponsor', 'site', 'platform'] : ['sponsor'];
      for (const suspendedBy of suspenders) {
        for (const who of EVERYONE) cases.push([action, state, who, suspendedBy]);
      }
    }
  }

  it.each(cases)('%s from %s by %s (suspended by %s)', async (action, state, who, by) => {
    const record = inState(state, by);
    const { deps, registry, audit } = setUp(record);
    const want = expected(action, state, who, by);
    if (want !== 'ok') {
      const got = await run(action, who, deps).then(
        () => 'ok' as const,
        (err: unknown) => statusOf(err),
      );
      expect(got).toBe(want);
      // Nothing written, nothing audited.
      expect(await registry.get('connection', 'conn-1')).toEqual(record);
      expect(audit.entries).toEqual([]);
      return;
    }
    const { connection: out } = await run(action, who, deps, { reason: 'Because' });
    expect(out.status).toBe(TO[action]);
    expect(out.revision).toBe(5);
    expect(out.history).toHaveLength(record.history.length + 1);
    expect(out.history.at(-1)).toEqual({
      status: TO[action],
      at: '2025-03-01T09:00:00.000Z',
      by: WHO[who].caller.email,
      side: SIDE[who],
      reason: 'Because',
    });
    expect(out.suspendedBy).toBe(action === 'suspend' ? SIDE[who] : null);
    const stored = await registry.get('connection', 'conn-1');
    expect(stored).toMatchObject({
      status: TO[action],
      revision: 5,
      updatedBy: WHO[who].caller.email,
    });
    // One audit record (issue 37), in each party's trail: the sponsor's, the CRO's, the site's.
    expect(audit.entries.map((e) => [e.organisationId, e.alsoFor])).toEqual([
      [ORG.sponsor.organisationId, [ORG.cro.organisationId, ORG.site.organisationId]],
    ]);
    for (const entry of audit.entries) {
      expect(entry).toMatchObject({
        action: `connection.${{ accept: 'accepted', decline: 'declined', suspend: 'suspended', resume: 'resumed', end: 'ended' }[action]}`,
        outcome: 'success',
        actor: { email: WHO[who].caller.email, role: WHO[who].caller.role },
        target: { type: 'connection', id: 'conn-1', label: 'ABC-001 · Charité Berlin' },
        before: { status: state },
        after: { status: TO[action], side: SIDE[who] },
        reason: 'Because',
      });
    }
  });
});

describe('connection steps: what each step does beside its state', () => {
  it('accepting takes the site system, counts its use and names it in the audit record', async () => {
    const { deps, registry, audit } = setUp(inState('invited'));
    const { connection: out } = await run('accept', 'siteAdmin', deps);
    expect(out).toMatchObject({ siteSystemId: SYS.site.systemId, siteSystemName: 'Charité eISF' });
    expect(registry.uses.get(`system#${SYS.site.systemId}`)).toBe(1);
    expect(audit.entries[0]).toMatchObject({
      before: { status: 'invited', siteSystemId: null },
      after: { status: 'active', siteSystemId: SYS.site.systemId },
    });
    expect(audit.entries[0]?.reason).toBeUndefined();
    expect(out.history.at(-1)?.reason).toBeNull();
  });

  it("accepting refuses another organisation's system like a missing one, and an inactive one", async () => {
    for (const siteSystemId of [SYS.otherSite.systemId, 'no-such-system', SYS.sponsor.systemId]) {
      const { deps } = setUp(inState('invited'));
      await expect(run('accept', 'siteAdmin', deps, { siteSystemId })).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: [
          { path: 'siteSystemId', message: 'siteSystemId must name a system of Charité Berlin.' },
        ],
      });
    }
    const { deps, registry } = setUp(inState('invited'));
    await expect(
      run('accept', 'siteAdmin', deps, { siteSystemId: SYS.siteOff.systemId }),
    ).rejects.toMatchObject({ code: 'CONFLICT', fields: [{ path: 'siteSystemId' }] });
    expect((await registry.get('connection', 'conn-1'))?.status).toBe('invited');
  });

  it('accepting is refused when the site system is deactivated between the check and the write', async () => {
    const { deps, registry } = setUp(inState('invited'));
    const snapshot = await registry.snapshot();
    // The store changes after the core read its snapshot.
    registry.seed([{ type: 'system', record: { ...SYS.site, status: 'inactive', revision: 2 } }]);
    const stale = {
      ...deps,
      registry: { snapshot: () => Promise.resolve(snapshot), get: registry.get },
    };
    await expect(run('accept', 'siteAdmin', stale)).rejects.toThrow(
      'The system Charité eISF was deactivated meanwhile.',
    );
  });

  it.each(['end', 'decline'] as const)(
    '%s counts every use down and frees the site to be invited again',
    async (action) => {
      const record = inState(action === 'end' ? 'active' : 'invited');
      const { deps, registry } = setUp(record);
      const key = claimKeys.openConnection(STUDY.main.studyId, ORG.site.organisationId);
      expect(registry.claims.has(key)).toBe(true);
      await run(action, 'siteAdmin', deps);
      expect(registry.claims.has(key)).toBe(false);
      for (const use of [
        `study#${STUDY.main.studyId}`,
        `organisation#${ORG.sponsor.organisationId}`,
        `organisation#${ORG.cro.organisationId}`,
        `organisation#${ORG.site.organisationId}`,
        `system#${SYS.sponsor.systemId}`,
        ...(action === 'end' ? [`system#${SYS.site.systemId}`] : []),
      ]) {
        expect(registry.uses.get(use), use).toBe(0);
      }
    },
  );

  it('a stale revision is a conflict that says what the connection is now', async () => {
    const { deps } = setUp(inState('active'));
    await expect(run('suspend', 'siteAdmin', deps, { revision: 3 })).rejects.toThrow(
      'The connection was changed meanwhile: it is now active (revision 4). Reload it and try again.',
    );
  });

  it('a step that does not fit says the state', async () => {
    const { deps } = setUp(inState('ended'));
    await expect(run('suspend', 'siteAdmin', deps)).rejects.toThrow(
      'The connection is ended; it cannot be suspended (only when active).',
    );
  });

  it('a second write on the connection at the same time is refused, not lost', async () => {
    const { deps } = setUp(inState('active'));
    const [first, second] = await Promise.allSettled([
      run('suspend', 'siteAdmin', deps),
      run('end', 'sponsorAdmin', deps),
    ]);
    expect([first.status, second.status].sort()).toEqual(['fulfilled', 'rejected']);
  });

  it('resuming needs everything the connection exchanges through still active', async () => {
    const record = inState('suspended', 'site');
    const { deps, registry } = setUp(record);
    registry.seed([
      { type: 'system', record: { ...SYS.sponsor, status: 'inactive' } },
      { type: 'organisation', record: { ...ORG.cro, status: 'inactive' } },
    ]);
    await expect(run('resume', 'siteAdmin', deps)).rejects.toThrow(
      'The connection cannot be resumed while Quick CRO, the system Acme CTMS are inactive.',
    );
  });

  it('resuming is guarded against a deactivation after the check', async () => {
    const { deps, registry } = setUp(inState('suspended', 'site'));
    const snapshot = await registry.snapshot();
    registry.seed([{ type: 'organisation', record: { ...ORG.site, status: 'inactive' } }]);
    const stale = {
      ...deps,
      registry: { snapshot: () => Promise.resolve(snapshot), get: registry.get },
    };
    await expect(run('resume', 'siteAdmin', stale)).rejects.toThrow(
      'Charité Berlin was deactivated meanwhile.',
    );
  });

  it('a blank reason is no reason', async () => {
    const { deps, audit } = setUp(inState('active'));
    const { connection: out } = await run('suspend', 'sponsorAdmin', deps, { reason: '' });
    expect(out.history.at(-1)?.reason).toBeNull();
    expect(audit.entries[0]?.reason).toBeUndefined();
  });

  it('a connection without a CRO is audited in the sponsor’s and the site’s trails only', async () => {
    const record = connection('conn-1', STUDY.own, ORG.site.organisationId, { revision: 4 });
    const { deps, audit } = setUp(record);
    await run('end', 'sponsorAdmin', deps);
    expect(audit.entries.map((e) => [e.organisationId, e.alsoFor])).toEqual([
      [ORG.sponsor.organisationId, [ORG.site.organisationId]],
    ]);
  });
});
