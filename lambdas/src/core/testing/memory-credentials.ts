import type { ApiScope } from '@ccsc/contract/partner-api';
import { ConflictError } from '../errors';
import type { CredentialRecord, CredentialStore } from '../ports/credentials';
import type { MachineClients } from '../ports/machine-clients';

/**
 * The credential store and Cognito's machine clients in memory, with the semantics the features
 * rely on: conditional replaces on the revision, a link taken once, a client's secrets (at most
 * two, never none) and what happens when a client is deleted.
 */
export class MemoryCredentialStore implements CredentialStore {
  readonly records = new Map<string, CredentialRecord>();
  readonly uses = new Map<string, string>();

  private copy(record: CredentialRecord | undefined): CredentialRecord | null {
    if (record === undefined) return null;
    return { ...structuredClone(record), lastUsedAt: this.uses.get(record.apiId) ?? null };
  }

  get(apiId: string) {
    return Promise.resolve(this.copy(this.records.get(apiId)));
  }

  byClient(clientId: string) {
    const found = [...this.records.values()].find((r) => r.clientId === clientId);
    return Promise.resolve(this.copy(found));
  }

  all() {
    return Promise.resolve(
      [...this.records.values()]
        .sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1))
        .flatMap((r) => this.copy(r) ?? []),
    );
  }

  create(record: CredentialRecord) {
    if (this.records.has(record.apiId)) return Promise.reject(new ConflictError('taken'));
    this.records.set(record.apiId, structuredClone({ ...record, lastUsedAt: null }));
    return Promise.resolve();
  }

  replace(record: CredentialRecord, expectedRevision: number) {
    if (this.records.get(record.apiId)?.revision !== expectedRevision) {
      return Promise.reject(
        new ConflictError('The credential was changed by someone else meanwhile.'),
      );
    }
    this.records.set(record.apiId, structuredClone({ ...record, lastUsedAt: null }));
    return Promise.resolve();
  }

  redeemLink(
    apiId: string,
    tokenHash: string,
    now: Date,
    take: (record: CredentialRecord) => CredentialRecord,
  ) {
    const record = this.copy(this.records.get(apiId));
    if (record?.link?.tokenHash !== tokenHash || Date.parse(record.link.until) <= now.getTime()) {
      return Promise.resolve(null);
    }
    this.records.set(apiId, structuredClone(take(record)));
    return Promise.resolve(record);
  }

  touch(apiId: string, at: Date, everyMs: number) {
    const last = this.uses.get(apiId);
    if (last === undefined || Date.parse(last) < at.getTime() - everyMs) {
      this.uses.set(apiId, at.toISOString());
    }
    return Promise.resolve();
  }
}

interface Client {
  name: string;
  scopes: ApiScope[];
  secrets: { id: string; value: string }[];
}

export class MemoryMachineClients implements MachineClients {
  readonly clients = new Map<string, Client>();
  private n = 0;
  failCreate: Error | null = null;
  /** Calls that fail (as Cognito down would) until taken out again. */
  readonly failing = new Set<'originalSecret' | 'delete'>();

  private down(call: 'originalSecret' | 'delete'): Error | null {
    if (!this.failing.has(call)) return null;
    const err = new Error('Service unavailable.');
    err.name = 'InternalErrorException';
    return err;
  }

  private next(prefix: string) {
    this.n += 1;
    return `${prefix}${String(this.n)}`;
  }

  private client(clientId: string): Client {
    const client = this.clients.get(clientId);
    if (client === undefined) {
      const err = new Error('User pool client does not exist.');
      err.name = 'ResourceNotFoundException';
      throw err;
    }
    return client;
  }

  /** Whether `secret` is one of the client's now (what the token endpoint checks). */
  accepts(clientId: string, secret: string): boolean {
    return this.clients.get(clientId)?.secrets.some((s) => s.value === secret) ?? false;
  }

  create(name: string, scopes: readonly ApiScope[]) {
    if (this.failCreate !== null) return Promise.reject(this.failCreate);
    const clientId = this.next('client-');
    this.clients.set(clientId, {
      name,
      scopes: [...scopes],
      secrets: [{ id: `${clientId}--1`, value: this.next('secret-') }],
    });
    return Promise.resolve({ clientId });
  }

  list(prefix: string) {
    return Promise.resolve(
      [...this.clients.entries()]
        .filter(([, c]) => c.name.startsWith(prefix))
        .map(([clientId, c]) => ({ clientId, name: c.name })),
    );
  }

  exists(clientId: string) {
    return Promise.resolve(this.clients.has(clientId));
  }

  originalSecret(clientId: string) {
    const down = this.down('originalSecret');
    if (down !== null) return Promise.reject(down);
    const [first] = this.client(clientId).secrets;
    if (first === undefined) return Promise.reject(new Error('no secret'));
    return Promise.resolve(first.value);
  }

  secretIds(clientId: string) {
    return Promise.resolve(this.client(clientId).secrets.map((s) => s.id));
  }

  addSecret(clientId: string) {
    const client = this.client(clientId);
    if (client.secrets.length >= 2) {
      const err = new Error('The client has two secrets already.');
      err.name = 'LimitExceededException';
      return Promise.reject(err);
    }
    const secret = {
      id: `${clientId}--${String(client.secrets.length + 1)}`,
      value: this.next('secret-'),
    };
    client.secrets.push(secret);
    return Promise.resolve({ secretId: secret.id, value: secret.value });
  }

  deleteSecret(clientId: string, secretId: string) {
    const client = this.clients.get(clientId);
    if (client === undefined) return Promise.resolve();
    if (client.secrets.length === 1 && client.secrets[0]?.id === secretId) {
      return Promise.reject(new Error('The last secret cannot be deleted.'));
    }
    client.secrets = client.secrets.filter((s) => s.id !== secretId);
    return Promise.resolve();
  }

  delete(clientId: string) {
    const down = this.down('delete');
    if (down !== null) return Promise.reject(down);
    return Promise.resolve(this.clients.delete(clientId));
  }
}
