import { randomInt } from 'node:crypto';

/**
 * A verification code as Cognito's: six digits, here from the CSPRNG (cognito-local draws its codes
 * from Math.random).
 */
export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
