import type * as NodeCrypto from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type SrpState,
  SrpError,
  formatSrpTimestamp,
  srpClient,
  startSrp,
  verifyPasswordClaim,
} from './srp';

// node:crypto as is, except that a test may queue the bytes randomBytes hands out next (to pin the
// salt and b the server picks).
const forcedBytes = vi.hoisted(() => [] as Buffer[]);
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof NodeCrypto>();
  return {
    ...crypto,
    randomBytes: (size: number) => forcedBytes.shift() ?? crypto.randomBytes(size),
  };
});

/** The few members of Amplify's internal SRP helpers the client side below uses. */
interface AmplifyBigInteger {
  toString(radix: number): string;
}
interface AmplifySrp {
  getAuthenticationHelper(userPoolName: string): Promise<{
    A: AmplifyBigInteger;
    getPasswordAuthenticationKey(input: {
      username: string;
      password: string;
      serverBValue: AmplifyBigInteger;
      salt: AmplifyBigInteger;
    }): Promise<Uint8Array>;
  }>;
  getNowString(): string;
  getSignatureString(input: {
    userPoolName: string;
    username: string;
    challengeParameters: Record<string, string>;
    dateNow: string;
    hkdf: Uint8Array;
  }): string;
}
type BigIntegerClass = new (value: string, radix: number) => AmplifyBigInteger;

/** Amplify's SRP folder, in the @aws-amplify/auth that aws-amplify itself resolves. */
const amplifySrpDir = (): string => {
  const inAuth = 'dist/esm/providers/cognito/utils/srp';
  try {
    const amplify = createRequire(import.meta.url).resolve('aws-amplify/package.json');
    const auth = createRequire(amplify).resolve('@aws-amplify/auth/package.json');
    return join(dirname(auth), inAuth);
  } catch {
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    return join(root, 'node_modules/aws-amplify/node_modules/@aws-amplify/auth', inAuth);
  }
};

let amplify: AmplifySrp;
let BigInteger: BigIntegerClass;

beforeAll(async () => {
  const dir = amplifySrpDir();
  amplify = (await import(pathToFileURL(join(dir, 'index.mjs')).href)) as AmplifySrp;
  const bigInteger = (await import(pathToFileURL(join(dir, 'BigInteger/BigInteger.mjs')).href)) as {
    default: BigIntegerClass;
  };
  BigInteger = bigInteger.default;
});

afterEach(() => {
  forcedBytes.length = 0;
  vi.useRealTimers();
});

const POOL_ID = 'eu-west-2_AbC123xYz';
const USER = '0f6c1a2e-8d1b-4c57-9a3e-5b2f0d7c9e41';
const PASSWORD = 'Correct-Horse-7!';

interface Claim {
  userPoolId: string;
  userIdForSrp: string;
  secretBlock: string;
  timestamp: string;
  signature: string;
}

/**
 * One USER_SRP_AUTH sign-in: Amplify's client computing exactly as handlePasswordSRP and
 * handlePasswordVerifierChallenge do, against startSrp with the stored password.
 */
const signIn = async (opts: {
  clientPassword: string;
  storedPassword?: string;
  userPoolId?: string;
  userIdForSrp?: string;
  dateNow?: string;
  mangleA?: (a: string) => string;
}) => {
  const userPoolId = opts.userPoolId ?? POOL_ID;
  const userIdForSrp = opts.userIdForSrp ?? USER;
  const userPoolName = userPoolId.split('_')[1] ?? '';
  const helper = await amplify.getAuthenticationHelper(userPoolName);
  const srpA = helper.A.toString(16);

  const started = startSrp({
    userPoolId,
    userIdForSrp,
    password: opts.storedPassword ?? PASSWORD,
    srpA: opts.mangleA ? opts.mangleA(srpA) : srpA,
  });
  const challengeParameters = {
    SALT: started.salt,
    SRP_B: started.srpB,
    SECRET_BLOCK: Buffer.from(`session-${Math.random().toString()}`).toString('base64'),
    USER_ID_FOR_SRP: userIdForSrp,
    USERNAME: userIdForSrp,
  };

  const hkdf = await helper.getPasswordAuthenticationKey({
    username: userIdForSrp,
    password: opts.clientPassword,
    serverBValue: new BigInteger(challengeParameters.SRP_B, 16),
    salt: new BigInteger(challengeParameters.SALT, 16),
  });
  const dateNow = opts.dateNow ?? amplify.getNowString();
  const claim: Claim = {
    userPoolId,
    userIdForSrp,
    secretBlock: challengeParameters.SECRET_BLOCK,
    timestamp: dateNow,
    signature: amplify.getSignatureString({
      userPoolName,
      username: userIdForSrp,
      challengeParameters,
      dateNow,
      hkdf,
    }),
  };
  return { started, state: started.state, claim, srpA };
};

