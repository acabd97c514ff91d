import * as z from 'zod';

/**
 * Cognito's user names (sub), opaque to us. Apart from
 * fields.ts (which re-exports them) so that a bundle that does not read them does not carry them.
 */
export const userNameSchema = z.lazy(() =>
  z
    .string()
    .min(1)
    .max(128)
    .regex(/^[\p{L}\p{M}\p{S}\p{N}\p{P}]+$/u, 'userName is not a valid user name'),
);
