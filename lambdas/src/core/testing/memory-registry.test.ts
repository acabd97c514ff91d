import { describe } from 'vitest';
import { FakeAuditTrail } from './fakes';
import { MemoryRegistry, MemoryRegistryWrites } from './memory-registry';
import { registryBehaviour, registryWritesBehaviour } from './registry-suite';

describe('MemoryRegistry', () => {
  registryBehaviour(() => {
    const registry = new MemoryRegistry();
    return Promise.resolve({ registry, reader: registry });
  });
  registryWritesBehaviour(() => {
    const registry = new MemoryRegistry();
    const audit = new FakeAuditTrail();
    return Promise.resolve({ writes: new MemoryRegistryWrites(registry, audit), registry, audit });
  });
});