/** Flips one bit of a base64 value's bytes. */
const flipBit = (base64: string, byte = 0): string => {
  const bytes = Buffer.from(base64, 'base64');
  bytes[byte] = (bytes[byte] ?? 0) ^ 1;
  return bytes.toString('base64');
};

const N_HEX =
  'FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E34' +
  '04DDEF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6' +
  'F406B7EDEE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A6916' +
  '3FA8FD24CF5F83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C' +
  '32905E462E36CE3BE39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA95' +
  '6AE515D2261898FA051015728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA7157' +
  '5D060C7DB3970F85A6E1E4C7ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D876' +
  '02733EC86A64521F2B18177B200CBBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E' +
  '4B82D120A93AD2CAFFFFFFFFFFFFFFFF';
const N = BigInt(`0x${N_HEX}`);

describe('SRP against Amplify v6 client code', () => {
  it('uses the same N as Amplify', async () => {
    const constants = (await import(
      pathToFileURL(join(amplifySrpDir(), 'constants.mjs')).href
    )) as { INIT_N: string };
    expect(constants.INIT_N).toBe(N_HEX);
  });

  it('accepts the signature of the right password, sign-in after sign-in', async () => {
    for (let i = 0; i < 3; i++) {
      const { started, state, claim } = await signIn({ clientPassword: PASSWORD });
      expect(started.salt).toMatch(/^[0-9a-f]+$/);
      expect(started.srpB).toMatch(/^[0-9a-f]+$/);
      expect(verifyPasswordClaim(state, claim)).toBe(true);
    }
  });

  it('hashes salt and B by value: high bit set, leading zero bytes', async () => {
    // Queued: the salt (16 bytes), then b (32 bytes).
    const salts = [
      Buffer.from('80'.padEnd(32, '1'), 'hex'),
      Buffer.from('0000ff'.padEnd(32, '2'), 'hex'),
      Buffer.alloc(16, 0xff),
    ];
    for (const salt of salts) {
      forcedBytes.push(salt);
      const { started, state, claim } = await signIn({ clientPassword: PASSWORD });
      expect(BigInt(`0x${started.salt}`)).toBe(BigInt(`0x${salt.toString('hex')}`));
      expect(verifyPasswordClaim(state, claim)).toBe(true);
    }
  });

  it('reads SRP_A by value (leading zeros, upper case)', async () => {
    const { state, claim } = await signIn({
      clientPassword: PASSWORD,
      mangleA: (a) => `000${a.toUpperCase()}`,
    });
    expect(verifyPasswordClaim(state, claim)).toBe(true);
  });

  it('hashes pool name, user and password as UTF-8', async () => {
    const password = 'pässwörd-✓-密码';
    const { state, claim } = await signIn({
      clientPassword: password,
      storedPassword: password,
      userIdForSrp: 'jürgen@example.com',
    });
    expect(verifyPasswordClaim(state, claim)).toBe(true);
  });

  it('refuses the wrong password', async () => {
    const { state, claim } = await signIn({ clientPassword: `${PASSWORD}x` });
    expect(verifyPasswordClaim(state, claim)).toBe(false);
  });

  it('refuses tampered secret block, timestamp or signature', async () => {
    const { state, claim } = await signIn({ clientPassword: PASSWORD });
    expect(verifyPasswordClaim(state, claim)).toBe(true);
    expect(verifyPasswordClaim(state, { ...claim, secretBlock: flipBit(claim.secretBlock) })).toBe(
      false,
    );
    const later = formatSrpTimestamp(new Date(Date.now() + 1000));
    const other = later === claim.timestamp ? formatSrpTimestamp(new Date(0)) : later;
    expect(verifyPasswordClaim(state, { ...claim, timestamp: other })).toBe(false);
    expect(verifyPasswordClaim(state, { ...claim, signature: flipBit(claim.signature, 31) })).toBe(
      false,
    );
  });

  it('refuses a claim for another pool or user', async () => {
    const { state, claim } = await signIn({ clientPassword: PASSWORD });
    expect(verifyPasswordClaim(state, { ...claim, userPoolId: 'eu-west-2_Other' })).toBe(false);
    expect(verifyPasswordClaim(state, { ...claim, userIdForSrp: 'someone-else' })).toBe(false);
  });

  it('refuses malformed input without throwing', async () => {
    const { state, claim } = await signIn({ clientPassword: PASSWORD });
    const bad: Partial<Claim>[] = [
      { signature: '' },
      { signature: '!!!not base64!!!' },
      { signature: claim.signature.slice(0, -4) },
      { signature: `${claim.signature}AAAA` },
      { signature: claim.signature.replace(/=+$/, 'A=') },
      { secretBlock: '' },
      { secretBlock: '%%%%' },
      { secretBlock: `${claim.secretBlock}*` },
      { timestamp: '' },
      { timestamp: `${claim.timestamp} ` },
      { timestamp: 'not a date' },
    ];
    for (const change of bad) {
      expect(verifyPasswordClaim(state, { ...claim, ...change })).toBe(false);
    }
    const broken: SrpState = { ...state, key: 'zz' };
    expect(verifyPasswordClaim(broken, claim)).toBe(false);
  });

  it('refuses a correctly signed but malformed timestamp (zero-padded day)', async () => {
    const { state, claim } = await signIn({
      clientPassword: PASSWORD,
      dateNow: 'Wed Sep 05 00:09:40 UTC 2018',
    });
    expect(verifyPasswordClaim(state, claim)).toBe(false);
  });

  it('refuses A ≡ 0 (mod N) and A that is not hex, with SrpError', () => {
    const start = (srpA: string) => () =>
      startSrp({ userPoolId: POOL_ID, userIdForSrp: USER, password: PASSWORD, srpA });
    for (const a of [0n, N, 2n * N]) {
      expect(start(a.toString(16))).toThrow(SrpError);
    }
    expect(start('000')).toThrow(SrpError);
    expect(start('')).toThrow(SrpError);
    expect(start('xyz')).toThrow(SrpError);
    expect(start('0x1234')).toThrow(SrpError);
    expect(start('f'.repeat(5000))).toThrow(SrpError);
  });
});

