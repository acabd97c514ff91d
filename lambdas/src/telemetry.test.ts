import type { Context } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetContainer } from './container';
import { lambdaLogger } from './core/logger';
import { LAMBDA_ENV_NAMES } from './env';
import { logLinesOf } from './core/testing/log-lines';
import {
  countProductMetric,
  publishProductMetrics,
  scheduledJob,
  withInvocation,
} from './telemetry';

const contextOf = (awsRequestId: string): Context =>
  ({
    awsRequestId,
    functionName: 'ccsc-sit-logout',
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:us-west-2:123456789012:function:ccsc-sit-logout',
    memoryLimitInMB: '512',
  }) as Context;

beforeEach(() => {
  // A Lambda's environment (lambdaEnv(): the metrics read ENVIRONMENT_NAME when published).
  for (const name of LAMBDA_ENV_NAMES) vi.stubEnv(name, `test-${name.toLowerCase()}`);
  vi.stubEnv('ENVIRONMENT_NAME', 'sit');
  vi.stubEnv('USER_POOL_ID', 'us-west-2_abc123');
  vi.stubEnv('MAIL_FROM', 'no-reply@example.com');
  vi.stubEnv('OAUTH_TOKEN_URL', 'https://auth.example.com/oauth2/token');
  vi.stubEnv('PARTNER_API_BASE_URL', 'https://console.example.com');
  vi.stubEnv('AWS_REGION', 'us-west-2');
  // Set by Lambda for a container started on demand: Powertools' cold-start flag needs it (the
  // container's Logger is made in the first test).
  vi.stubEnv('AWS_LAMBDA_INITIALIZATION_TYPE', 'on-demand');
  resetContainer();
});

afterEach(() => {
  vi.unstubAllEnvs();
  resetContainer();
});

describe('withInvocation', () => {
  it('puts the Lambda context and the invocation’s keys on every line, then clears the keys', async () => {
    const lines = await logLinesOf(async () => {
      await withInvocation(
        contextOf('aws-req-1'),
        { operation: 'logout', correlationId: 'apigw-1' },
        () => {
          lambdaLogger.info('inside');
          return Promise.resolve();
        },
      );
      await withInvocation(
        contextOf('aws-req-2'),
        { operation: 'logout', correlationId: 'apigw-2' },
        () => {
          lambdaLogger.warn('second');
          return Promise.resolve();
        },
      );
      lambdaLogger.info('between invocations');
    });
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatchObject({
      message: 'inside',
      operation: 'logout',
      correlation_id: 'apigw-1',
      function_request_id: 'aws-req-1',
      function_name: 'ccsc-sit-logout',
      cold_start: true,
    });
    expect(lines[1]).toMatchObject({
      correlation_id: 'apigw-2',
      function_request_id: 'aws-req-2',
      cold_start: false,
    });
    expect(lines[2]).not.toHaveProperty('correlation_id');
    expect(lines[2]).not.toHaveProperty('operation');
  });

  it('publishes what the invocation counted as one EMF line, and nothing when it counted nothing', async () => {
    const lines = await logLinesOf(async () => {
      await withInvocation(undefined, { operation: 'logout', correlationId: 'r-0' }, () =>
        Promise.resolve(),
      );
      await withInvocation(undefined, { operation: 'redirectUser', correlationId: 'r-1' }, () => {
        countProductMetric('SignIns');
        countProductMetric('SignIns');
        countProductMetric('AuditAppendFailures', 3);
        return Promise.reject(new Error('published all the same'));
      }).catch(() => undefined);
    });
    expect(lines).toHaveLength(1);
    const [emf] = lines;
    expect(emf).toMatchObject({
      _aws: {
        CloudWatchMetrics: [
          {
            Namespace: 'CCSC',
            Dimensions: [['service', 'Environment']],
            Metrics: expect.arrayContaining([
              { Name: 'SignIns', Unit: 'Count' },
              { Name: 'AuditAppendFailures', Unit: 'Count' },
            ]) as unknown,
          },
        ],
      },
      service: 'ccsc-console',
      Environment: 'sit',
      AuditAppendFailures: 3,
    });
    // Two counts of one metric in one invocation: CloudWatch sums the values.
    expect(emf?.SignIns).toEqual([1, 1]);
    expect(await logLinesOf(publishProductMetrics)).toEqual([]);
    // A second invocation's metrics: one more line, and no warning (about the dimensions, say).
    const next = await logLinesOf(() =>
      withInvocation(undefined, { operation: 'accountLockout', correlationId: 'r-3' }, () => {
        countProductMetric('Lockouts');
        return Promise.resolve();
      }),
    );
    expect(next).toEqual([expect.objectContaining({ Lockouts: 1, Environment: 'sit' })]);
  });

  it('logs, never throws, when the metrics cannot be published', async () => {
    vi.stubEnv('MAIL_FROM', 'not an address');
    resetContainer();
    countProductMetric('Lockouts');
    const lines = await logLinesOf(publishProductMetrics);
    expect(lines).toEqual([
      expect.objectContaining({ level: 'WARN', message: 'product metrics could not be published' }),
    ]);
    expect(await logLinesOf(publishProductMetrics)).toEqual([]);
  });
});

describe('offline', () => {
  it('prints no metrics where POWERTOOLS_METRICS_DISABLED is set (the offline console does)', async () => {
    vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'true');
    vi.resetModules();
    const fresh = await import('./telemetry');
    const lines = await logLinesOf(() =>
      fresh.withInvocation(undefined, { operation: 'redirectUser', correlationId: 'r-2' }, () => {
        fresh.countProductMetric('SignIns');
        return Promise.resolve();
      }),
    );
    expect(lines).toEqual([]);
  });
});

describe('scheduledJob', () => {
  it('runs the job inside an invocation named after it, the event’s id as correlation id', async () => {
    const handler = scheduledJob('release-held-documents', () => {
      lambdaLogger.info('held documents released', { released: 1 });
      return Promise.resolve({ released: 1 });
    });
    let result: unknown;
    const lines = await logLinesOf(async () => {
      result = await handler({ id: 'event-1' }, contextOf('aws-job-1'));
    });
    expect(result).toEqual({ released: 1 });
    expect(lines).toEqual([
      expect.objectContaining({
        operation: 'release-held-documents',
        correlation_id: 'event-1',
        function_request_id: 'aws-job-1',
      }),
    ]);
  });
});
