import * as z from 'zod';

/**
 * GuardDuty Malware Protection for S3's verdict, as EventBridge delivers it (detail-type
 * "GuardDuty Malware Protection Object Scan Result", source `aws.guardduty`), and the same
 * verdict read back from the object's `GuardDutyMalwareScanStatus` tag (the sweep's, for a lost
 * event). The offline stand-in (mock-server, clamd) emits the same event. Only the fields the hub
 * uses are required; anything else in the event is ignored; anything not of this shape is refused.
 */

/** The scan's result statuses (the event's `scanResultStatus`, the tag's value). */
export const SCAN_RESULT_STATUSES = [
  'NO_THREATS_FOUND',
  'THREATS_FOUND',
  'UNSUPPORTED',
  'ACCESS_DENIED',
  'FAILED',
] as const;
export type ScanResultStatus = (typeof SCAN_RESULT_STATUSES)[number];

export const SCAN_RESULT_DETAIL_TYPE = 'GuardDuty Malware Protection Object Scan Result';
/** The tag GuardDuty writes on each object it scanned (object tagging on in the plan). */
export const SCAN_STATUS_TAG = 'GuardDutyMalwareScanStatus';

export const scanResultEventSchema = z.object({
  id: z.string().optional(),
  'detail-type': z.literal(SCAN_RESULT_DETAIL_TYPE),
  source: z.literal('aws.guardduty'),
  time: z.string().optional(),
  detail: z.object({
    schemaVersion: z.string().optional(),
    scanStatus: z.string().optional(),
    resourceType: z.string().optional(),
    s3ObjectDetails: z.object({
      bucketName: z.string().min(1),
      objectKey: z.string().min(1),
      eTag: z.string().optional(),
      versionId: z.string().nullable().optional(),
      s3Throttled: z.boolean().optional(),
    }),
    scanResultDetails: z.object({
      scanResultStatus: z.enum(SCAN_RESULT_STATUSES),
      threats: z
        .array(z.object({ name: z.string() }))
        .nullable()
        .optional(),
    }),
  }),
});
export type ScanResultEvent = z.infer<typeof scanResultEventSchema>;

/** A verdict on one object, whichever way it came. */
export interface ScanVerdict {
  bucketName: string;
  objectKey: string;
  status: ScanResultStatus;
  /** The threats' names (THREATS_FOUND; the tag does not name them). */
  threats: string[];
}

/** The verdict an event carries; null (with the reason) for anything else. */
export const verdictOfEvent = (
  event: unknown,
): { ok: true; verdict: ScanVerdict } | { ok: false; reason: string } => {
  const parsed = scanResultEventSchema.safeParse(event);
  if (!parsed.success) {
    return { ok: false, reason: z.prettifyError(parsed.error).slice(0, 500) };
  }
  const { s3ObjectDetails, scanResultDetails } = parsed.data.detail;
  return {
    ok: true,
    verdict: {
      bucketName: s3ObjectDetails.bucketName,
      objectKey: s3ObjectDetails.objectKey,
      status: scanResultDetails.scanResultStatus,
      threats: (scanResultDetails.threats ?? []).map((t) => t.name),
    },
  };
};

/** The tag's value as a status; null when it is absent or not one GuardDuty writes. */
export const statusOfTag = (value: string | null): ScanResultStatus | null =>
  SCAN_RESULT_STATUSES.find((s) => s === value) ?? null;

/**
 * The document a records key names (records/<studyId>/<documentId>/<completion>, recordKeyOf);
 * null for any other key.
 */
export const documentIdOfKey = (objectKey: string): string | null => {
  const match = /^records\/[^/]+\/([^/]+)\/[^/]+$/.exec(objectKey);
  return match?.[1] ?? null;
};
