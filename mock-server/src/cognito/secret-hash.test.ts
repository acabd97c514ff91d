import type { AppClient } from 'cognito-local/lib/services/appClient.js';
import { describe, expect, it } from 'vitest';
import { checkSecretHash, SECRET_HASH_MESSAGES, secretHash } from './secret-hash';

describe('SECRET_HASH', () => {
  const client = (secret?: string) =>
    ({
      ClientId: 'client123',
      ClientName: 'c',
      UserPoolId: 'local_pool',
      ClientSecret: secret,
      CreationDate: new Date(0),
      LastModifiedDate: new Date(0),
    }) as AppClient;
  const secret = 'abcdef0123456789secret0123456789';
  // base64(HMAC-SHA256(key = secret, message = "alice" + "client123")), computed independently.
  const expected = 'eQlYw8sNcsycodlcDFsc3P3Gx5BmR1bnPA6i+6fu5YQ=';

  it("is Base64(HMAC-SHA256(secret, username + client id)), Cognito's formula", () => {
    expect(secretHash(secret, 'alice', 'client123')).toBe(expected);
  });

  it('accepts the right hash', () => {
    expect(() => {
      checkSecretHash(client(secret), [secret], 'alice', expected);
    }).not.toThrow();
  });

  it('accepts a hash made with any of the client’s current secrets, and none made with another', () => {
    const second = 'zyxwvu9876543210second9876543210';
    for (const key of [secret, second]) {
      expect(() => {
        checkSecretHash(
          client(secret),
          [secret, second],
          'alice',
          secretHash(key, 'alice', 'client123'),
        );
      }).not.toThrow();
    }
    // A deleted secret is no longer in the list: its hashes fail.
    expect(() => {
      checkSecretHash(client(secret), [second], 'alice', expected);
    }).toThrow(expect.objectContaining({ code: 'NotAuthorizedException' }) as Error);
  });

  it('refuses a missing hash with NotAuthorizedException, in either of Cognito’s wordings', () => {
    expect(() => {
      checkSecretHash(client(secret), [secret], 'alice', undefined);
    }).toThrow(
      expect.objectContaining({
        code: 'NotAuthorizedException',
        message: 'Client client123 is configured for secret but secret was not received',
      }) as Error,
    );
    expect(() => {
      checkSecretHash(client(secret), [secret], 'alice', undefined, 'SECRET_HASH');
    }).toThrow(
      expect.objectContaining({
        code: 'NotAuthorizedException',
        message: SECRET_HASH_MESSAGES.missing('client123', 'SECRET_HASH'),
      }) as Error,
    );
    expect(SECRET_HASH_MESSAGES.missing('client123', 'SECRET_HASH')).toBe(
      'Client client123 is configured with secret but SECRET_HASH was not received',
    );
  });

  it('refuses a wrong hash (another user, another length) with NotAuthorizedException', () => {
    for (const wrong of [secretHash(secret, 'bob', 'client123'), 'short', '']) {
      expect(() => {
        checkSecretHash(client(secret), [secret], 'alice', wrong);
      }).toThrow(
        expect.objectContaining({
          code: 'NotAuthorizedException',
          message: 'Unable to verify secret hash for client client123',
        }) as Error,
      );
    }
  });

  it('ignores SECRET_HASH for a client without a secret', () => {
    expect(() => {
      checkSecretHash(client(), [], 'alice', undefined);
    }).not.toThrow();
    expect(() => {
      checkSecretHash(client(), [], 'alice', 'anything');
    }).not.toThrow();
  });
});
