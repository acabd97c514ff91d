/**
 * The password policy of SPEC §5, stated once. The web form's rule list, the server's
 * `newPasswordSchema`, the Cognito pool in infra and the offline pool the mock server provisions
 * are all made from this constant, so they cannot drift apart.
 */
export const PASSWORD_POLICY = {
  minLength: 8,
  /** Our own upper bound (Cognito allows up to 256); long enough for any passphrase manager. */
  maxLength: 64,
  requireUppercase: true,
  requireLowercase: true,
  requireDigits: true,
  requireSymbols: false,
  /** Days a temporary password from an invitation stays valid. */
  temporaryPasswordValidityDays: 7,
} as const;

/** The policy as CreateUserPool / UpdateUserPool take it (Policies.PasswordPolicy). */
export const cognitoPasswordPolicy = (
  temporaryPasswordValidityDays: number = PASSWORD_POLICY.temporaryPasswordValidityDays,
) => ({
  MinimumLength: PASSWORD_POLICY.minLength,
  RequireUppercase: PASSWORD_POLICY.requireUppercase,
  RequireLowercase: PASSWORD_POLICY.requireLowercase,
  RequireNumbers: PASSWORD_POLICY.requireDigits,
  RequireSymbols: PASSWORD_POLICY.requireSymbols,
  TemporaryPasswordValidityDays: temporaryPasswordValidityDays,
});
