import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * TOTP as authenticator apps and Cognito compute it (RFC 6238: HMAC-SHA1, 30-second steps,
 * 6 digits, base32 secrets). Verification reports the time step that matched, so a code can be
 * accepted once only.
 */
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
export const TOTP_STEP_SECONDS = 30;

export const base32Decode = (input: string): Buffer => {
  const clean = input.replace(/=+$/, '').replace(/\s/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index === -1) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
};

export const base32Encode = (bytes: Buffer): string => {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32.charAt((value >>> (bits - 5)) & 31);
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32.charAt((value << (5 - bits)) & 31);
  return out;
};

/** A new secret: 32 random bytes, base32 (Cognito's SecretCode is 52 characters like this). */
export const newTotpSecret = () => base32Encode(randomBytes(32)).slice(0, 52);

export const totpAt = (secret: string, step: number): string => {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const hmac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = (hmac[hmac.length - 1] as number) & 0xf;
  const code = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(code).padStart(6, '0');
};

/**
 * The time step whose code equals `code`, looking one step either side of `nowMs` for clock
 * drift, or undefined.
 */
export const matchTotp = (secret: string, code: string, nowMs: number): number | undefined => {
  if (!/^\d{6}$/.test(code)) return undefined;
  const current = Math.floor(nowMs / 1000 / TOTP_STEP_SECONDS);
  try {
    base32Decode(secret);
  } catch {
    return undefined;
  }
  for (const step of [current - 1, current, current + 1]) {
    if (timingSafeEqual(Buffer.from(totpAt(secret, step)), Buffer.from(code))) return step;
  }
  return undefined;
};
