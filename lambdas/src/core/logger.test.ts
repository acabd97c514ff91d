import { describe, expect, it } from 'vitest';
import { logLinesOf } from './testing/log-lines';
import { describeError, lambdaLogger } from './logger';

describe('lambdaLogger (Powertools Logger)', () => {
  it('writes one JSON line a call, with the level, the service and the detail beside them', async () => {
    const [line, ...more] = await logLinesOf(() => {
      lambdaLogger.info('user index rebuilt', { users: 3, drift: 0 });
    });
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      level: 'INFO',
      message: 'user index rebuilt',
      service: 'ccsc-console',
      users: 3,
      drift: 0,
    });
    expect(Date.parse(String(line?.timestamp))).not.toBeNaN();
  });

  it('keeps a detail that names one of its own keys, under detail_<key>, without a warning', async () => {
    const lines = await logLinesOf(() => {
      lambdaLogger.warn('refused', { message: 'the detail', level: 'x', code: 'CONFLICT' });
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'WARN',
      message: 'refused',
      detail_message: 'the detail',
      detail_level: 'x',
      code: 'CONFLICT',
    });
  });

  it('writes errors at ERROR, with describeError’s fields', async () => {
    const [line] = await logLinesOf(() => {
      lambdaLogger.error('unexpected error', describeError(new TypeError('boom')));
    });
    expect(line).toMatchObject({
      level: 'ERROR',
      message: 'unexpected error',
      errorName: 'TypeError',
      errorMessage: 'boom',
    });
    expect(String(line?.stack)).toContain('TypeError: boom');
    expect(describeError('plain')).toEqual({ error: 'plain' });
  });
});
