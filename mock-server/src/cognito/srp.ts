import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The server's half of Cognito's SRP sign-in (USER_SRP_AUTH, then PASSWORD_VERIFIER), computed
 * exactly as Amplify v6's client does its half (@aws-amplify/auth, providers/cognito/utils/srp):
 *
 *   N, g = 3072-bit MODP group of RFC 3526, g = 2      k = H(PAD(N) | PAD(g))
 *   x = H(PAD(salt) | H(poolName | userIdForSrp | ':' | password))      v = g^x
 *   B = k·v + g^b      u = H(PAD(A) | PAD(B))      S = (A·v^u)^b      (all mod N)
 *   key = HKDF-SHA256(ikm PAD(S), salt PAD(u), info 'Caldera Derived Key', 16 bytes)
 *   signature = HMAC-SHA256(key, poolName | userIdForSrp | secretBlock bytes | timestamp)
 *
 * H is SHA-256 over bytes; PAD is the hex of a positive integer made even-length and prefixed
 * with 00 when its top bit is set (Java's BigInteger.toByteArray); poolName is the user pool id
 * after its '_'. The client reads SALT and SRP_B as integers, so their leading zeros carry no
 * meaning: everything here hashes PAD of the value, never the hex as sent.
 */

const N = BigInt(
  '0xFFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E34' +
    '04DDEF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6' +
    'F406B7EDEE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A6916' +
    '3FA8FD24CF5F83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C' +
    '32905E462E36CE3BE39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA95' +
    '6AE515D2261898FA051015728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA7157' +
    '5D060C7DB3970F85A6E1E4C7ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D876' +
    '02733EC86A64521F2B18177B200CBBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E' +
    '4B82D120A93AD2CAFFFFFFFFFFFFFFFF',
);
const G = 2n;
const INFO = Buffer.from('Caldera Derived Key', 'utf8');
/** Longest SRP_A accepted, in hex digits: N takes 768; more is no client's doing. */
const MAX_A_HEX = 1024;

/** SRP_A the server must refuse (A ≡ 0 mod N, or not hex at all). */
export class SrpError extends Error {
  override name = 'SrpError';
}

/** What the server keeps between InitiateAuth and RespondToAuthChallenge. */
export interface SrpState {
  /** The user pool id's part after '_', as hashed into x and the signature. */
  readonly poolName: string;
  readonly userIdForSrp: string;
  /** The 16-byte HKDF key both sides derive, hex: all the signature check needs. */
  readonly key: string;
  /** SALT and SRP_B as sent, and SRP_A as received (for diagnostics). */
  readonly salt: string;
  readonly srpB: string;
  readonly srpA: string;
}

/** PAD: even-length hex of a non-negative integer, 00-prefixed when its top bit is set. */
const padHex = (n: bigint): string => {
  let hex = n.toString(16);
  if (hex.length % 2 !== 0) hex = `0${hex}`;
  return /^[89a-f]/.test(hex) ? `00${hex}` : hex;
};

const sha256 = (...parts: (Buffer | string)[]): Buffer => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
};

/** H over the bytes of PAD of each value, read back as an integer. */
const hashInts = (...values: bigint[]): bigint =>
  BigInt(`0x${sha256(Buffer.from(values.map(padHex).join(''), 'hex')).toString('hex')}`);

const modPow = (base: bigint, exponent: bigint, modulus: bigint): bigint => {
  let result = 1n;
  let b = base % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
    e >>= 1n;
  }
  return result;
};

const K = hashInts(N, G);

/** Cognito's pool name: the user pool id after its '_' (as Amplify splits it). */
const poolNameOf = (userPoolId: string): string => userPoolId.split('_')[1] ?? '';

/** Strict base64 (standard or URL-safe, padding optional, as Amplify reads it); null if not. */
const decodeBase64 = (text: string): Buffer | null => {
  const std = text.replace(/-/g, '+').replace(/_/g, '/');
  const padded = std + '='.repeat((4 - (std.length % 4)) % 4);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(padded) || padded.length % 4 !== 0) return null;
  const bytes = Buffer.from(padded, 'base64');
  return bytes.toString('base64') === padded ? bytes : null;
};

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;
/**
 * The shape formatSrpTimestamp produces (Amplify's, amazon-cognito-identity-js's and pycognito's);
 * anything else is refused. No clock-skew check: the caller may add one.
 */
const TIMESTAMP_RE = new RegExp(
  `^(${WEEKDAYS.join('|')}) (${MONTHS.join('|')}) ([1-9]|[12]\\d|3[01]) ` +
    '([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d UTC \\d{4}$',
);

/**
 * TIMESTAMP as Cognito's clients write it, in UTC: "Wed Sep 5 00:09:40 UTC 2018" (day of month
 * unpadded, time zero-padded), like Amplify's getNowString.
 */
export const formatSrpTimestamp = (date: Date): string => {
  const two = (n: number) => String(n).padStart(2, '0');
  const weekday = WEEKDAYS[date.getUTCDay()] ?? '';
  const month = MONTHS[date.getUTCMonth()] ?? '';
  const time = `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}`;
  return `${weekday} ${month} ${date.getUTCDate()} ${time} UTC ${date.getUTCFullYear()}`;
};

