import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type ApiFunction, routeOf } from './feature-areas';
import { LAMBDA_HANDLERS_DIR } from './paths';

/**
 * The Lambda entry of each operation, by the lambdas workspace's convention: an implemented
 * operation has its own entry `lambdas/src/handlers/<operation>.ts` ("/" in the operation becomes
 * "-": artifact/list-standards -> artifact-list-standards.ts); every other operation runs
 * `not-implemented.ts`, which answers 501 after validating. A feature lands by adding its entry
 * file (and registering it in handlers/index.ts, which a test cross-checks); infra needs no change
 * beyond the operation's row in permissions.ts.
 */
export const NOT_IMPLEMENTED_ENTRY = join(LAMBDA_HANDLERS_DIR, 'not-implemented.ts');

export const entryFileName = (operation: ApiFunction): string =>
  `${operation.replace(/\//g, '-')}.ts`;

/**
 * A partner call (and the OpenAPI document) has no stand-in: a partner route is added to the
 * contract with its handler, so a missing file stops synthesis.
 */
export const entryFor = (operation: ApiFunction): string => {
  const own = join(LAMBDA_HANDLERS_DIR, entryFileName(operation));
  if (existsSync(own)) return own;
  if (routeOf(operation)?.api !== 'console') {
    throw new Error(`The partner API's handler ${own} does not exist (lambdas/src/handlers/).`);
  }
  return NOT_IMPLEMENTED_ENTRY;
};
