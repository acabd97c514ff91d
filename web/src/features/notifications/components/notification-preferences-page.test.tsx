import type { RequestOf } from '@ccsc/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { failure, success } from '../../../testing/fake-api';
import {
  preferences,
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

const LOADING = { timeout: 10_000 };
type Update = RequestOf<'notifications/update-preferences'>;

const group = (name: string) => screen.getByRole('group', { name });

describe('the notification settings (issue 35)', () => {
  it('offers each kind its four channels, grouped by what it is about, the saved one chosen', async () => {
    serveNotifications({
      'notifications/unread-count': () => success({ unread: 0 }),
      'notifications/preferences': () =>
        success(preferences({ 'connection.invited': 'email', 'document.held': 'digest' })),
    });
    await renderSignedInAt('/admin/notifications/preferences');
    await screen.findByRole('heading', { name: 'Connections' }, LOADING);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Connections',
      'Documents',
      'Document requests',
      'Safety letters',
      'API credentials',
      'Mapping standards',
      'Webhooks',
    ]);
    const invited = group('Invitation to a study connection');
    expect(
      within(invited)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['in-app', 'email', 'digest', 'off']);
    expect(within(invited).getByRole('radio', { name: 'E-mail at once' })).toBeChecked();
    expect(
      within(group('Document held')).getByRole('radio', { name: 'Daily digest' }),
    ).toBeChecked();
    expect(screen.getByLabelText('Language of the e-mails')).toHaveValue('en');
  });

  it('does not let a safety letter be switched off, and says why', async () => {
    serveNotifications({
      'notifications/unread-count': () => success({ unread: 0 }),
      'notifications/preferences': () => success(preferences()),
    });
    await renderSignedInAt('/admin/notifications/preferences');
    await screen.findByRole('heading', { name: 'Safety letters' }, LOADING);
    for (const name of ['Safety letter to acknowledge', 'Safety letter acknowledgement overdue']) {
      const letter = group(name);
      expect(within(letter).queryByRole('radio', { name: 'Off' })).toBeNull();
      expect(within(letter).getAllByRole('radio')).toHaveLength(3);
      expect(letter).toHaveAccessibleDescription(
        'Safety letters cannot be switched off: the regulated process requires that your organisation hears of them.',
      );
    }
    // A safety letter's acknowledgement (the sponsor's news) is not locked: it may be off.
    expect(
      within(group('Safety letter acknowledged')).getByRole('radio', { name: 'Off' }),
    ).toBeInTheDocument();
  });

  it('saves every kind’s channel and the e-mails’ language, and says so', async () => {
    const user = userEvent.setup();
    const sent: Update[] = [];
    const calls = serveNotifications({
      'notifications/unread-count': () => success({ unread: 0 }),
      'notifications/preferences': () => success(preferences()),
      'notifications/update-preferences': (body) => {
        const update = body as Update;
        sent.push(update);
        const channels = Object.fromEntries(update.preferences.map((p) => [p.kind, p.channel]));
        return success({ ...preferences(channels), language: update.language ?? 'en' });
      },
    });
    await renderSignedInAt('/admin/notifications/preferences');
    await screen.findByRole('heading', { name: 'Documents' }, LOADING);

    await user.click(within(group('Document rejected')).getByRole('radio', { name: 'Off' }));
    await user.click(
      within(group('Safety letter to acknowledge')).getByRole('radio', { name: 'Daily digest' }),
    );
    await user.selectOptions(screen.getByLabelText('Language of the e-mails'), 'Deutsch');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText('Your notification settings have been saved.')).toHaveRole(
      'status',
    );
    expect(sent).toHaveLength(1);
    const [update] = sent;
    expect(update?.language).toBe('de');
    expect(update?.preferences).toHaveLength(preferences().preferences.length);
    expect(update?.preferences).toContainEqual({ kind: 'document.rejected', channel: 'off' });
    expect(update?.preferences).toContainEqual({
      kind: 'distribution.to-acknowledge',
      channel: 'digest',
    });
    expect(update?.preferences).toContainEqual({ kind: 'document.held', channel: 'in-app' });
    expect(calls.filter((c) => c.path === 'notifications/update-preferences')).toHaveLength(1);
    // The form shows what the server saved.
    expect(within(group('Document rejected')).getByRole('radio', { name: 'Off' })).toBeChecked();
  });

  it('shows the server’s refusal', async () => {
    const user = userEvent.setup();
    serveNotifications({
      'notifications/unread-count': () => success({ unread: 0 }),
      'notifications/preferences': () => success(preferences()),
      'notifications/update-preferences': () =>
        failure(400, 'VALIDATION_FAILED', 'Safety letters cannot be switched off.'),
    });
    await renderSignedInAt('/admin/notifications/preferences');
    await user.click(await screen.findByRole('button', { name: 'Save settings' }, LOADING));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Safety letters cannot be switched off.',
    );
  });

  it('shows a failed load with Retry', async () => {
    const user = userEvent.setup();
    let answer = failure(500, 'INTERNAL', 'down');
    serveNotifications({
      'notifications/unread-count': () => success({ unread: 0 }),
      'notifications/preferences': () => answer,
    });
    await renderSignedInAt('/admin/notifications/preferences');
    const alert = await screen.findByRole('alert', undefined, LOADING);
    expect(alert).toHaveTextContent('The notification settings could not be loaded.');
    answer = success(preferences());
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Connections' })).toBeInTheDocument();
  });
});
