import 'fake-indexeddb/auto';
import { notifications, notificationsStore } from '@mantine/notifications';
import { screen } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@shared/constants';
import type { FloorStatus } from '@/offline/status';
import { connectionOf, StatusBar } from '@/features/floor/components/status-bar';
import { formatClock } from '@/lib/format';
import { notify } from '@/lib/notify';
import { renderWithMantine } from './helpers';

/* What the floor's status bar says: the truth about the connection, and every write of the device. */

const base: FloorStatus = {
  online: true,
  reachable: true,
  pending: 0,
  others: [],
  attention: 0,
  lastSyncAt: null,
  persisted: true,
  syncing: false,
  outdated: false,
  ready: true,
};

function renderBar(status: Partial<FloorStatus>) {
  return renderWithMantine(
    <MemoryRouter>
      <StatusBar status={{ ...base, ...status }} timeZone="Europe/Berlin" />
    </MemoryRouter>,
  );
}

const badge = () => screen.getByRole('status', { name: 'Sync state' }).querySelector('.mantine-Badge-root')!;

describe('the connection badge', () => {
  it('says offline, server unreachable, sending or all sent at HH:MM — not "Online" while the server is down', () => {
    expect(connectionOf({ ...base, online: false, reachable: true })).toBe('offline');
    expect(connectionOf({ ...base, reachable: false })).toBe('unreachable');
    expect(connectionOf({ ...base, syncing: true, pending: 3 })).toBe('sending');
    expect(connectionOf({ ...base, lastSyncAt: '2026-12-03T09:05:00.000Z' })).toBe('allSent');
    // Someone else's writes still wait: not "all sent".
    const waiting = { user: 4, name: 'Anna Stall', count: 1, route: 'signIn' as const };
    expect(connectionOf({ ...base, lastSyncAt: '2026-12-03T09:05:00.000Z', others: [waiting] })).toBe('online');
    expect(connectionOf({ ...base, reachable: null })).toBe('online');
  });

  it('shows it in words', () => {
    const { unmount } = renderBar({ reachable: false, pending: 2 });
    expect(badge().textContent).toBe('Server unreachable');
    unmount();
    renderBar({ lastSyncAt: '2026-12-03T09:05:00.000Z' });
    expect(badge().textContent).toBe(`All sent at ${formatClock('2026-12-03T09:05:00.000Z', 'en', 'Europe/Berlin')}`);
    expect(badge().textContent).toBe('All sent at 10:05');
  });
});

describe('other people’s writes on the device', () => {
  it('are named with how they will be sent', () => {
    renderBar({
      pending: 4,
      others: [
        { user: 4, name: 'Anna Stall', count: 3, route: 'credential' },
        { user: 5, name: null, count: 1, route: 'signIn' },
      ],
    });
    expect(screen.getByText('Writes pending: 4')).toBeTruthy();
    expect(
      screen.getByText('Anna Stall: 3 waiting. This device sends them as Anna Stall’s, with the sign-in kept on it.'),
    ).toBeTruthy();
    expect(
      screen.getByText('User #5: 1 waiting. They are sent when User #5 signs in on this device again.'),
    ).toBeTruthy();
  });
});

describe('toasts of fast work', () => {
  afterEach(() => notifications.clean());

  it('replace each other on one channel, so a later confirmation is never queued behind five', () => {
    for (let i = 1; i <= 6; i++) notify.success(`Charge ${i} saved`, { channel: 'stable-charge' });
    notify.success('Undone', { channel: 'stable-charge' });
    const { notifications: shown, queue } = notificationsStore.getState();
    expect(shown.map((toast) => toast.message)).toEqual(['Undone']);
    expect(queue).toEqual([]);
  });

  it('without a channel they stack as before', () => {
    notify.success('One');
    notify.success('Two');
    expect(notificationsStore.getState().notifications.map((toast) => toast.message)).toEqual(['One', 'Two']);
  });
});

describe('the stable’s transaction cards at phone width', () => {
  it('have the short quantity in all five languages (no raw key)', () => {
    for (const language of LANGUAGES) {
      const text = i18next.t('floor:transactions.quantityShort', { count: 3, lng: language });
      expect(text, language).toBe('×3');
    }
  });
});
