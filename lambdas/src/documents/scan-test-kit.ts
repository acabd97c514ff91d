import type { ScanResultStatus } from './scan-event';

/**
 * GuardDuty Malware Protection for S3's EventBridge event as AWS documents it (the fields the hub
 * reads, and the envelope around them): what the tests, here and in tests/, hand the scan
 * result's entry, as the AWS rule and the offline stand-in do.
 */
export const guardDutyScanEvent = (
  bucketName: string,
  objectKey: string,
  status: ScanResultStatus = 'NO_THREATS_FOUND',
  threats: readonly string[] = [],
) => ({
  version: '0',
  id: `scan-${objectKey}-${status}`,
  'detail-type': 'GuardDuty Malware Protection Object Scan Result',
  source: 'aws.guardduty',
  account: '111122223333',
  time: '2025-03-12T09:00:05Z',
  region: 'eu-central-1',
  resources: [
    'arn:aws:guardduty:eu-central-1:111122223333:malware-protection-plan/a4cc8b13ad34f1ed4b5b',
  ],
  detail: {
    schemaVersion: '1.0',
    scanStatus:
      status === 'NO_THREATS_FOUND' || status === 'THREATS_FOUND' ? 'COMPLETED' : 'SKIPPED',
    resourceType: 'S3_OBJECT',
    s3ObjectDetails: {
      bucketName,
      objectKey,
      eTag: '0123456789abcdef0123456789abcdef',
      versionId: 'v1',
      s3Throttled: false,
    },
    scanResultDetails: {
      scanResultStatus: status,
      threats: status === 'THREATS_FOUND' ? threats.map((name) => ({ name })) : null,
    },
  },
});
