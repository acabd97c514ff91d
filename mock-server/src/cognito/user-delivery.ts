import { InvalidParameterError } from 'cognito-local/lib/errors.js';
import type { DeliveryDetails } from 'cognito-local/lib/services/messageDelivery/messageDelivery.js';
import type { User, UserPool } from 'cognito-local/lib/services/userPoolService.js';
import { USER_MESSAGES } from './errors';
import { attr } from './user-records';

/** Where a message to a user goes: an invitation, a password-reset code. */

export type Medium = 'SMS' | 'EMAIL';

export const emailDelivery = (destination: string): DeliveryDetails => ({
  AttributeName: 'email',
  DeliveryMedium: 'EMAIL',
  Destination: destination,
});

export const smsDelivery = (destination: string): DeliveryDetails => ({
  AttributeName: 'phone_number',
  DeliveryMedium: 'SMS',
  Destination: destination,
});

/**
 * Where the invitation goes: every medium asked for that the user has an attribute for (Cognito
 * sends "via SMS, email, or both"). Without DesiredDeliveryMediums Cognito's default is SMS; a
 * user without a phone number then gets it by e-mail. Asking explicitly for mediums the user has
 * no attribute for is refused before the user is created.
 */
export const invitationDeliveries = (user: User, desired: readonly Medium[] | undefined) => {
  const phone = attr(user, 'phone_number');
  const email = attr(user, 'email');
  const mediums = desired ?? ['SMS'];
  const out: DeliveryDetails[] = [];
  if (mediums.includes('SMS') && phone) out.push(smsDelivery(phone));
  if (mediums.includes('EMAIL') && email) out.push(emailDelivery(email));
  if (out.length === 0 && desired === undefined && email) out.push(emailDelivery(email));
  if (out.length === 0 && desired !== undefined && desired.length > 0) {
    throw new InvalidParameterError(USER_MESSAGES.noDeliveryMedium);
  }
  return out;
};

/**
 * Where a reset code goes: the pool's AccountRecoverySetting in priority order, or without one
 * Cognito's legacy order, a verified phone number first and then a verified e-mail address.
 */
export const recoveryDelivery = (pool: UserPool, user: User): DeliveryDetails | undefined => {
  const email = attr(user, 'email');
  const phone = attr(user, 'phone_number');
  const verifiedEmail = email !== undefined && attr(user, 'email_verified') === 'true';
  const verifiedPhone = phone !== undefined && attr(user, 'phone_number_verified') === 'true';
  const mechanisms = pool.AccountRecoverySetting?.RecoveryMechanisms;
  const order =
    mechanisms && mechanisms.length > 0
      ? [...mechanisms].sort((a, b) => a.Priority - b.Priority).map((m) => m.Name)
      : ['verified_phone_number', 'verified_email'];
  for (const mechanism of order) {
    if (mechanism === 'verified_email' && verifiedEmail) return emailDelivery(email);
    if (mechanism === 'verified_phone_number' && verifiedPhone) return smsDelivery(phone);
  }
  return undefined;
};
