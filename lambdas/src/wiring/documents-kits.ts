import { consoleDocumentDeps, exchangeDeps } from './document-writes';
import { completenessDeps, exportDeps, importDeps } from './documents';

/** The documents' kits (documents/operations.ts), each built on first use by its function. */
export const records = consoleDocumentDeps;

export const exporting = exportDeps;

export const completeness = completenessDeps;

export const importing = importDeps;

export const exchange = () => exchangeDeps();

export const send = () => exchangeDeps('send');

export const change = () => exchangeDeps('change');
