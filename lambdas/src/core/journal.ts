import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import * as z from 'zod';
import { ERROR_CODES, type ErrorCode } from '@ccsc/contract/envelope';
import { AppError, ConflictError } from './errors';
import { failpoint } from './failpoints';
import { describeError } from './logger';
import type { JournalEntry } from './ports/write-journal';
import {
  type WriteRun,
  type Workflow,
  type RecoveryOutcome,
  type JournalDeps,
} from './journal-workflow';

// A workflow's parts are declared beside the journal; every write imports them from here.
export * from './journal-workflow';

/**
 * The one way a write of several steps is made crash-safe (issue 12). The intent is recorded
 * durably first (the journal entry: what the write is, with everything its steps need); then the
 * steps run one by one, each recorded when done; then the entry is removed. Every step is safe to
 * run again (idempotent), so a write cut short at any moment is finished by running its remaining
 * steps: at start-up offline, on a schedule in AWS, and whenever the next write on the same
 * subject finds it. A step refused for good (a typed error: 409, 404, 400) abandons the write:
 * the workflow puts back what its steps changed and records the failure. The audit record of the
 * outcome is written once (`recordOnce`).
 *
 * The entry is also the subject's lock: one write at a time per subject (a second waits a moment,
 * then gets 409). Its lease outlives any request (a Lambda behind API Gateway is stopped after
 * 29 s at most), so a write whose lease ran out was interrupted, and may be taken over.
 *
 * A rule that spans subjects (the last PlatformAdmin) is kept inside the one step it guards: the
 * step takes the rule's lease, checks, acts, and gives it back, so a finished-later step checks
 * the rule again like any other.
 */

/** How long a run owns its entry, renewed at every step. */
export const LEASE_MS = 30_000;
/** How long a write waits for another write on the same subject before answering 409. */
export const WAIT_FOR_SUBJECT_MS = 3_000;
const POLL_MS = 100;

export const SUBJECT_BUSY = 'Another change to this user is in progress. Try again in a moment.';

/** A workflow with its types hidden, for the registry the reconciler looks kinds up in. */
export interface RegisteredWorkflow<D> {
  kind: string;
  recover(runner: Journal<D>, entry: JournalEntry, force: boolean): Promise<RecoveryOutcome>;
}

export const register = <I, S, D, T>(workflow: Workflow<I, S, D, T>): RegisteredWorkflow<D> => ({
  kind: workflow.kind,
  recover: (runner, entry, force) => runner.recoverAs(workflow, entry, force),
});

/** Refusals are final; anything else (a service down, throttling, a bug) may pass. */
const isRefusal = (err: unknown): err is AppError =>
  err instanceof AppError &&
  err.code !== 'TOO_MANY_REQUESTS' &&
  err.code !== 'SERVICE_UNAVAILABLE' &&
  err.code !== 'INTERNAL';

/** Refusals whose write could not be undone yet (the entry stays, marked): not 'abandoned'. */
const undoPending = new WeakSet<AppError>();

/** A stored refusal's code (any other reads as a conflict). */
const ERROR_CODE_SCHEMA = z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]);

const toJson = (value: unknown): Record<string, unknown> =>
  JSON.parse(JSON.stringify(value)) as Record<string, unknown>;

export class Journal<D> {
  private readonly registry: Map<string, RegisteredWorkflow<D>>;
  private readonly newId: () => string;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(
    private readonly deps: JournalDeps,
    workflows: readonly RegisteredWorkflow<D>[],
    private readonly workflowDeps: D,
  ) {
    this.registry = new Map(workflows.map((w) => [w.kind, w]));
    this.newId = deps.newId ?? randomUUID;
    this.sleep = deps.sleep ?? ((ms) => delay(ms));
  }

  private leaseFromNow(): Date {
    return new Date(this.deps.clock.now().getTime() + LEASE_MS);
  }

  /**
   * Runs a new write on `subject`: records it, runs its steps, removes it. An interrupted write
   * found on the subject is finished first; a running one is waited for a moment (then 409).
   * Returns the state the steps produced.
   */
  async run<I, S, T = undefined>(
    workflow: Workflow<I, S, D, T>,
    subject: string,
    input: I,
    options: { busyMessage?: string; transient?: T } = {},
  ): Promise<S> {
    const busyMessage = options.busyMessage ?? SUBJECT_BUSY;
    const now = this.deps.clock.now();
    const entry: JournalEntry = {
      subject,
      id: this.newId(),
      kind: workflow.kind,
      input: toJson(input),
      state: {},
      done: [],
      startedAt: now,
      owner: this.newId(),
      leaseUntil: this.leaseFromNow(),
      attempt: 1,
    };
    const giveUpAt = now.getTime() + WAIT_FOR_SUBJECT_MS;
    for (;;) {
      const holder = await this.deps.journal.begin(entry);
      if (holder === null) break;
      await this.waitFor(holder, giveUpAt, busyMessage);
    }
    entry.startedAt = this.deps.clock.now();
    failpoint(`journal:${workflow.kind}:begun`);
    const state = workflow.state.parse({});
    return (await this.execute(workflow, entry, input, state, options.transient)).state;
  }

