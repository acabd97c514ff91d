import type * as z from 'zod';
import type { routes } from '@ccsc/contract/routes';
import {
  CONNECTION_STEPS,
  type ConnectionAction,
  mayStep,
  sideOf,
  stepFits,
} from '@ccsc/contract/registry-access';
import { ConflictError, ForbiddenError } from '../core/errors';
import type { Caller, Core, RequestContext } from '../core/request';
import {
  claimKeys,
  type ConnectionRecord,
  type RegistryChange,
  type RegistrySnapshot,
  useKey,
} from '../core/ports/registry';
import {
  activeGuard,
  auditFor,
  changedValues,
  conflictOn,
  connectionTarget,
  connectionUses,
  invalidField,
  newIdOf,
  type RegistryWriteDeps,
  staleRevision,
} from './connection-writes';
import { connectionEvents } from './connection-events';
import {
  connectionNotFound,
  organisationName,
  registryActor,
  toConnection,
  viewOf,
} from './registry-view';

export type ConnectionStepDeps = RegistryWriteDeps;

type StepInput = z.output<(typeof routes)['end-connection']['request']>;

/** How each step reads in messages and in the audit trail. */
const STEP_WORDS: Record<ConnectionAction, { done: string; audit: string }> = {
  accept: { done: 'accepted', audit: 'connection.accepted' },
  decline: { done: 'declined', audit: 'connection.declined' },
  suspend: { done: 'suspended', audit: 'connection.suspended' },
  resume: { done: 'resumed', audit: 'connection.resumed' },
  end: { done: 'ended', audit: 'connection.ended' },
};

/** The steps other organisations hear of (issue 35); a suspension and a resumption are not. */
const EVENT_OF: Record<ConnectionAction, Parameters<typeof connectionEvents>[0] | null> = {
  accept: 'connection.accepted',
  decline: 'connection.declined',
  suspend: null,
  resume: null,
  end: 'connection.ended',
};

const refusal = (action: ConnectionAction, connection: ConnectionRecord): string => {
  switch (action) {
    case 'accept':
    case 'decline':
      return "Only the site's OrgAdmin or a PlatformAdmin answers an invitation to the site.";
    case 'resume':
      return connection.suspendedBy === 'platform'
        ? 'A PlatformAdmin suspended this connection; only a PlatformAdmin resumes it.'
        : `The ${String(connection.suspendedBy)} side suspended this connection; only that side ` +
            'or a PlatformAdmin resumes it.';
    case 'suspend':
    case 'end':
      return "Only the OrgAdmins of the connection's sponsor, CRO or site, or a PlatformAdmin, change it.";
  }
};

/** What one step adds to the common change: the record's new values, uses, guards, releases. */
interface StepPart {
  record?: Partial<Pick<ConnectionRecord, 'siteSystemId'>>;
  change?: Pick<RegistryChange, 'uses' | 'guards' | 'releases'>;
}

/** An ending (ended, declined): the connection no longer binds anything, and the site may be invited again. */
const closing = (connection: ConnectionRecord): StepPart => ({
  change: {
    uses: connectionUses(connection, -1),
    releases: [
      claimKeys.openConnection(connection.studyId, connection.siteOrganisationId),
      claimKeys.siteNumber(connection.studyId, connection.siteNumber),
    ],
  },
});

/**
 * One step of a connection's life (CONNECTION_STEPS), from the revision the caller saw:
 * a connection the caller does not see is answered like a missing one (404); a step their side
 * may not take is 403; a stale revision or a step that does not fit the state is 409, saying what
 * the connection is now. The step is appended to the history (who, which side, when, why), the
 * connection's revision moves on, and the audit trail of every party (sponsor, CRO, site) records
 * it with before and after.
 */
