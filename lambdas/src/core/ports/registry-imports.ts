import type { AuditEntry } from './audit-trail';
import type { RegistryChange } from './registry';

/** One part of an import: a change of at most ~40 records and the audit entries that follow it. */
export interface ImportPart {
  change: RegistryChange;
  audit: AuditEntry[];
}

/**
 * Where an import's parts wait while they are made (RegistryWrites.applyAll): written before the
 * write is journaled, so the journal's entry names the import, not its rows; kept a day at most.
 */
export interface ImportStaging {
  stage(importId: string, parts: readonly ImportPart[]): Promise<void>;
  /** A staged part, or null once cleared (staged parts outlive any import). */
  part(importId: string, index: number): Promise<ImportPart | null>;
  clear(importId: string, count: number): Promise<void>;
}
