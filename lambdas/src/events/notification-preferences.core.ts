import { isLockedEventKind } from '@ccsc/contract/events';
import type { notificationRoutes as routes } from '@ccsc/contract/notifications';
import { ValidationError } from '../core/errors';
import type { Core } from '../core/request';
import type { NotificationDeps } from './list-notifications.core';
import { DEFAULT_LANGUAGE, lockedFor, preferencesOf } from './notification-rules';

/** notifications/preferences: the caller's channel per kind (chosen or default), the language. */
export const getPreferences: Core<
  (typeof routes)['notifications/preferences'],
  NotificationDeps
> = async (_input, ctx, deps) => {
  const stored = await deps.notifications.preferences(ctx.caller.userName);
  return {
    preferences: preferencesOf(ctx.caller.role, stored),
    language: stored?.language ?? DEFAULT_LANGUAGE,
  };
};

/**
 * notifications/update-preferences: the kinds given take their channel, the others keep theirs.
 * `off` for a kind a regulated process requires the caller to hear of is a 400, naming the kind;
 * nothing is saved then.
 */
export const updatePreferences: Core<
  (typeof routes)['notifications/update-preferences'],
  NotificationDeps
> = async (input, ctx, deps) => {
  const refused = input.preferences.findIndex(
    (p) => p.channel === 'off' && lockedFor(p.kind, ctx.caller.role),
  );
  const kind = input.preferences[refused]?.kind;
  if (kind !== undefined && isLockedEventKind(kind)) {
    const message = `Safety-letter notifications (${kind}) cannot be switched off: choose in-app, e-mail or the daily digest.`;
    throw new ValidationError(message, [
      { path: `preferences.${String(refused)}.channel`, message },
    ]);
  }
  const stored = await deps.notifications.preferences(ctx.caller.userName);
  const next = {
    channels: {
      ...(stored?.channels ?? {}),
      ...Object.fromEntries(input.preferences.map((p) => [p.kind, p.channel])),
    },
    language: input.language ?? stored?.language ?? null,
  };
  await deps.notifications.savePreferences(ctx.caller.userName, next);
  return {
    preferences: preferencesOf(ctx.caller.role, next),
    language: next.language ?? DEFAULT_LANGUAGE,
  };
};
