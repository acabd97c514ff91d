import type { ApiScope } from '@ccsc/contract/partner-api';

/**
 * The machine clients behind API credentials: Cognito app clients with a secret, the
 * client_credentials grant and exactly the credential's scopes. A client holds one secret, two
 * while a rotation's grace period runs (AddUserPoolClientSecret and its kin).
 */
export interface MachineClients {
  /** A new client named `name` with a generated secret; its id (the secret is not returned). */
  create(name: string, scopes: readonly ApiScope[]): Promise<{ clientId: string }>;
  /**
   * Every app client of the pool whose name starts with `prefix` (ListUserPoolClients, every
   * page): what the reconciler compares with the credential records.
   */
  list(prefix: string): Promise<{ clientId: string; name: string }[]>;
  /** Whether the client is there (DescribeUserPoolClient). */
  exists(clientId: string): Promise<boolean>;
  /** The secret the client was created with (DescribeUserPoolClient): the first reveal. */
  originalSecret(clientId: string): Promise<string>;
  /** The client's secrets' ids, oldest first (never their values). */
  secretIds(clientId: string): Promise<string[]>;
  /** A second, generated secret: its id and value (the rotation's reveal). */
  addSecret(clientId: string): Promise<{ secretId: string; value: string }>;
  /** Deletes one secret (never the last); nothing when it is gone already. */
  deleteSecret(clientId: string, secretId: string): Promise<void>;
  /**
   * Deletes the client (its tokens are refused at the token endpoint): true if it was there,
   * false when it was gone already (nothing done).
   */
  delete(clientId: string): Promise<boolean>;
}
