import { describe, expect, it } from 'vitest';
import { isStrongPassword, passwordRuleResults } from './fields';
import { cognitoPasswordPolicy, PASSWORD_POLICY } from './password-policy';

describe('the password policy (SPEC §5), stated once', () => {
  it('is SPEC §5: 8 characters or more, upper and lower case and a digit, no symbol required', () => {
    expect(PASSWORD_POLICY).toMatchObject({
      minLength: 8,
      requireUppercase: true,
      requireLowercase: true,
      requireDigits: true,
      requireSymbols: false,
    });
  });

  it('is what the Cognito pools are created with', () => {
    expect(cognitoPasswordPolicy()).toEqual({
      MinimumLength: 8,
      RequireUppercase: true,
      RequireLowercase: true,
      RequireNumbers: true,
      RequireSymbols: false,
      TemporaryPasswordValidityDays: 7,
    });
    expect(cognitoPasswordPolicy(3).TemporaryPasswordValidityDays).toBe(3);
  });

  it('is what the form and the server check', () => {
    expect(isStrongPassword('Abcdefg1')).toBe(true);
    expect(isStrongPassword('Abcdef1')).toBe(false);
    expect(passwordRuleResults('abcdefg1').uppercase).toBe(false);
    expect(isStrongPassword(`A1${'b'.repeat(PASSWORD_POLICY.maxLength - 2)}`)).toBe(true);
    expect(isStrongPassword(`A1${'b'.repeat(PASSWORD_POLICY.maxLength - 1)}`)).toBe(false);
  });
});
