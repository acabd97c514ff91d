import { describe, expect, it } from 'vitest';
import { planArnOf, scanResultEvent } from './guardduty-event';

describe("GuardDuty's scan result event", () => {
  it('has the shape AWS documents, field for field', () => {
    const event = scanResultEvent({
      region: 'us-west-2',
      account: '000000000000',
      bucket: 'ccsc-local-documents',
      key: 'records/s1/d1/c1',
      eTag: '"37ec9b74a382221e088f1810af06121a"',
      status: 'THREATS_FOUND',
      threats: ['Eicar-Test-Signature'],
      now: new Date('2026-12-05T10:11:12.345Z'),
    });
    expect(event).toEqual({
      version: '0',
      id: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
      'detail-type': 'GuardDuty Malware Protection Object Scan Result',
      source: 'aws.guardduty',
      account: '000000000000',
      time: '2026-12-05T10:11:12Z',
      region: 'us-west-2',
      resources: [planArnOf('us-west-2', '000000000000', 'ccsc-local-documents')],
      detail: {
        schemaVersion: '1.0',
        scanStatus: 'COMPLETED',
        resourceType: 'S3_OBJECT',
        s3ObjectDetails: {
          bucketName: 'ccsc-local-documents',
          objectKey: 'records/s1/d1/c1',
          eTag: '37ec9b74a382221e088f1810af06121a',
        },
        scanResultDetails: {
          scanResultStatus: 'THREATS_FOUND',
          threats: [{ name: 'Eicar-Test-Signature' }],
        },
      },
    });
    expect(event.resources[0]).toMatch(
      /^arn:aws:guardduty:us-west-2:000000000000:malware-protection-plan\/[0-9a-f]{20}$/,
    );
  });

  it('says COMPLETED, SKIPPED or FAILED with each result, threats null when none', () => {
    const of = (status: Parameters<typeof scanResultEvent>[0]['status']) =>
      scanResultEvent({ region: 'r', account: 'a', bucket: 'b', key: 'k', eTag: 'e', status })
        .detail;
    expect(of('NO_THREATS_FOUND')).toMatchObject({
      scanStatus: 'COMPLETED',
      scanResultDetails: { scanResultStatus: 'NO_THREATS_FOUND', threats: null },
    });
    expect(of('UNSUPPORTED').scanStatus).toBe('SKIPPED');
    expect(of('ACCESS_DENIED').scanStatus).toBe('SKIPPED');
    expect(of('FAILED').scanStatus).toBe('FAILED');
  });
});