  /**
   * Makes sure no write is under way on `subject`: an interrupted one is finished (or undone)
   * now, a running one waited for a moment (then 409). A call that answers from what a write made
   * (a retry of it, say) calls this first, so it never answers over a half-made write.
   */
  async settle(subject: string, busyMessage = SUBJECT_BUSY): Promise<void> {
    const giveUpAt = this.deps.clock.now().getTime() + WAIT_FOR_SUBJECT_MS;
    for (;;) {
      const holder = await this.deps.journal.held(subject);
      if (holder === null) return;
      await this.waitFor(holder, giveUpAt, busyMessage);
    }
  }

  /**
   * One turn of waiting for the write that holds a subject: an interrupted one is finished first
   * (if this journal knows its kind, and so the function may take its steps; else it waits for
   * the reconciler); a running one is given a moment, then 409.
   */
  private async waitFor(holder: JournalEntry, giveUpAt: number, busyMessage: string) {
    const at = this.deps.clock.now().getTime();
    if (holder.leaseUntil.getTime() < at && this.registry.has(holder.kind)) {
      const outcome = await this.recover(holder, false);
      if (outcome === 'left' || outcome === 'unknown') {
        throw new Error(
          `write journal: an interrupted write on ${holder.subject} cannot be finished`,
        );
      }
      return;
    }
    if (at >= giveUpAt) throw new ConflictError(busyMessage);
    await this.sleep(POLL_MS);
  }

  /** Takes over and finishes one interrupted write (what `reconcile` does for each). */
  async recover(entry: JournalEntry, force: boolean): Promise<RecoveryOutcome> {
    const workflow = this.registry.get(entry.kind);
    if (workflow === undefined) {
      this.deps.logger.error('write journal: an interrupted write of an unknown kind', {
        subject: entry.subject,
        kind: entry.kind,
      });
      return 'unknown';
    }
    return workflow.recover(this, entry, force);
  }

  /** `recover` with the workflow's types known (through `register`). */
  async recoverAs<I, S, T>(
    workflow: Workflow<I, S, D, T>,
    entry: JournalEntry,
    force: boolean,
  ): Promise<RecoveryOutcome> {
    const input = workflow.input.safeParse(entry.input);
    const state = workflow.state.safeParse(entry.state);
    if (!input.success || !state.success) {
      this.deps.logger.error('write journal: an interrupted write that cannot be read', {
        subject: entry.subject,
        kind: entry.kind,
      });
      return 'unknown';
    }
    const taken = await this.deps.journal.takeOver(entry, this.newId(), this.leaseFromNow(), force);
    if (taken === null) return 'taken';
    const log = { subject: taken.subject, kind: taken.kind, id: taken.id, done: taken.done };
    if (taken.abandoning !== undefined) {
      // Refused for good before the interruption: go on undoing it, never forward.
      this.deps.logger.warn('write journal: undoing an interrupted refused write', log);
      const refusal = new AppError(
        ERROR_CODE_SCHEMA.catch('CONFLICT').parse(taken.abandoning.code),
        taken.abandoning.message,
      );
      const write = this.writeOf(taken, input.data, state.data, undefined);
      return (await this.abandon(workflow, taken, write, refusal)) ? 'abandoned' : 'left';
    }
    this.deps.logger.warn('write journal: finishing an interrupted write', log);
    try {
      const { finished } = await this.execute(workflow, taken, input.data, state.data, undefined);
      // A deferrable step failed again: the write stays for the next try (never a loop now).
      if (!finished) return 'left';
      this.deps.logger.info('write journal: an interrupted write is finished', log);
      return 'finished';
    } catch (err) {
      if (isRefusal(err) && undoPending.has(err)) return 'left';
      if (isRefusal(err)) {
        this.deps.logger.warn('write journal: an interrupted write was abandoned', {
          ...log,
          reason: err.message,
        });
        return 'abandoned';
      }
      this.deps.logger.error('write journal: an interrupted write failed again', {
        ...log,
        ...describeError(err),
      });
      return 'left';
    }
  }