const step =
  (
    action: ConnectionAction,
    part: (
      connection: ConnectionRecord,
      snapshot: RegistrySnapshot,
      input: StepInput & { siteSystemId?: string },
    ) => StepPart,
  ) =>
  async (
    input: StepInput & { siteSystemId?: string },
    ctx: RequestContext<Caller>,
    deps: ConnectionStepDeps,
  ) => {
    const [snapshot, connection] = await Promise.all([
      deps.registry.snapshot(),
      deps.registry.get('connection', input.connectionId),
    ]);
    if (connection === null || !viewOf(ctx.caller, snapshot).connection(connection)) {
      throw connectionNotFound();
    }
    const actor = registryActor(ctx.caller);
    // Who may resume depends on who suspended, which only a suspended connection says: until it
    // is, a party's administrator is refused for the state (409), not for their side.
    const allowed =
      action === 'resume' && connection.status !== 'suspended'
        ? mayStep(actor, 'end', connection)
        : mayStep(actor, action, connection);
    if (!allowed) throw new ForbiddenError(refusal(action, connection));
    if (connection.revision !== input.revision) throw staleRevision('connection', connection);
    if (!stepFits(action, connection.status)) {
      throw new ConflictError(
        `The connection is ${connection.status}; it cannot be ${STEP_WORDS[action].done} ` +
          `(only when ${CONNECTION_STEPS[action].from.join(' or ')}).`,
      );
    }

    const { record: values = {}, change = {} } = part(connection, snapshot, input);
    const newId = newIdOf(deps);
    const writeId = newId();
    const now = deps.clock.now().toISOString();
    const to = CONNECTION_STEPS[action].to;
    const side = sideOf(actor, connection) ?? 'platform';
    const reason = input.reason === undefined || input.reason === '' ? null : input.reason;
    const updated: ConnectionRecord = {
      ...connection,
      ...values,
      status: to,
      suspendedBy: to === 'suspended' ? side : null,
      history: [...connection.history, { status: to, at: now, by: ctx.caller.email, side, reason }],
      revision: connection.revision + 1,
      writeId,
      updatedAt: now,
      updatedBy: ctx.caller.email,
    };
    const pick = (c: ConnectionRecord) => ({
      status: c.status,
      suspendedBy: c.suspendedBy,
      siteSystemId: c.siteSystemId,
    });
    const { before, after } = changedValues(pick(connection), pick(updated));
    await deps.writes.apply(
      `connection:${connection.connectionId}`,
      {
        writeId,
        puts: [
          {
            item: { type: 'connection', record: updated },
            expectedRevision: connection.revision,
          },
        ],
        ...change,
      },
      auditFor(
        ctx,
        {
          action: STEP_WORDS[action].audit,
          target: connectionTarget(connection, snapshot),
          before,
          after: { ...after, side },
          ...(reason === null ? {} : { reason }),
        },
        [
          connection.sponsorOrganisationId,
          connection.croOrganisationId,
          connection.siteOrganisationId,
        ],
      ),
      EVENT_OF[action] === null
        ? []
        : connectionEvents(
            EVENT_OF[action],
            connection,
            snapshot,
            ctx.caller.organisationId,
            reason,
          ),
    );
    return { connection: toConnection(updated, snapshot) };
  };

/**
 * accept-connection: the site (its OrgAdmin, or a PlatformAdmin) accepts an invitation with one
 * of its own active systems, which from then on counts a use of the connection.
 */
export const acceptConnection: Core<(typeof routes)['accept-connection'], ConnectionStepDeps> =
  step('accept', (connection, snapshot, input) => {
    const system =
      input.siteSystemId === undefined ? undefined : snapshot.systems.get(input.siteSystemId);
    const siteName = organisationName(snapshot, connection.siteOrganisationId);
    if (system?.organisationId !== connection.siteOrganisationId) {
      throw invalidField('siteSystemId', `siteSystemId must name a system of ${siteName}.`);
    }
    if (system.status !== 'active') {
      throw conflictOn(
        'siteSystemId',
        `The system ${system.name} is inactive; choose an active one.`,
      );
    }
    return {
      record: { siteSystemId: system.systemId },
      change: {
        uses: [{ key: useKey('system', system.systemId), by: 1 }],
        guards: [
          activeGuard(
            'system',
            system.systemId,
            `The system ${system.name} was deactivated meanwhile.`,
          ),
        ],
      },
    };
  });

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** decline-connection: the site declines an invitation (final); the site may be invited again. */
export const declineConnection: Core<(typeof routes)['decline-connection'], ConnectionStepDeps> =
  step('decline', closing);

/** suspend-connection: either side stops the exchange for a while; the history says which. */
export const suspendConnection: Core<(typeof routes)['suspend-connection'], ConnectionStepDeps> =
  step('suspend', () => ({}));

/**
 * resume-connection: the side that suspended (or a PlatformAdmin) resumes, provided everything
 * the connection exchanges through is still active: the organisations on both sides and both
 * systems (guarded, so none is deactivated between the check and the write).
 */
export const resumeConnection: Core<(typeof routes)['resume-connection'], ConnectionStepDeps> =
  step('resume', (connection, snapshot) => {
    const needed = [
      ...[
        connection.sponsorOrganisationId,
        connection.croOrganisationId,
        connection.siteOrganisationId,
      ]
        .filter((id): id is string => id !== null)
        .map((id) => ({
          type: 'organisation' as const,
          id,
          name: organisationName(snapshot, id),
          active: snapshot.organisations.get(id)?.status === 'active',
        })),
      ...[connection.sponsorSystemId, connection.siteSystemId]
        .filter((id): id is string => id !== null)
        .map((id) => ({
          type: 'system' as const,
          id,
          name: `the system ${snapshot.systems.get(id)?.name ?? id}`,
          active: snapshot.systems.get(id)?.status === 'active',
        })),
    ];
    const inactive = needed.filter((n) => !n.active).map((n) => n.name);
    if (inactive.length > 0) {
      throw new ConflictError(
        `The connection cannot be resumed while ${inactive.join(', ')} ${
          inactive.length === 1 ? 'is' : 'are'
        } inactive.`,
      );
    }
    return {
      change: {
        guards: needed.map((n) =>
          activeGuard(n.type, n.id, `${capitalised(n.name)} was deactivated meanwhile.`),
        ),
      },
    };
  });

/**
 * end-connection: either side ends a connection (an invitation not yet answered is withdrawn
 * this way); final. Its uses are counted down and the site may be invited to the study again.
 */
export const endConnection: Core<(typeof routes)['end-connection'], ConnectionStepDeps> = step(
  'end',
  closing,
);
