import { registryReader } from './registry';
import { standardRows } from './standards';

/** The partner API's own kits (partner/operations.ts), each built on first use. */
export const read = () => ({ registry: registryReader() });

export const standards = () => ({ registry: registryReader(), rows: standardRows() });