  /**
   * Finishes every interrupted write: those whose lease ran out, or all of them when `force`
   * (offline at start-up, when the process that held them is gone). `theirs`: the kinds another
   * job finishes (the documents' writes, by the release job): left alone here, never "unknown".
   */
  async reconcile(
    force: boolean,
    theirs: (kind: string) => boolean = () => false,
  ): Promise<Record<RecoveryOutcome, number>> {
    const counts: Record<RecoveryOutcome, number> = {
      finished: 0,
      abandoned: 0,
      left: 0,
      taken: 0,
      unknown: 0,
    };
    for (const entry of await this.deps.journal.pending()) {
      if (!force && entry.leaseUntil.getTime() >= this.deps.clock.now().getTime()) continue;
      if (theirs(entry.kind)) continue;
      counts[await this.recover(entry, force)] += 1;
    }
    return counts;
  }

  private writeOf<I, S, T>(
    entry: JournalEntry,
    input: I,
    state: S,
    transient: T | undefined,
  ): WriteRun<I, S, T> {
    return {
      writeId: entry.id,
      input,
      transient,
      state,
      attempt: entry.attempt,
      startedAt: entry.startedAt,
      done: entry.done,
    };
  }

  private async execute<I, S, T>(
    workflow: Workflow<I, S, D, T>,
    entry: JournalEntry,
    input: I,
    state: S,
    transient: T | undefined,
  ): Promise<{ state: S; finished: boolean }> {
    const write = this.writeOf(entry, input, state, transient);
    const steps = workflow.steps(input).filter((step) => !entry.done.includes(step.name));
    for (const [i, step] of steps.entries()) {
      let produced: Partial<S> | undefined;
      try {
        produced = await step.run(write, this.workflowDeps);
      } catch (err) {
        if (isRefusal(err)) {
          // The caller hears the refusal either way; an undo that failed stays for the next try.
          if (!(await this.abandon(workflow, entry, write, err))) undoPending.add(err);
          throw err;
        }
        // Left in the journal with its lease given back: the reconciler, or the next write on the
        // subject, finishes it.
        entry.leaseUntil = this.deps.clock.now();
        await this.deps.journal.save(entry).catch(() => undefined);
        if (step.deferrable === true) {
          this.deps.logger.error('write journal: a step failed; it will be finished later', {
            subject: entry.subject,
            kind: entry.kind,
            step: step.name,
            ...describeError(err),
          });
          return { state: write.state, finished: false };
        }
        throw err;
      }
      // The step is done and the journal does not know it yet: the moment a crash test kills at.
      failpoint(`journal:${workflow.kind}:${step.name}`);
      write.state = { ...write.state, ...produced };
      entry.done = [...entry.done, step.name];
      write.done = entry.done;
      entry.state = toJson(write.state);
      if (i === steps.length - 1) break;
      entry.leaseUntil = this.leaseFromNow();
      if (!(await this.deps.journal.save(entry))) {
        throw new Error(`write journal: lost the lease of ${entry.subject}`);
      }
    }
    await this.deps.journal.finish(entry);
    return { state: write.state, finished: true };
  }

  /**
   * Undoes a write refused for good: marks the entry (so that a takeover goes on undoing), lets
   * the workflow put back what its steps changed and record the failure, removes the entry.
   * Answers whether it is done; if the undo failed, the entry stays for the next try.
   */
  private async abandon<I, S, T>(
    workflow: Workflow<I, S, D, T>,
    entry: JournalEntry,
    write: WriteRun<I, S, T>,
    refusal: AppError,
  ): Promise<boolean> {
    try {
      if (entry.abandoning === undefined) {
        entry.abandoning = { code: refusal.code, message: refusal.message };
        entry.leaseUntil = this.leaseFromNow();
        if (!(await this.deps.journal.save(entry))) {
          throw new Error(`write journal: lost the lease of ${entry.subject}`);
        }
      }
      await workflow.abandon(write, this.workflowDeps, refusal);
      await this.deps.journal.finish(entry);
      return true;
    } catch (err) {
      this.deps.logger.error('write journal: a refused write could not be undone yet', {
        subject: entry.subject,
        kind: entry.kind,
        ...describeError(err),
      });
      entry.leaseUntil = this.deps.clock.now();
      await this.deps.journal.save(entry).catch(() => undefined);
      return false;
    }
  }
}
