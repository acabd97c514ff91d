import { lambdaLogger } from '../core/logger';
import { documentWrites } from './document-writes';
import { documentStore } from './documents';
import { publishDeps } from './standards';

/** The kits of the operations that join areas (flows/operations.ts), built on first use. */
export const publish = () => ({
  ...publishDeps(),
  release: { documents: documentStore(), writes: documentWrites() },
  logger: lambdaLogger,
});
