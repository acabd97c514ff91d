import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '../core/ports/audit-trail';
import { FakeAuditTrail } from '../core/testing/fakes';
import { countProductMetric } from '../telemetry';
import { MeteredAuditTrail } from './dynamodb-audit-trail';

vi.mock('../telemetry', () => ({ countProductMetric: vi.fn() }));
const counted = vi.mocked(countProductMetric);

const entry = (
  action: string,
  organisationId: string,
  outcome: AuditEntry['outcome'] = 'success',
) =>
  ({
    action,
    outcome,
    actor: null,
    target: { type: 'document', id: 'doc-1' },
    organisationId,
    source: { ip: '10.0.0.1', userAgent: null },
    requestId: 'req-1',
  }) satisfies AuditEntry;

beforeEach(() => {
  counted.mockClear();
});

describe('MeteredAuditTrail: the product metrics where audit records are appended', () => {
  it('counts a business event once its records are appended, once however many trails hold it', async () => {
    const inner = new FakeAuditTrail();
    const trail = new MeteredAuditTrail(inner);
    await trail.appendAll([
      entry('document.sent', 'org-site'),
      entry('document.sent', 'org-sponsor'),
    ]);
    await trail.append({
      ...entry('session.login', 'org-site'),
      target: { type: 'user', id: 'u1' },
    });
    await trail.append(entry('document.acknowledged', 'org-site'));
    expect(inner.actions()).toEqual([
      'document.sent',
      'document.sent',
      'session.login',
      'document.acknowledged',
    ]);
    expect(counted.mock.calls).toEqual([
      ['DocumentsSent', 1],
      ['SignIns', 1],
    ]);
  });

  it('counts each record of a failed append as AuditAppendFailures, none as an event, and rethrows', async () => {
    const inner = new FakeAuditTrail();
    inner.failWith = new Error('ProvisionedThroughputExceededException');
    const trail = new MeteredAuditTrail(inner);
    await expect(
      trail.appendAll([entry('document.received', 'org-a'), entry('document.received', 'org-b')]),
    ).rejects.toThrow('ProvisionedThroughputExceededException');
    await expect(trail.append(entry('account.locked', 'org-a'))).rejects.toThrow();
    expect(counted.mock.calls).toEqual([
      ['AuditAppendFailures', 2],
      ['AuditAppendFailures', 1],
    ]);
    await trail.appendAll([]);
    expect(counted).toHaveBeenCalledTimes(2);
  });
});
