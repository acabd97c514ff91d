import { registry } from './registry';
import { standardRows } from './standards';

/** The partner API's own kits (partner/operations.ts), each built on first use. */
export const read = () => ({ registry: registry() });

export const standards = () => ({ registry: registry(), rows: standardRows() });
