import { basename, dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { operations } from '@ccsc/contract';
import { partnerRoutes } from '@ccsc/contract/partner-api';
import { GENERATED_ENTRIES_DIR } from '@ccsc/lambdas/bundle';
import { implemented } from '@ccsc/lambdas/handlers';
import { entryFor, NOT_IMPLEMENTED_ENTRY, OPENAPI_ENTRY } from '../lib/lambda-entries';

describe('Lambda entries', () => {
  it('deploys the generated entry of exactly the operations an area declares', () => {
    for (const op of operations) {
      const entry = entryFor(op);
      if (op in implemented) {
        expect(dirname(entry), op).toBe(GENERATED_ENTRIES_DIR);
        expect(basename(entry), op).toBe(`${op.replace(/\//g, '-')}.ts`);
      } else {
        expect(entry, op).toBe(NOT_IMPLEMENTED_ENTRY);
      }
    }
  });

  it("deploys each partner call's generated entry, and the OpenAPI document's own", () => {
    for (const operation of Object.keys(partnerRoutes) as (keyof typeof partnerRoutes)[]) {
      expect(dirname(entryFor(operation)), operation).toBe(GENERATED_ENTRIES_DIR);
    }
    expect(entryFor('partner-openapi')).toBe(OPENAPI_ENTRY);
  });
});
