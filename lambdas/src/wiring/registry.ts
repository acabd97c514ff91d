import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import { DynamoImportStaging } from '../adapters/dynamodb-registry-imports';
import { DynamoRegistryReader } from '../adapters/dynamodb-registry-reader';
import { DynamoRegistry } from '../adapters/dynamodb-registry';
import { dynamodb } from '../adapters/clients/dynamodb';
import { importFailureEntry, undoOf } from '../core/ports/registry-rules';
import { registryChangeSchema } from '../adapters/registry-schemas';
import {
  Journal,
  type JournalDeps,
  register,
  type RegisteredWorkflow,
  type Step,
  type Workflow,
} from '../core/journal';
import { appendEachOnce, auditEntrySchema } from '../core/journal-audit';
import {
  eventDraftSchema,
  eventGroupSchema,
  eventsOfGroups,
  eventsStep,
  groupEvents,
} from '../core/journal-events';
import type { EventDraft, EventLog } from '../core/ports/events';
import { lambdaLogger, type Logger } from '../core/logger';
import { lambdaEnv } from '../env';
import type { AuditEntry, AuditReader, AuditTrail } from '../core/ports/audit-trail';
import { type Clock, systemClock } from '../core/ports/clock';
import type { Registry, RegistryChange, RegistryWrites } from '../core/ports/registry';
import type { ImportPart, ImportStaging } from '../core/ports/registry-imports';
import { auditReader } from './audit';
import { auditTrail, writeJournal } from './dynamodb';
import { eventWriter } from './events';

/** The registry (issue 14) in the main table: records, claims, uses, the version and its log. */
export const registry = (): Registry => new DynamoRegistry(dynamodb, lambdaEnv().MAIN_TABLE);

/**
 * The registry, read only: what a function that never commits to the registry is given, so its
 * bundle carries none of the commit protocol (adapters/dynamodb-registry-reader.ts).
 */
export const registryReader = (): Pick<Registry, 'get' | 'snapshot'> =>
  new DynamoRegistryReader(dynamodb, lambdaEnv().MAIN_TABLE);

// ---------- the journaled writes (core/journal.ts) ----------

/** What the registry's writes need; the handlers and the reconciler build it the same way. */
export interface RegistryWriteDeps {
  registry: Registry;
  staging: ImportStaging;
  audit: AuditTrail;
  auditReader: Pick<AuditReader, 'readNewestFirst'>;
  events: Pick<EventLog, 'appendOnce'>;
  clock: Clock;
  logger: Logger;
}

/** Kept for the registry's callers: the one definition is core/journal-audit.ts. */
export { appendEachOnce };

export const REGISTRY_BUSY = 'Another change to this record is in progress. Try again in a moment.';

// registry.write: one change, then its audit entries.

// Lazy and pure: a function that only reads the registry (registryReader) drops the writes'
// schemas from its bundle (issue 35 measured them in every document function).
const writeInput = /* @__PURE__ */ z.lazy(() =>
  z.object({
    change: registryChangeSchema,
    audit: z.array(auditEntrySchema),
    // Issue 35: entries journaled before events existed have none.
    events: z.array(eventDraftSchema).default([]),
    // Written since issue 37: the same drafts grouped (journal-events.ts `groupEvents`).
    eventGroups: z.array(eventGroupSchema).default([]),
  }),
);
type WriteInput = z.output<typeof writeInput>;
const noState = /* @__PURE__ */ z.lazy(() => z.object({}));

export const registryWrite: Workflow<WriteInput, object, RegistryWriteDeps> = {
  kind: 'registry.write',
  input: writeInput,
  state: noState,
  steps: () => [
    {
      // Made again after an interruption, the change finds its write id on its records: done.
      name: 'commit',
      run: async ({ input }, { registry }) => {
        await registry.commit(input.change);
        return undefined;
      },
    },
    {
      // After the change: if the trail cannot take the entries now, the caller still hears that
      // the change was made, and the entries follow when the write is finished.
      name: 'audit',
      deferrable: true,
      run: async (write, deps) => {
        await appendEachOnce(deps, write, write.input.audit);
        return undefined;
      },
    },
    // The facts the change made for other organisations (issue 35), once, after its audit.
    eventsStep<WriteInput, object>((input) => [
      ...input.events,
      ...eventsOfGroups(input.eventGroups),
    ]),
  ],
  // Refused at the commit, the one step that changes anything: nothing to undo or record.
  abandon: () => Promise.resolve(),
};

// registry.import: parts staged, made one by one, each then audited; a refusal undoes them.

const importInput = /* @__PURE__ */ z.lazy(() =>
  z.object({
    subject: z.string(),
    importId: z.string(),
    parts: z.number().int().min(1),
  }),
);
type ImportInput = z.infer<typeof importInput>;

/** A part the steps need: it is staged until the write ends. */
const stagedPart = async (
  staging: ImportStaging,
  importId: string,
  i: number,
): Promise<ImportPart> => {
  const part = await staging.part(importId, i);
  if (part === null) throw new Error(`registry import ${importId}: part ${String(i)} is gone`);
  return part;
};

