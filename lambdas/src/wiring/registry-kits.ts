import { systemClock } from '../core/ports/clock';
import { auditTrail } from './dynamodb';
import { registryReader, registryWrites } from './registry';
import { exportsStore } from './s3';

/** The registry's kits (registry/operations.ts), each built on first use by its function. */
export const write = () => ({
  audit: auditTrail(),
  registry: registryReader(),
  writes: registryWrites(),
  clock: systemClock,
});

export const read = () => ({ registry: registryReader() });

export const exporting = () => ({
  registry: registryReader(),
  exports: exportsStore(),
  audit: auditTrail(),
  clock: systemClock,
});
