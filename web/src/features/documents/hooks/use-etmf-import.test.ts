import type { ImportDetail } from '@ccsc/contract/documents';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api';
import { importDetail, importId } from '../../../testing/document-fixtures';
import { type ApiAnswer, failure, loadTestRuntimeConfig, success } from '../../../testing/fake-api';
import { bodiesOf, serve } from '../../../testing/registry-kit';
import {
  ImportHeld,
  ImportStopped,
  MAX_FAILURES,
  MAX_IDLE_ANSWERS,
  backoffMs,
  importUntilDone,
  isPackageGone,
  isTransient,
} from './use-etmf-import';

beforeEach(async () => {
  await loadTestRuntimeConfig();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const ID = importId(3);

/** s3documents/import-etmf answering `importing` with `done` files gone through. */
const importing = (done: number) =>
  success({
    import: importDetail(3, {
      state: 'importing',
      completedAt: null,
      filed: done,
      alreadyFiled: 0,
      notFiled: 0,
      notFiledList: [],
    }),
  });
const completed = success({ import: importDetail(3) });

/** A 504 as API Gateway answers it when a call runs past 29 s: no envelope of ours. */
const gatewayTimeout: ApiAnswer = { status: 504, body: { message: 'Endpoint request timed out' } };
const busy = failure(
  409,
  'CONFLICT',
  'Another call is importing this package; try again in a moment.',
);
const changed = failure(409, 'CONFLICT', 'The import changed meanwhile; try again.');
const expired = failure(409, 'CONFLICT', 'The uploaded package has expired; start a new import.');

/** The answers, one per call, the last one repeated. */
const inTurn = (...answers: ApiAnswer[]) => {
  let call = 0;
  return () => answers[Math.min(call++, answers.length - 1)] ?? completed;
};

/** The loop with a clock that does not wait, but records each pause; and what it heard. */
const run = (options: { from?: number; signal?: AbortSignal } = {}) => {
  const pauses: number[] = [];
  const waits: string[] = [];
  const reports: ImportDetail[] = [];
  const done = importUntilDone(
    ID,
    (report) => reports.push(report),
    options.signal ?? new AbortController().signal,
    {
      ...(options.from === undefined ? {} : { from: options.from }),
      onWait: (reason) => waits.push(reason),
      sleep: (ms) => {
        pauses.push(ms);
        return Promise.resolve();
      },
    },
  );
  return { done, pauses, waits, reports };
};

describe('which failures are worth repeating', () => {
  it('are no answer, a server error and a 409 of another call at work; not a refusal or a package gone', () => {
    expect(isTransient(new ApiError('NETWORK_ERROR', 'Network Error', 0))).toBe(true);
    expect(isTransient(new ApiError('BAD_RESPONSE', 'Unexpected answer (HTTP 504)', 504))).toBe(
      true,
    );
    expect(isTransient(new ApiError('INTERNAL', 'Internal error', 500))).toBe(true);
    expect(
      isTransient(new ApiError('CONFLICT', 'The import changed meanwhile; try again.', 409)),
    ).toBe(true);
    expect(isTransient(new ApiError('FORBIDDEN', 'Not yours.', 403))).toBe(false);
    expect(isTransient(new ApiError('NOT_FOUND', 'No import.', 404))).toBe(false);
    expect(isTransient(new Error('boom'))).toBe(false);
    const gone = new ApiError(
      'CONFLICT',
      'The uploaded package has expired; start a new import.',
      409,
    );
    const never = new ApiError(
      'CONFLICT',
      'The package has not been uploaded yet: PUT the zip to the upload link first.',
      409,
    );
    for (const error of [gone, never]) {
      expect(isPackageGone(error)).toBe(true);
      expect(isTransient(error)).toBe(false);
    }
    expect(
      isPackageGone(new ApiError('CONFLICT', 'The import changed meanwhile; try again.', 409)),
    ).toBe(false);
  });

  it('are repeated after pauses doubling from 1 s up to 10 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(backoffMs)).toEqual([
      1000, 2000, 4000, 8000, 10_000, 10_000, 10_000,
    ]);
  });
});

