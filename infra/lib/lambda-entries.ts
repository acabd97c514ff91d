import { join } from 'node:path';
import { declaredEntryOf } from '@ccsc/lambdas/bundle';
import { type ApiFunction, OPENAPI_FUNCTION, routeOf } from './feature-areas';
import { LAMBDA_HANDLERS_DIR } from './paths';

/**
 * The Lambda entry of each function. An operation some area's table declares
 * (lambdas/src/<area>/operations.ts) runs the entry generated from its declaration
 * (`@ccsc/lambdas/bundle`, under lambdas/dist/entries/, never committed); every other console
 * operation runs `not-implemented.ts`, which answers 501 after validating. A feature lands by its
 * line in its area's table; infra needs no change (its IAM row follows from the grants the line
 * names, operation-permissions.ts) unless it needs a grant no name says yet.
 */
export const NOT_IMPLEMENTED_ENTRY = join(LAMBDA_HANDLERS_DIR, 'not-implemented.ts');

/** The partner API's OpenAPI document: no operation of an area, its entry is written. */
export const OPENAPI_ENTRY = join(LAMBDA_HANDLERS_DIR, 'partner-openapi.ts');

/**
 * A partner call (and the OpenAPI document) has no stand-in: a partner route is added to the
 * contract with its declaration, so a missing one stops synthesis.
 */
export const entryFor = (operation: ApiFunction): string => {
  if (operation === OPENAPI_FUNCTION) return OPENAPI_ENTRY;
  const declared = declaredEntryOf(operation);
  if (declared !== undefined) return declared;
  if (routeOf(operation)?.api !== 'console') {
    throw new Error(
      `The partner call ${operation} is declared in no lambdas/src/<area>/operations.ts.`,
    );
  }
  return NOT_IMPLEMENTED_ENTRY;
};
