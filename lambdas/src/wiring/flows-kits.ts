import { lambdaLogger } from '../core/logger';
import { DOCUMENT_CHANGE_WRITES } from '../documents/document-writes';
import { documentWrites } from './document-writes';
import { routingDeps } from './documents';
import { publishDeps } from './standards';

/** The kits of the operations that join areas (flows/operations.ts), built on first use. */
export const publish = () => ({
  ...publishDeps(),
  release: { ...routingDeps(), writes: documentWrites(DOCUMENT_CHANGE_WRITES) },
  logger: lambdaLogger,
});
