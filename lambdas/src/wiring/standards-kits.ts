import { registryReader } from './registry';
import { downloadDeps, standardDeps, standardRows } from './standards';

/** The mapping standards' kits (standards/operations.ts), each built on first use. */
export const read = () => ({ registry: registryReader(), rows: standardRows() });

export const write = standardDeps;

export const download = downloadDeps;

export const none = () => ({});
