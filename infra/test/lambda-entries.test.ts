import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { operations } from '@ccsc/contract';
import { implemented } from '@ccsc/lambdas/handlers';
import { entryFor, NOT_IMPLEMENTED_ENTRY } from '../lib/lambda-entries';

describe('Lambda entries', () => {
  it('deploys the own entry of exactly the operations the lambdas workspace has implemented', () => {
    for (const op of operations) {
      const entry = entryFor(op);
      if (op in implemented) {
        expect(entry, op).not.toBe(NOT_IMPLEMENTED_ENTRY);
        expect(basename(entry), op).toBe(`${op.replace(/\//g, '-')}.ts`);
      } else {
        expect(entry, op).toBe(NOT_IMPLEMENTED_ENTRY);
      }
    }
  });
});
