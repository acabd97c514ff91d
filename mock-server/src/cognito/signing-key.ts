import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { calculateJwkThumbprint, type JWK } from 'jose';

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

const FILE = 'signing-key.json';

const fromPrivateJwk = async (privateJwk: JWK): Promise<SigningKey> => {
  const privateKey = createPrivateKey({ key: privateJwk as never, format: 'jwk' });
  const publicKey = createPublicKey(privateKey);
  const { kty, n, e } = publicKey.export({ format: 'jwk' });
  const kid = await calculateJwkThumbprint({ kty, n, e });
  return { kid, privateKey, publicKey, jwk: { kty, n, e, kid, alg: 'RS256', use: 'sig' } };
};

export const loadSigningKey = async (directory: string): Promise<SigningKey> => {
  const path = join(directory, FILE);
  try {
    return await fromPrivateJwk(JSON.parse(await readFile(path, 'utf8')) as JWK);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateJwk = privateKey.export({ format: 'jwk' });
  await mkdir(directory, { recursive: true });
  await writeFile(`${path}.tmp`, JSON.stringify(privateJwk), { mode: 0o600 });
  await rename(`${path}.tmp`, path);
  return fromPrivateJwk(privateJwk);
};