describe('the import loop', () => {
  it('repeats a 504, a 409 of another call and a network failure, and goes on to the end', async () => {
    const calls = serve({
      's3documents/import-etmf': inTurn(
        importing(4),
        gatewayTimeout,
        busy,
        'network-error',
        importing(8),
        changed,
        completed,
      ),
    });
    const { done, pauses, waits, reports } = run();
    await expect(done).resolves.toMatchObject({ state: 'completed' });
    expect(bodiesOf(calls, 's3documents/import-etmf')).toHaveLength(7);
    // Three failures in a row, then (counted afresh after a success) one.
    expect(pauses).toEqual([1000, 2000, 4000, 1000]);
    expect(waits).toEqual(['failed', 'failed', 'failed', 'failed']);
    expect(reports.map((r) => r.state)).toEqual(['importing', 'importing', 'completed']);
  });

  it(`gives up after ${String(MAX_FAILURES)} failures in a row, with the last one`, async () => {
    const calls = serve({ 's3documents/import-etmf': busy });
    const { done, pauses } = run();
    await expect(done).rejects.toMatchObject({
      status: 409,
      message: 'Another call is importing this package; try again in a moment.',
    });
    expect(bodiesOf(calls, 's3documents/import-etmf')).toHaveLength(MAX_FAILURES);
    expect(pauses).toEqual([1000, 2000, 4000, 8000, 10_000]);
  });

  it('ends at once on a refusal, or when the package is gone', async () => {
    for (const answer of [failure(403, 'FORBIDDEN', 'Not yours.'), expired]) {
      const calls = serve({ 's3documents/import-etmf': answer });
      const { done, pauses } = run();
      await expect(done).rejects.toBeInstanceOf(ApiError);
      expect(bodiesOf(calls, 's3documents/import-etmf')).toHaveLength(1);
      expect(pauses).toEqual([]);
      vi.unstubAllGlobals();
    }
  });

  it('waits out answers without progress, longer each time, and goes on once it moves', async () => {
    serve({
      's3documents/import-etmf': inTurn(
        importing(4),
        importing(4),
        importing(4),
        importing(5),
        importing(5),
        completed,
      ),
    });
    const { done, pauses, waits } = run();
    await expect(done).resolves.toMatchObject({ state: 'completed' });
    // Progress starts the count again.
    expect(pauses).toEqual([1000, 2000, 1000]);
    expect(waits).toEqual(['idle', 'idle', 'idle']);
  });

  it(`says the import is held by another session after ${String(MAX_IDLE_ANSWERS)} answers without progress`, async () => {
    const calls = serve({ 's3documents/import-etmf': importing(4) });
    // The page knows where the import stood: a first answer no further is no progress.
    const { done, pauses } = run({ from: 4 });
    const held = await done.catch((error: unknown) => error);
    expect(held).toBeInstanceOf(ImportHeld);
    expect((held as ImportHeld).report.filed).toBe(4);
    expect(bodiesOf(calls, 's3documents/import-etmf')).toHaveLength(MAX_IDLE_ANSWERS);
    expect(pauses).toHaveLength(MAX_IDLE_ANSWERS - 1);
    expect(pauses.slice(0, 5)).toEqual([1000, 2000, 4000, 8000, 10_000]);
    // Long enough for the hold a call cut off leaves on the import (about 72 s) to end.
    expect(pauses.reduce((a, b) => a + b, 0)).toBeGreaterThan(72_000);
  });

  it('stops during a pause when asked, with ImportStopped', async () => {
    serve({ 's3documents/import-etmf': gatewayTimeout });
    const controller = new AbortController();
    const done = importUntilDone(ID, () => undefined, controller.signal, {
      onWait: () => {
        controller.abort();
      },
    });
    await expect(done).rejects.toBeInstanceOf(ImportStopped);
  });
});
