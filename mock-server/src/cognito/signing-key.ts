import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { calculateJwkThumbprint, type JWK } from 'jose';
import { DamagedFileError, readJsonFile, writeFileAtomic } from '../services/atomic-file.mjs';

/**
 * The key that signs every token of this offline stack: an RSA key made on first start and kept
 * in the data folder, like a user pool's own key in AWS. cognito-local ships one key for all of
 * its installations, private half included, so tokens signed with it could be forged by anyone;
 * ours is published only through the pool's JWKS.
 */
export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** The public JWK as the JWKS document lists it. */
  jwk: JWK;
}

/** In the fidelity layer's directory, beside its per-pool files. */
export const SIGNING_KEY_FILE = 'signing-key.json';
const WHAT = "the offline Cognito's token-signing key";

const fromPrivateJwk = async (privateJwk: JWK): Promise<SigningKey> => {
  const privateKey = createPrivateKey({ key: privateJwk as never, format: 'jwk' });
  const publicKey = createPublicKey(privateKey);
  const { kty, n, e } = publicKey.export({ format: 'jwk' });
  const kid = await calculateJwkThumbprint({ kty, n, e });
  return { kid, privateKey, publicKey, jwk: { kty, n, e, kid, alg: 'RS256', use: 'sig' } };
};

/**
 * The key kept in `directory`, or a new one saved there. A damaged key file stops the start: a new
 * key would silently invalidate every token issued, and the file may be worth restoring.
 */
export const loadSigningKey = async (directory: string): Promise<SigningKey> => {
  const path = join(directory, SIGNING_KEY_FILE);
  const saved = await readJsonFile(path, WHAT);
  if (saved !== undefined) {
    try {
      return await fromPrivateJwk(saved as JWK);
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      throw new DamagedFileError(path, WHAT, `is not an RSA private key (JWK): ${why}`);
    }
  }
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateJwk = privateKey.export({ format: 'jwk' });
  await mkdir(directory, { recursive: true });
  await writeFileAtomic(path, JSON.stringify(privateJwk), { mode: 0o600 });
  return fromPrivateJwk(privateJwk);
};
