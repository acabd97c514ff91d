import { generateSecret, verifySync } from 'otplib';

/**
 * TOTP as authenticator apps and Cognito compute it (RFC 6238: HMAC-SHA1, 30-second steps,
 * 6 digits, base32 secrets), through otplib rather than our own HMAC and base32. Verification
 * reports the time step that matched, so a code can be accepted once only.
 */
export const TOTP_STEP_SECONDS = 30;

/** Cognito's parameters, spelled out so an otplib default that changes cannot change them. */
const COGNITO_TOTP = { algorithm: 'sha1', digits: 6, period: TOTP_STEP_SECONDS } as const;

/** A new secret: 32 random bytes, base32 unpadded (Cognito's SecretCode is 52 characters). */
export const newTotpSecret = (): string => generateSecret({ length: 32 });

/**
 * The time step whose code equals `code`, looking one step either side of `nowMs` for clock
 * drift (a tolerance of one period reaches exactly the neighbouring steps), or undefined.
 */
export const matchTotp = (secret: string, code: string, nowMs: number): number | undefined => {
  if (!/^\d{6}$/.test(code)) return undefined;
  try {
    const epoch = Math.floor(nowMs / 1000);
    const result = verifySync({
      ...COGNITO_TOTP,
      secret,
      token: code,
      epoch,
      epochTolerance: TOTP_STEP_SECONDS,
    });
    // `delta` is how many steps from the current one the code's step lies.
    return result.valid ? Math.floor(epoch / TOTP_STEP_SECONDS) + result.delta : undefined;
  } catch {
    // A stored secret otplib refuses (not base32, too short) matches no code.
    return undefined;
  }
};
