import { describe, expect, it } from 'vitest';
import { routes } from '@ccsc/contract/routes';
import { partnerRoutes } from '@ccsc/contract/partner-api';
import { GRANT_NAMES } from '../core/grants';
import { handlers, implemented } from '../handlers';
import { declaredOperations } from './declared';

/** artifact/list-standards -> artifactListStandards: the name a newcomer looks a line up by. */
const camelCase = (operation: string) =>
  operation.replace(/[/-]([a-z0-9])/g, (_, c: string) => c.toUpperCase());

describe('the declared operations', () => {
  it('are each declared once, under the camelCase name of their operation', () => {
    const names = declaredOperations.map((d) => d.operation);
    expect(new Set(names).size).toBe(names.length);
    for (const d of declaredOperations)
      expect(d.exportName, d.operation).toBe(camelCase(d.operation));
  });

  it('are each a route of the contract, of the API it says', () => {
    for (const d of declaredOperations) {
      const route =
        d.api === 'partner'
          ? Object.values(partnerRoutes).find((r) => r.operation === d.operation)
          : Object.values(routes).find((r) => r.operation === d.operation);
      expect(route, d.operation).toBeDefined();
    }
  });

  it('include every partner call (a partner route has no 501 stand-in)', () => {
    const declared = new Set(declaredOperations.map((d) => d.operation));
    expect(Object.keys(partnerRoutes).filter((op) => !declared.has(op))).toEqual([]);
  });

  it('are what the offline console mounts: implemented exactly when declared', () => {
    const console = declaredOperations.filter((d) => d.api === 'console').map((d) => d.operation);
    expect(Object.keys(implemented).sort()).toEqual([...console].sort());
    for (const op of Object.keys(partnerRoutes)) expect(handlers, op).toHaveProperty(op);
  });

  it('name their grants from the vocabulary, each once, and use every name of it', () => {
    const vocabulary = new Set<string>(GRANT_NAMES);
    expect(vocabulary.size).toBe(GRANT_NAMES.length);
    for (const d of declaredOperations) {
      expect(new Set(d.grants).size, d.operation).toBe(d.grants.length);
      for (const g of d.grants) expect(vocabulary, d.operation).toContain(g);
    }
    const used = new Set(declaredOperations.flatMap((d) => d.grants));
    expect(GRANT_NAMES.filter((g) => !used.has(g))).toEqual([]);
  });
});
