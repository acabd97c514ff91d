import { systemClock } from '../core/ports/clock';
import { auditTrail } from './dynamodb';
import { registry, registryWrites } from './registry';
import { exportsStore } from './s3';

/** The registry's kits (registry/operations.ts), each built on first use by its function. */
export const write = () => ({
  audit: auditTrail(),
  registry: registry(),
  writes: registryWrites(),
  clock: systemClock,
});

export const read = () => ({ registry: registry() });

export const exporting = () => ({
  registry: registry(),
  exports: exportsStore(),
  audit: auditTrail(),
  clock: systemClock,
});