const commitStep = (i: number): Step<ImportInput, object, RegistryWriteDeps> => ({
  name: `commit-${String(i)}`,
  run: async ({ input }, { registry, staging }) => {
    await registry.commit((await stagedPart(staging, input.importId, i)).change);
    return undefined;
  },
});

const auditStep = (i: number, last: boolean): Step<ImportInput, object, RegistryWriteDeps> => ({
  name: `audit-${String(i)}`,
  // Only the last: a part's entries that cannot be appended now hold up the parts after it.
  ...(last ? { deferrable: true } : {}),
  run: async (write, deps) => {
    await appendEachOnce(
      deps,
      write,
      (await stagedPart(deps.staging, write.input.importId, i)).audit,
    );
    return undefined;
  },
});

export const registryImport: Workflow<ImportInput, object, RegistryWriteDeps> = {
  kind: 'registry.import',
  input: importInput,
  state: noState,
  steps: (input) => [
    ...Array.from({ length: input.parts }, (_, i) => [
      commitStep(i),
      auditStep(i, i === input.parts - 1),
    ]).flat(),
    {
      name: 'unstage',
      deferrable: true,
      run: async ({ input }, { staging }) => {
        await staging.clear(input.importId, input.parts);
        return undefined;
      },
    },
  ],
  /**
   * A part was refused: the records the parts made before it created are removed again (those
   * changed or used meanwhile are left), the failure is recorded once, saying which.
   */
  abandon: async (write, deps, refusal) => {
    const { importId, parts } = write.input;
    const staged: ImportPart[] = [];
    for (let i = 0; i < parts; i += 1) {
      const part = await deps.staging.part(importId, i);
      // Cleared: the undo was done and recorded before an interruption (clearing comes last).
      if (part === null) return;
      staged.push(part);
    }
    const made: RegistryChange[] = staged
      .filter((_, i) => write.done.includes(`commit-${String(i)}`))
      .map((p) => p.change);
    const removals = undoOf(made);
    if (removals.length > 0) {
      await deps.registry.commit({ writeId: `${importId}:undo`, puts: [], removals });
    }
    const left: typeof removals = [];
    for (const r of removals) {
      if ((await deps.registry.get(r.type, r.id)) !== null) left.push(r);
    }
    const failure = importFailureEntry(
      write.input.subject,
      staged,
      refusal,
      removals.length - left.length,
      left,
    );
    if (failure !== null) await appendEachOnce(deps, write, [failure]);
    await deps.staging.clear(importId, parts);
  },
};

export const REGISTRY_WRITES: readonly RegisteredWorkflow<RegistryWriteDeps>[] = [
  /* @__PURE__ */ register(registryWrite),
  /* @__PURE__ */ register(registryImport),
];

/** RegistryWrites through the write journal: a write cut short is finished by the same steps. */
export class JournaledRegistryWrites implements RegistryWrites {
  constructor(
    private readonly journal: Journal<RegistryWriteDeps>,
    private readonly staging: ImportStaging,
    private readonly newId: () => string = randomUUID,
  ) {}

  async apply(
    subject: string,
    change: RegistryChange,
    audit: AuditEntry[],
    events: EventDraft[] = [],
  ): Promise<void> {
    await this.journal.run(
      registryWrite,
      subject,
      // The events grouped: a standard published to thousands of partners stays a small entry.
      { change, audit, events: [], eventGroups: groupEvents(events) },
      { busyMessage: REGISTRY_BUSY },
    );
  }

  async applyAll(subject: string, parts: ImportPart[]): Promise<void> {
    if (parts.length === 0) return;
    // Staged before the write is journaled: an entry never names parts that are not there.
    const importId = this.newId();
    await this.staging.stage(importId, parts);
    await this.journal.run(
      registryImport,
      subject,
      { subject, importId, parts: parts.length },
      { busyMessage: REGISTRY_BUSY },
    );
  }
}

export const registryWriteJournal = (
  journal: Omit<JournalDeps, 'clock' | 'logger'>,
  deps: RegistryWriteDeps,
  workflows: readonly RegisteredWorkflow<RegistryWriteDeps>[] = REGISTRY_WRITES,
): Journal<RegistryWriteDeps> =>
  new Journal({ ...journal, clock: deps.clock, logger: deps.logger }, workflows, deps);

/** What every registry write needs, on DynamoDB. */
export const registryWriteDeps = (): RegistryWriteDeps => ({
  registry: registry(),
  staging: new DynamoImportStaging(dynamodb, lambdaEnv().MAIN_TABLE),
  audit: auditTrail(),
  auditReader: auditReader(),
  events: eventWriter(),
  clock: systemClock,
  logger: lambdaLogger,
});

/** The registry's writes, journaled in the main table (the handlers that change the registry). */
export const registryWrites = (): RegistryWrites => {
  const deps = registryWriteDeps();
  return new JournaledRegistryWrites(
    registryWriteJournal({ journal: writeJournal() }, deps),
    deps.staging,
  );
};