/**
 * PASSWORD_VERIFIER's parameters for SRP_A (Amplify sends `A.toString(16)`: unpadded, maybe
 * odd-length): a fresh 16-byte salt and B = k·v + g^b, with v derived from the stored password.
 * The returned state holds the session key, so b itself is not kept. Throws SrpError when SRP_A is
 * not hex or A ≡ 0 mod N.
 */
export const startSrp = (input: {
  userPoolId: string;
  userIdForSrp: string;
  password: string;
  srpA: string;
}): { salt: string; srpB: string; state: SrpState } => {
  const { userIdForSrp, password, srpA } = input;
  if (!/^[0-9a-fA-F]+$/.test(srpA) || srpA.length > MAX_A_HEX) {
    throw new SrpError('SRP_A is not a hexadecimal number');
  }
  const A = BigInt(`0x${srpA}`);
  if (A % N === 0n) throw new SrpError('SRP_A cannot be 0 mod N');

  const poolName = poolNameOf(input.userPoolId);
  const saltInt = BigInt(`0x${randomBytes(16).toString('hex')}`);
  const inner = sha256(`${poolName}${userIdForSrp}:${password}`).toString('hex');
  const x = BigInt(`0x${sha256(Buffer.from(padHex(saltInt) + inner, 'hex')).toString('hex')}`);
  const v = modPow(G, x, N);

  for (;;) {
    const b = BigInt(`0x${randomBytes(32).toString('hex')}`);
    const B = (K * v + modPow(G, b, N)) % N;
    if (B === 0n) continue;
    const u = hashInts(A, B);
    if (u === 0n) continue; // the client would refuse this B
    const S = modPow((A * modPow(v, u, N)) % N, b, N);
    const key = hkdfSync(
      'sha256',
      Buffer.from(padHex(S), 'hex'),
      Buffer.from(padHex(u), 'hex'),
      INFO,
      16,
    );
    const salt = saltInt.toString(16);
    const srpB = B.toString(16);
    return {
      salt,
      srpB,
      state: { poolName, userIdForSrp, key: Buffer.from(key).toString('hex'), salt, srpB, srpA },
    };
  }
};

/**
 * Whether PASSWORD_CLAIM_SIGNATURE proves the password: HMAC-SHA256 under the session key of
 * poolName | userIdForSrp | PASSWORD_CLAIM_SECRET_BLOCK (decoded) | TIMESTAMP, compared in constant
 * time. False for anything malformed (bad base64, odd timestamp, other pool or user); never throws
 * on client input. The caller checks that the secret block is the one it issued.
 */
export const verifyPasswordClaim = (
  state: SrpState,
  input: {
    userPoolId: string;
    userIdForSrp: string;
    secretBlock: string;
    timestamp: string;
    signature: string;
  },
): boolean => {
  if (poolNameOf(input.userPoolId) !== state.poolName) return false;
  if (input.userIdForSrp !== state.userIdForSrp) return false;
  if (!TIMESTAMP_RE.test(input.timestamp)) return false;
  const secretBlock = decodeBase64(input.secretBlock);
  const signature = decodeBase64(input.signature);
  if (!secretBlock || secretBlock.length === 0 || signature?.length !== 32) return false;
  const expected = createHmac('sha256', Buffer.from(state.key, 'hex'))
    .update(state.poolName, 'utf8')
    .update(state.userIdForSrp, 'utf8')
    .update(secretBlock)
    .update(input.timestamp, 'utf8')
    .digest();
  return timingSafeEqual(expected, signature);
};

/**
 * The client half of the exchange, computed as Amplify computes it: for tests and tools that
 * sign in without a browser (srp.test.ts checks it against Amplify's own code).
 */
export const srpClient = (userPoolId: string) => {
  const poolName = poolNameOf(userPoolId);
  let a = 0n;
  let A = 0n;
  while (A === 0n) {
    a = BigInt(`0x${randomBytes(128).toString('hex')}`) % N;
    A = modPow(G, a, N);
  }
  return {
    srpA: A.toString(16),
    /** The PASSWORD_VERIFIER ChallengeResponses (without USERNAME) for the server's parameters. */
    answer(input: {
      userIdForSrp: string;
      password: string;
      salt: string;
      srpB: string;
      secretBlock: string;
      now?: Date;
    }) {
      const B = BigInt(`0x${input.srpB}`);
      const saltInt = BigInt(`0x${input.salt}`);
      const u = hashInts(A, B);
      const inner = sha256(`${poolName}${input.userIdForSrp}:${input.password}`).toString('hex');
      const x = BigInt(`0x${sha256(Buffer.from(padHex(saltInt) + inner, 'hex')).toString('hex')}`);
      const base = (((B - K * modPow(G, x, N)) % N) + N) % N;
      const S = modPow(base, a + u * x, N);
      const key = hkdfSync(
        'sha256',
        Buffer.from(padHex(S), 'hex'),
        Buffer.from(padHex(u), 'hex'),
        INFO,
        16,
      );
      const timestamp = formatSrpTimestamp(input.now ?? new Date());
      const signature = createHmac('sha256', Buffer.from(key))
        .update(poolName, 'utf8')
        .update(input.userIdForSrp, 'utf8')
        .update(Buffer.from(input.secretBlock, 'base64'))
        .update(timestamp, 'utf8')
        .digest('base64');
      return {
        PASSWORD_CLAIM_SECRET_BLOCK: input.secretBlock,
        TIMESTAMP: timestamp,
        PASSWORD_CLAIM_SIGNATURE: signature,
      };
    },
  };
};
