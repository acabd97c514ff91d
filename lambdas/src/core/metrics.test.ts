import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_KINDS } from '@ccsc/contract/audit';
import {
  AUDIT_ACTION_METRICS,
  emfLine,
  PRODUCT_METRICS,
  productMetricsOf,
  USER_INDEX_DRIFT_METRIC,
} from './metrics';

const entry = (
  action: string,
  outcome: 'success' | 'failure' = 'success',
  target = 'doc-1',
  requestId = 'req-1',
) => ({ action, outcome, target: { id: target }, requestId });

describe('the product metrics of the audit trail', () => {
  it('maps only actions the lambdas write (AUDIT_ACTION_KINDS) to metrics PRODUCT_METRICS names', () => {
    const names: readonly string[] = Object.values(PRODUCT_METRICS.names);
    for (const [action, { metric }] of Object.entries(AUDIT_ACTION_METRICS)) {
      expect(Object.keys(AUDIT_ACTION_KINDS), action).toContain(action);
      expect(names, action).toContain(metric);
    }
    // Every business metric is counted from some action; AuditAppendFailures from a failed append.
    const mapped = new Set(Object.values(AUDIT_ACTION_METRICS).map((m) => m.metric));
    expect(names.filter((n) => !mapped.has(n as never))).toEqual(['AuditAppendFailures']);
  });

  it('keeps the names, namespace and dimensions infra’s alarms are written against', () => {
    expect(PRODUCT_METRICS).toMatchObject({
      namespace: 'CCSC',
      service: 'ccsc-console',
      dimension: 'Environment',
    });
    expect(Object.values(PRODUCT_METRICS.names).sort()).toEqual([
      'AuditAppendFailures',
      'CredentialsIssued',
      'DocumentsReceived',
      'DocumentsSent',
      'FailedSignIns',
      'Lockouts',
      'SignIns',
    ]);
  });

  it('counts each event once, with the outcome that makes it one', () => {
    const counts = productMetricsOf([
      entry('session.login', 'success', 'u1', 'r1'),
      entry('session.first-login', 'success', 'u2', 'r2'),
      entry('session.login-failed', 'failure', 'u3', 'r3'),
      entry('account.locked', 'success', 'u3', 'r4'),
      // The last PlatformAdmin's lockout refused, a refused credential: no event.
      entry('account.locked', 'failure', 'u4', 'r5'),
      entry('api-credential.issued', 'failure', 'sys-1', 'r6'),
      entry('api-credential.issued', 'success', 'cred-1', 'r7'),
      entry('user.created', 'success', 'u5', 'r8'),
    ]);
    expect(Object.fromEntries(counts)).toEqual({
      SignIns: 2,
      FailedSignIns: 1,
      Lockouts: 1,
      CredentialsIssued: 1,
    });
  });

  it('counts a document step once, though it is recorded in both organisations’ trails', () => {
    const bothTrails = [entry('document.sent'), entry('document.sent')];
    expect(Object.fromEntries(productMetricsOf(bothTrails))).toEqual({ DocumentsSent: 1 });
    const received = productMetricsOf([
      entry('document.received', 'success', 'doc-1'),
      entry('document.received', 'success', 'doc-1'),
      entry('document.received', 'success', 'doc-2', 'req-2'),
      // A file refused for its checksum: held, not received.
      entry('document.received', 'failure', 'doc-3', 'req-3'),
    ]);
    expect(Object.fromEntries(received)).toEqual({ DocumentsReceived: 2 });
    expect(productMetricsOf([]).size).toBe(0);
  });

  it('still writes the UserIndexDrift line an existing alarm reads', () => {
    const line = JSON.parse(emfLine(USER_INDEX_DRIFT_METRIC, 'sit', 2, new Date(0))) as unknown;
    expect(line).toEqual({
      _aws: {
        Timestamp: 0,
        CloudWatchMetrics: [
          {
            Namespace: 'CCSC/Jobs',
            Dimensions: [['Environment']],
            Metrics: [{ Name: 'UserIndexDrift', Unit: 'Count' }],
          },
        ],
      },
      Environment: 'sit',
      UserIndexDrift: 2,
    });
  });
});
