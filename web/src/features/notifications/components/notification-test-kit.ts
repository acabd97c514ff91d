// The notification centre's tests share these; each test file mocks '../../../lib/auth-token'.
import {
  EVENT_KINDS,
  isLockedEventKind,
  type Notification,
  type NotificationPreferences,
} from '@ccsc/contract';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { setAgentSession, setProfile } from '../../../lib/session';
import { type ApiAnswer, failure, fakeApi, loadTestRuntimeConfig } from '../../../testing/fake-api';
import { renderAt } from '../../../testing/render-app';

export const notification = (n: number, overrides: Partial<Notification> = {}): Notification => ({
  notificationId: `ntf-${String(n)}`,
  eventId: `evt-${String(n)}`,
  kind: 'document.held',
  at: '2025-01-15T10:30:00.000Z',
  read: false,
  organisationId: 'site-001',
  organisationName: 'City Hospital',
  subject: { type: 'document', id: `doc-${String(n)}`, name: `protocol-${String(n)}.pdf` },
  counterpart: { organisationId: 'sponsor-001', name: 'Acme Pharma' },
  reason: 'sender-type-unmapped',
  ...overrides,
});

/** Every kind with its default channel; the safety letter's locked, as the server says. */
export const preferences = (
  channels: Partial<
    Record<(typeof EVENT_KINDS)[number], NotificationPreferences['preferences'][number]['channel']>
  > = {},
): NotificationPreferences => ({
  preferences: EVENT_KINDS.map((kind) => ({
    kind,
    channel: channels[kind] ?? (isLockedEventKind(kind) ? 'email' : 'in-app'),
    locked: isLockedEventKind(kind),
  })),
  language: 'en',
});

/** The fake server: each notification call answered by `answers[path]`, anything else waits. */
export const serveNotifications = (
  answers: Partial<Record<string, (body: unknown) => ApiAnswer>>,
) =>
  fakeApi((path, body) => {
    const answer = answers[path];
    if (answer !== undefined) return answer(body);
    // The dashboard's own calls (the layout's index) are not these tests' business.
    return path.startsWith('dashboard/')
      ? 'no-answer'
      : failure(500, 'INTERNAL', `unexpected ${path}`);
  });

/** The app signed in as a site's OrgAdmin, at `path`; the header rendered. */
export const renderSignedInAt = async (path: string) => {
  renderAt(path);
  await screen.findByRole('button', { name: 'Logout' }, { timeout: 10_000 });
};

/** Each test signed in as a site's OrgAdmin, its fetch restored after. */
export const setUpNotificationTests = () => {
  beforeEach(async () => {
    await loadTestRuntimeConfig();
    setProfile({
      givenName: 'Ada',
      familyName: 'Lovelace',
      email: 'ada@example.com',
      role: 'OrgAdmin',
      organisationId: 'site-001',
    });
    setAgentSession();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
};
