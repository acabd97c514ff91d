import type { Notification } from '@ccsc/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { failure, success } from '../../../testing/fake-api';
import {
  notification,
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

/** A little server of the caller's notifications: the list, the count, mark read, mark all read. */
const inbox = (items: Notification[]) => {
  const unread = () => items.filter((n) => !n.read).length;
  const calls = serveNotifications({
    'notifications/unread-count': () => success({ unread: unread() }),
    'notifications/list': () =>
      success({ notifications: items, nextCursor: null, unread: unread() }),
    'notifications/mark-read': (body) => {
      const { notificationId } = body as { notificationId: string };
      const index = items.findIndex((n) => n.notificationId === notificationId);
      if (index < 0) return failure(404, 'NOT_FOUND', 'No such notification.');
      items = items.map((n, i) => (i === index ? { ...n, read: true } : n));
      return success({ notificationId, read: true, unread: unread() });
    },
    'notifications/mark-all-read': () => {
      const marked = unread();
      items = items.map((n) => ({ ...n, read: true }));
      return success({ marked, unread: 0 });
    },
  });
  return calls;
};

const bellName = () =>
  within(screen.getByRole('banner'))
    .getAllByRole('link')
    .find((link) => link.getAttribute('href') === '/admin/notifications')
    ?.getAttribute('aria-label');

const LOADING = { timeout: 10_000 };

describe('the notification list (issue 35)', () => {
  it('lists the notifications: unread said in words, what, a link to the subject, who, why, when', async () => {
    const calls = inbox([
      notification(1),
      notification(2, {
        kind: 'connection.invited',
        read: true,
        subject: { type: 'connection', id: 'con-1', name: 'ACME-001 at City Hospital' },
        reason: null,
      }),
      notification(3, {
        kind: 'standard.published',
        subject: { type: 'standard', id: 'std-9', name: 'Acme eTMF map' },
        reason: null,
      }),
      notification(4, {
        kind: 'credential.expiring',
        subject: { type: 'credential', id: 'api-7', name: 'City eISF' },
        counterpart: null,
        reason: null,
      }),
    ]);
    await renderSignedInAt('/admin/notifications');

    const list = await screen.findByRole('list', { name: 'Notifications' }, LOADING);
    const items = within(list).getAllByTestId('notification');
    expect(items).toHaveLength(4);
    const [held, invited, published, expiring] = items as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(held).toHaveTextContent('UnreadDocument held');
    expect(held).toHaveTextContent("Reason: Sender's type not mapped");
    expect(held).toHaveTextContent('From Acme Pharma · For City Hospital');
    expect(held).toHaveTextContent('15-Jan-2025 10:30 UTC');
    expect(within(held).getByRole('link', { name: 'protocol-1.pdf' })).toHaveAttribute(
      'href',
      '/admin/documents/view?documentId=doc-1',
    );
    expect(invited).not.toHaveTextContent('Unread');
    expect(invited).toHaveTextContent('Invitation to a study connection');
    expect(within(invited).queryByRole('button', { name: /Mark as read/ })).toBeNull();
    expect(
      within(invited).getByRole('link', { name: 'ACME-001 at City Hospital' }),
    ).toHaveAttribute('href', '/admin/connections?organisationId=site-001&status=invited');
    expect(within(published).getByRole('link', { name: 'Acme eTMF map' })).toHaveAttribute(
      'href',
      '/admin/artifact/view-edit-standard?standardId=std-9',
    );
    expect(within(expiring).getByRole('link', { name: 'City eISF' })).toHaveAttribute(
      'href',
      '/admin/generate-api-credentials?organisationId=site-001&status=expiring',
    );
    expect(screen.getByText('3 unread notifications')).toBeInTheDocument();
    const listCall = calls.find((c) => c.path === 'notifications/list');
    expect(listCall?.query).toEqual({ limit: '25' });
  });

  it('links a rejection to its document with the reason in words, a safety letter to its tracking', async () => {
    inbox([
      notification(1, {
        kind: 'document.rejected',
        subject: { type: 'document', id: 'doc-5', name: 'CV Dr. Demir' },
        reason: 'missing-signature',
      }),
      notification(2, {
        kind: 'distribution.to-acknowledge',
        subject: { type: 'distribution', id: 'dist-12345678', name: 'IND safety report' },
        reason: null,
      }),
      notification(3, {
        kind: 'request.received',
        subject: { type: 'request', id: 'req-1', name: '05.02.04 CV' },
        reason: null,
      }),
    ]);
    await renderSignedInAt('/admin/notifications');
    const list = await screen.findByRole('list', { name: 'Notifications' }, LOADING);
    const [rejected, letter, request] = within(list).getAllByTestId('notification') as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(rejected).toHaveTextContent('Reason: Signature missing');
    expect(within(rejected).getByRole('link', { name: 'CV Dr. Demir' })).toHaveAttribute(
      'href',
      '/admin/documents/view?documentId=doc-5',
    );
    expect(within(letter).getByRole('link', { name: 'IND safety report' })).toHaveAttribute(
      'href',
      '/admin/distributions/view?distributionId=dist-12345678',
    );
    // No page opens one request by its id alone: named, not linked.
    expect(request).toHaveTextContent('05.02.04 CV');
    expect(within(request).queryByRole('link')).toBeNull();
  });

  it('marks one read: the item says so and the bell’s count goes down', async () => {
    const user = userEvent.setup();
    const calls = inbox([notification(1), notification(2)]);
    await renderSignedInAt('/admin/notifications');
    await waitFor(() => {
      expect(bellName()).toBe('Notifications: 2 unread');
    }, LOADING);

    await user.click(
      await screen.findByRole('button', {
        name: 'Mark as read: Document held, protocol-1.pdf',
      }),
    );
    await waitFor(() => {
      expect(bellName()).toBe('Notifications: 1 unread');
    });
    const [first, second] = screen.getAllByTestId('notification');
    await waitFor(() => {
      expect(first).not.toHaveTextContent('Unread');
    });
    expect(second).toHaveTextContent('Unread');
    expect(screen.getByText('1 unread notification')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === 'notifications/mark-read').map((c) => c.body)).toEqual([
      { notificationId: 'ntf-1' },
    ]);
  });

  it('marks one read when its link is followed', async () => {
    const user = userEvent.setup();
    const calls = inbox([notification(1)]);
    await renderSignedInAt('/admin/notifications');
    await user.click(await screen.findByRole('link', { name: 'protocol-1.pdf' }, LOADING));
    // The document's screen is a chunk of its own: the navigation waits for it.
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent('/admin/documents/view');
    }, LOADING);
    await waitFor(() => {
      expect(bellName()).toBe('Notifications: 0 unread');
    });
    expect(calls.filter((c) => c.path === 'notifications/mark-read')).toHaveLength(1);
  });

  it('marks all read, and says how many', async () => {
    const user = userEvent.setup();
    inbox([notification(1), notification(2), notification(3, { read: true })]);
    await renderSignedInAt('/admin/notifications');
    const markAll = await screen.findByRole('button', { name: 'Mark all as read' }, LOADING);
    await waitFor(() => {
      expect(markAll).toBeEnabled();
    });
    await user.click(markAll);
    expect(await screen.findByText('2 notifications marked as read.')).toHaveRole('status');
    await waitFor(() => {
      expect(bellName()).toBe('Notifications: 0 unread');
    });
    await waitFor(() => {
      expect(screen.queryByText('Unread', { selector: '.badge' })).toBeNull();
    });
    expect(markAll).toBeDisabled();
  });

  it('says the server’s words when a mark read is refused', async () => {
    const user = userEvent.setup();
    serveNotifications({
      'notifications/unread-count': () => success({ unread: 1 }),
      'notifications/list': () =>
        success({ notifications: [notification(1)], nextCursor: null, unread: 1 }),
      'notifications/mark-read': () => failure(404, 'NOT_FOUND', 'No such notification.'),
    });
    await renderSignedInAt('/admin/notifications');
    await user.click(await screen.findByRole('button', { name: /^Mark as read:/ }, LOADING));
    expect(await screen.findByRole('alert')).toHaveTextContent('No such notification.');
    expect(bellName()).toBe('Notifications: 1 unread');
  });

  it('shows the unread only from the address, and the filter changes it', async () => {
    const user = userEvent.setup();
    const calls = inbox([]);
    await renderSignedInAt('/admin/notifications?unread=true');
    expect(
      await screen.findByText('You have no unread notifications.', undefined, LOADING),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'notifications/list')?.query).toEqual({
      unread: 'true',
      limit: '25',
    });
    await user.selectOptions(screen.getByLabelText('Notifications to show'), 'All');
    expect(await screen.findByText('You have no notifications yet.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === 'notifications/list').at(-1)?.query).toEqual({
      limit: '25',
    });
  });

  it('shows a failed load with Retry', async () => {
    const user = userEvent.setup();
    let answer = failure(500, 'INTERNAL', 'down');
    serveNotifications({
      'notifications/unread-count': () => success({ unread: 0 }),
      'notifications/list': () => answer,
    });
    await renderSignedInAt('/admin/notifications');
    const alert = await screen.findByRole('alert', undefined, LOADING);
    expect(alert).toHaveTextContent('The notifications could not be loaded.');
    answer = success({ notifications: [], nextCursor: null, unread: 0 });
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('You have no notifications yet.')).toBeInTheDocument();
  });
});
