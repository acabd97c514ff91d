import { systemClock } from '../core/ports/clock';
import { auditReader, chainVerifications } from './audit';
import { auditTrail } from './dynamodb';
import { exportsStore } from './s3';

/** The audit trail's kits (audit/operations.ts), each built on first use by its function. */
export const read = () => ({ reader: auditReader() });

export const exporting = () => ({
  reader: auditReader(),
  exports: exportsStore(),
  audit: auditTrail(),
  clock: systemClock,
});

export const verify = () => ({
  reader: auditReader(),
  verifications: chainVerifications(),
  clock: systemClock,
});
