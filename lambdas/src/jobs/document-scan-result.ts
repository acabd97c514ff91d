import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import { lambdaLogger } from '../core/logger';
import { receiveScanResult, type ScanResultOutcome } from '../documents/scan-result.core';
import { lambdaEnv } from '../env';
import { withInvocation } from '../telemetry';
import { documentStore } from '../wiring/documents';
import { DOCUMENT_SCAN_WRITES } from '../documents/scan-verdict';
import { documentWrites } from '../wiring/document-writes';

/**
 * The malware scan's verdict on a kept document (issue 34): GuardDuty Malware Protection for S3's
 * EventBridge event "GuardDuty Malware Protection Object Scan Result" in AWS (the rule's
 * target), the offline stand-in's same event in mock-server. The event is parsed strictly
 * (documents/scan-event.ts) and applied as a journaled write (documents/scan-verdict.ts).
 */
export const documentScanResult = async (
  event: unknown,
): Promise<{ outcome: ScanResultOutcome; documentId: string | null }> =>
  receiveScanResult(
    event,
    {
      documents: documentStore(),
      writes: documentWrites(DOCUMENT_SCAN_WRITES),
      bucket: lambdaEnv().DOCUMENTS_BUCKET,
      logger: lambdaLogger,
    },
    { requestId: idOf(event) ?? randomUUID(), by: 'document-scan-result' },
  );

const idOf = (event: unknown): string | null =>
  typeof event === 'object' && event !== null && 'id' in event && typeof event.id === 'string'
    ? event.id
    : null;

/**
 * The EventBridge target. A verdict that came before its completion recorded the object fails
 * the invocation, so EventBridge's asynchronous retry brings it again (and the documents job's
 * sweep reads the object's tag anyway); anything else is done, applied or ignored (logged).
 */
export const handler = (event: unknown, context?: Context) =>
  withInvocation(
    context,
    { operation: 'document-scan-result', correlationId: idOf(event) },
    async () => {
      const result = await documentScanResult(event);
      if (result.outcome === 'early') {
        throw new Error(
          `scan result for ${result.documentId ?? '?'} came before its completion recorded the object; retried`,
        );
      }
      return result;
    },
  );
