import type * as z from 'zod';
import type { AppError } from './errors';
import { type Logger } from './logger';
import type { Clock } from './ports/clock';
import type { WriteJournal } from './ports/write-journal';

/** What a journaled write is made of (journal.ts runs and registers it): its steps, its workflow. */

/** What a step sees of its write. */
export interface WriteRun<I, S, T = undefined> {
  /**
   * The write's own id (the journal entry's), the same for every run that finishes it: a step
   * marks what it changes with it, so a step run again finds its own change (done) apart from
   * someone else's (a refusal).
   */
  writeId: string;
  input: I;
  /**
   * What only the run that began the write holds, never stored (a password on its way to
   * Cognito): undefined when an interrupted write is finished, so a step that needs it must find
   * out otherwise whether it was done (Cognito's auth events, say).
   */
  transient: T | undefined;
  /** What earlier steps produced (also those done before an interruption). */
  state: S;
  /** 1 for the run that began the write; more when an interrupted write is being finished. */
  attempt: number;
  startedAt: Date;
  /** The steps done so far, in order. */
  done: readonly string[];
}

export interface Step<I, S, D, T = undefined> {
  name: string;
  /** Runs the step; what it returns is merged into the state. Must be safe to run again. */
  run(write: WriteRun<I, S, T>, deps: D): Promise<Partial<S> | undefined>;
  /**
   * A failure of this step (other than a refusal) does not fail the request: the write stays in
   * the journal and its remaining steps are finished later (keeping the user index in step).
   */
  deferrable?: boolean;
}

export interface Workflow<I, S, D, T = undefined> {
  kind: string;
  /** The stored input and state are parsed with these when an interrupted write is taken over. */
  input: z.ZodType<I>;
  state: z.ZodType<S>;
  /** The steps of this write, in order (they may depend on the input). */
  steps(input: I): Step<I, S, D, T>[];
  /**
   * A step was refused for good: undo what the steps done so far changed and record the failure.
   * The refusal then reaches the caller.
   */
  abandon(write: WriteRun<I, S, T>, deps: D, refusal: AppError): Promise<void>;
}

export type RecoveryOutcome =
  /** Every remaining step done. */
  | 'finished'
  /** Refused for good, undone, the failure recorded. */
  | 'abandoned'
  /** A step failed again (a service unavailable): left for the next try. */
  | 'left'
  /** Someone else took it over first, or it ended meanwhile. */
  | 'taken'
  /** Nothing here knows the kind, or the stored input cannot be read: left for an engineer. */
  | 'unknown';

export interface JournalDeps {
  journal: WriteJournal;
  clock: Clock;
  logger: Logger;
  newId?: () => string;
  sleep?: (ms: number) => Promise<void>;
}
