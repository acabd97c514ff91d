import { createHash, randomUUID } from 'node:crypto';

/**
 * GuardDuty Malware Protection for S3, as the offline stand-in speaks it: the object tag it
 * writes and the EventBridge event it publishes on the default bus ("GuardDuty Malware Protection
 * Object Scan Result", source aws.guardduty), field for field as AWS documents it (Monitoring S3
 * object scans with Amazon EventBridge; pinned in guardduty-event.test.ts).
 */
export const SCAN_STATUS_TAG = 'GuardDutyMalwareScanStatus';

export const SCAN_RESULT_STATUSES = [
  'NO_THREATS_FOUND',
  'THREATS_FOUND',
  'UNSUPPORTED',
  'ACCESS_DENIED',
  'FAILED',
] as const;
export type ScanResultStatus = (typeof SCAN_RESULT_STATUSES)[number];

/** The scan status each result comes with: completed, skipped (not scannable) or failed. */
export const SCAN_STATUS_OF = {
  NO_THREATS_FOUND: 'COMPLETED',
  THREATS_FOUND: 'COMPLETED',
  UNSUPPORTED: 'SKIPPED',
  ACCESS_DENIED: 'SKIPPED',
  FAILED: 'FAILED',
} as const satisfies Record<ScanResultStatus, string>;

export const SCAN_RESULT_DETAIL_TYPE = 'GuardDuty Malware Protection Object Scan Result';

export interface GuardDutyObjectScanResultEvent {
  version: '0';
  id: string;
  'detail-type': typeof SCAN_RESULT_DETAIL_TYPE;
  source: 'aws.guardduty';
  account: string;
  /** ISO 8601 to the second, as EventBridge writes it: 2024-07-19T05:10:28Z. */
  time: string;
  region: string;
  /** The malware protection plan's ARN. */
  resources: string[];
  detail: {
    schemaVersion: '1.0';
    scanStatus: (typeof SCAN_STATUS_OF)[ScanResultStatus];
    resourceType: 'S3_OBJECT';
    s3ObjectDetails: {
      bucketName: string;
      objectKey: string;
      /** Without quotes. */
      eTag: string;
      /** Only in a versioned bucket (the offline S3 keeps no versions). */
      versionId?: string;
    };
    scanResultDetails: {
      scanResultStatus: ScanResultStatus;
      /** The threats found; null when none. */
      threats: { name: string }[] | null;
    };
  };
}

/** The account the offline stack answers as in ARNs (no real account). */
export const OFFLINE_ACCOUNT = '000000000000';

/** A plan id of GuardDuty's form (20 hex digits), fixed per bucket. */
export const planArnOf = (region: string, account: string, bucket: string): string =>
  `arn:aws:guardduty:${region}:${account}:malware-protection-plan/${createHash('sha256')
    .update(bucket)
    .digest('hex')
    .slice(0, 20)}`;

export const scanResultEvent = (input: {
  region: string;
  account: string;
  bucket: string;
  key: string;
  eTag: string;
  versionId?: string;
  status: ScanResultStatus;
  threats?: readonly string[];
  now?: Date;
}): GuardDutyObjectScanResultEvent => ({
  version: '0',
  id: randomUUID(),
  'detail-type': SCAN_RESULT_DETAIL_TYPE,
  source: 'aws.guardduty',
  account: input.account,
  time: (input.now ?? new Date()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
  region: input.region,
  resources: [planArnOf(input.region, input.account, input.bucket)],
  detail: {
    schemaVersion: '1.0',
    scanStatus: SCAN_STATUS_OF[input.status],
    resourceType: 'S3_OBJECT',
    s3ObjectDetails: {
      bucketName: input.bucket,
      objectKey: input.key,
      eTag: input.eTag.replace(/^"|"$/g, ''),
      ...(input.versionId !== undefined ? { versionId: input.versionId } : {}),
    },
    scanResultDetails: {
      scanResultStatus: input.status,
      threats:
        input.threats !== undefined && input.threats.length > 0
          ? input.threats.map((name) => ({ name }))
          : null,
    },
  },
});
