import { aConnection, anOrganisation, aStudy, aSystem } from './memory-registry';
import { claimsBehaviour } from './registry-suite-claims';
import type { RegistryUnderTest } from './registry-suite-kit';
import { recordsBehaviour } from './registry-suite-records';

export { aConnection, anOrganisation, aStudy, aSystem };
export { type RegistryUnderTest, uniqueId } from './registry-suite-kit';
export { type WritesUnderTest, registryWritesBehaviour } from './registry-writes-suite';

/**
 * What every store of ports/registry.ts does, as one suite: the in-memory registry
 * (memory-registry.test.ts) and DynamoDB's (adapters/dynamodb-registry.test.ts) both run it, so
 * the core tests' fake means what production means. Its records and revisions
 * (registry-suite-records.ts), claims, guards, removals and snapshots (registry-suite-claims.ts).
 */
export const registryBehaviour = (make: () => Promise<RegistryUnderTest>) => {
  recordsBehaviour(make);
  claimsBehaviour(make);
};
