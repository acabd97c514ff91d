import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { failure, success } from '../../../testing/fake-api';
import { UNREAD_POLL_MS } from '../hooks/use-unread-count';
import {
  renderSignedInAt,
  serveNotifications,
  setUpNotificationTests,
} from './notification-test-kit';

vi.mock('../../../lib/auth-token', async () => {
  const { hasAgentSession } = await import('../../../lib/session');
  return {
    getIdToken: () => Promise.resolve(hasAgentSession() ? 'header.payload.signature' : null),
  };
});

setUpNotificationTests();

const bell = (name: string | RegExp) =>
  within(screen.getByRole('banner')).findByRole('link', { name });

describe('the header’s bell (issue 35)', () => {
  it('shows the unread count, in its name and as a badge, and links to the notifications', async () => {
    const calls = serveNotifications({
      'notifications/unread-count': () => success({ unread: 3 }),
    });
    await renderSignedInAt('/admin/dashboard');

    const link = await bell('Notifications: 3 unread');
    expect(link).toHaveAttribute('href', '/admin/notifications');
    expect(within(link).getByTestId('unread-badge')).toHaveTextContent('3');
    expect(calls.filter((c) => c.path === 'notifications/unread-count')).toHaveLength(1);
  });

  it('shows no badge when nothing is unread, and 99+ beyond 99', async () => {
    let unread = 0;
    serveNotifications({ 'notifications/unread-count': () => success({ unread }) });
    await renderSignedInAt('/admin/dashboard');
    const link = await bell('Notifications: 0 unread');
    expect(within(link).queryByTestId('unread-badge')).toBeNull();
    unread = 120;
    // The bell asks again when the reader comes back to the tab.
    act(() => {
      window.dispatchEvent(new Event('visibilitychange'));
    });
    expect(await bell('Notifications: 120 unread')).toHaveTextContent('99+');
  });

  it('shows no stale figure once the count cannot be loaded', async () => {
    let answer = success({ unread: 2 });
    const calls = serveNotifications({ 'notifications/unread-count': () => answer });
    await renderSignedInAt('/admin/dashboard');
    const link = await bell('Notifications: 2 unread');
    answer = failure(500, 'INTERNAL', 'down');
    act(() => {
      window.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => {
      expect(link).toHaveAccessibleName('Notifications');
    });
    expect(within(link).queryByTestId('unread-badge')).toBeNull();
    expect(calls.filter((c) => c.path === 'notifications/unread-count')).toHaveLength(2);
  });

  it('asks again every minute', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let unread = 1;
    const calls = serveNotifications({
      'notifications/unread-count': () => success({ unread }),
    });
    await renderSignedInAt('/admin/dashboard');
    await bell('Notifications: 1 unread');
    unread = 2;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(UNREAD_POLL_MS);
    });
    expect(await bell('Notifications: 2 unread')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === 'notifications/unread-count')).toHaveLength(2);
  });
});
