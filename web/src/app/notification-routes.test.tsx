import { describe, expect, it } from 'vitest';
import { notificationScreenOf } from './notification-routes';

describe('notificationScreenOf', () => {
  it('knows the list and the settings, with or without a trailing slash', () => {
    expect(notificationScreenOf('/admin/notifications')).toBe('list');
    expect(notificationScreenOf('/admin/notifications/')).toBe('list');
    expect(notificationScreenOf('/admin/notifications/preferences')).toBe('preferences');
    expect(notificationScreenOf('/admin/notifications/preferences/')).toBe('preferences');
  });

  it('is no screen for any other path', () => {
    for (const path of [
      '/admin/dashboard',
      '/admin/notificationsx',
      '/admin/notifications/other',
      '/notifications',
    ]) {
      expect(notificationScreenOf(path)).toBeNull();
    }
  });
});
