import type { ChainVerification } from '@ccsc/contract/audit';

/**
 * The last walk of the whole audit chain (issue 18): kept so the dashboard shows when the chain
 * was last verified, what that found and by whom, and one verification replaces the one before.
 * Not in the chain itself (a check must not change what it checks): one item in the main table.
 */
export type Verification = ChainVerification;

export interface ChainVerifications {
  /** The last verification, or null before the first. */
  last(): Promise<Verification | null>;
  /** Records a verification as the last one. */
  record(verification: Verification): Promise<void>;
}