describe('our client half (srpClient, for tests and tools)', () => {
  it('proves the right password to the server and not a wrong one', () => {
    const userPoolId = 'local_AbC123';
    for (const password of ['Right-password-1', 'Wrong-password-1']) {
      const client = srpClient(userPoolId);
      const started = startSrp({
        userPoolId,
        userIdForSrp: 'sub-1',
        password: 'Right-password-1',
        srpA: client.srpA,
      });
      const answer = client.answer({
        userIdForSrp: 'sub-1',
        password,
        salt: started.salt,
        srpB: started.srpB,
        secretBlock: Buffer.from('opaque session').toString('base64'),
      });
      const ok = verifyPasswordClaim(started.state, {
        userPoolId,
        userIdForSrp: 'sub-1',
        secretBlock: answer.PASSWORD_CLAIM_SECRET_BLOCK,
        timestamp: answer.TIMESTAMP,
        signature: answer.PASSWORD_CLAIM_SIGNATURE,
      });
      expect(ok).toBe(password === 'Right-password-1');
    }
  });
});

describe('formatSrpTimestamp', () => {
  it('writes dates as Cognito expects', () => {
    expect(formatSrpTimestamp(new Date(Date.UTC(2018, 8, 5, 0, 9, 40)))).toBe(
      'Wed Sep 5 00:09:40 UTC 2018',
    );
    expect(formatSrpTimestamp(new Date(Date.UTC(2024, 11, 31, 23, 59, 59)))).toBe(
      'Tue Dec 31 23:59:59 UTC 2024',
    );
  });

  it("matches Amplify's getNowString", () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    for (const at of [
      Date.UTC(2018, 8, 5, 0, 9, 40),
      Date.UTC(2025, 0, 1, 0, 0, 0),
      Date.UTC(2031, 1, 28, 9, 5, 7),
      Date.UTC(2024, 6, 14, 13, 30, 9),
    ]) {
      vi.setSystemTime(at);
      expect(formatSrpTimestamp(new Date())).toBe(amplify.getNowString());
    }
  });
});
