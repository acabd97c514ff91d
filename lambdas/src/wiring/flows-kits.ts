import { lambdaLogger } from '../core/logger';
import { documentWrites } from './document-writes';
import { routingDeps } from './documents';
import { publishDeps } from './standards';

/** The kits of the operations that join areas (flows/operations.ts), built on first use. */
export const publish = () => ({
  ...publishDeps(),
  release: { ...routingDeps(), writes: documentWrites() },
  logger: lambdaLogger,
});
