import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as SyncModule from '@/offline/sync';
import { floorDb } from '@/offline/db';
import { createHeartbeat, deviceState, HEARTBEAT_MIN_GAP_MS, sendHeartbeat } from '@/offline/device';
import { deviceId } from '@/offline/device-id';
import type { Transport } from '@/offline/transport';
import { PAGE_LOAD, withOfflineStable } from './floor-fixtures';
import { renderApp } from './helpers';
import { chargeWrite, outboxFixture, USER, VENUE } from './offline-fakes';
import { saveWrite } from '@/offline/outbox';

/* A revoked floor device: its refused writes, the banner, the heartbeat. */

vi.mock('@/offline/sync', async (importOriginal) => ({
  ...(await importOriginal<typeof SyncModule>()),
  useFloorSync: vi.fn(),
}));

const REVOKED = {
  error: 'device_revoked',
  message: 'This device has been revoked by the show office. Its writes are not accepted; hand them to the office.',
};

afterEach(() => {
  localStorage.removeItem('paddock.deviceRevoked');
  deviceState.setState({ status: 'unknown', name: null, venueDevices: 0 });
});

describe('the outbox of a revoked device', () => {
  const { fx, engine, queue, queued } = outboxFixture('devices-revoked');

  it('moves each refused write to "needs attention" with its reason, and says the device is revoked', async () => {
    const keys = await queue(2);
    fx.server.setFault(() => ({ status: 403, body: REVOKED }));
    const onRevoked = vi.fn();
    await engine({ onRevoked }).flush();
    expect(await queued()).toEqual([]);
    expect(fx.server.effects).toEqual([]);
    const attention = await fx.db.attention.toArray();
    expect(attention.map((item) => [item.key, item.status, item.error])).toEqual(
      keys.map((key) => [key, 403, REVOKED]),
    );
    expect((await fx.db.transactions.bulkGet(keys)).map((row) => row?.rejected)).toEqual([1, 1]);
    expect(onRevoked).toHaveBeenCalledTimes(1);
  });

  it('other refusals do not mark the device revoked', async () => {
    await saveWrite(fx.db, USER, chargeWrite(VENUE, 'k'));
    fx.server.setFault(() => ({ status: 403, body: { error: 'forbidden', message: 'No' } }));
    const onRevoked = vi.fn();
    await engine({ onRevoked }).flush();
    expect(await fx.db.attention.count()).toBe(1);
    expect(onRevoked).not.toHaveBeenCalled();
  });
});

describe('the floor screen of a revoked device', () => {
  withOfflineStable();

  it('shows the refusal in "needs attention" with the translated message, and the revoked banner', async () => {
    await floorDb.transactions.put({
      id: 'k-revoked',
      key: 'k-revoked',
      venue: 1,
      kind: 'charge',
      party: { type: 'rider', id: 3, name: 'Rita Reiter' },
      rider: 3,
      consumable: 1,
      description: 'Hay',
      quantity: 1,
      unit_price: 1000,
      gross: -1000,
      currency: 'EUR',
      source: 'stable',
      created_by: 'stable',
      device_id: deviceId(),
      occurred_at: '2026-05-01T08:00:00.000Z',
      recorded_at: '2026-05-01T08:00:00.000Z',
      reversal_of: null,
      rejected: 1,
    });
    const { useAppStore } = await import('@/lib/store');
    await floorDb.attention.put({
      key: 'k-revoked',
      user: useAppStore.getState().user!.id,
      venue: 1,
      entity: 'transactions',
      path: 'transaction/',
      body: { venue: 1, device_id: deviceId() },
      status: 403,
      // In another language than the UI's: the code is translated, not the server's text.
      error: { ...REVOKED, message: 'Dieses Gerät wurde gesperrt.' },
      at: '2026-12-03T10:15:00.000Z',
    });
    act(() => deviceState.setState({ status: 'revoked' }));
    renderApp('/stable/dashboard');
    const list = await screen.findByRole('region', { name: 'Needs attention' }, PAGE_LOAD);
    expect(within(list).getByText(REVOKED.message)).toBeTruthy();
    const banner = screen.getByRole('alert', { name: 'This tablet was revoked by the show office' });
    expect(within(banner).getByText(/It has been signed out and sends nothing any more/)).toBeTruthy();
    // The refused write is listed for the office: who, what, how much, when.
    const unsent = await within(banner).findByRole('table', { name: 'Unsent writes: 1' });
    expect(within(unsent).getByRole('row', { name: /Rita Reiter Hay .*10\.00/ })).toBeTruthy();
  });

  it('asks an unregistered device for its name, prefilled, and registers it on Skip', async () => {
    const { json } = await import('./helpers');
    const registered = vi.fn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), 'http://localhost');
        if (init?.method === 'POST' && url.pathname === '/api/v1/device/register/') {
          const body = JSON.parse(String(init.body)) as { name: string };
          registered(body);
          return json(201, { id: 5, name: body.name });
        }
        return json(404, { error: 'not_found', message: 'Not found' });
      }),
    );
    act(() => deviceState.setState({ status: 'unregistered', venueDevices: 1 }));
    renderApp('/stable/dashboard');
    const card = await screen.findByRole('region', { name: 'Name this device' }, PAGE_LOAD);
    expect((within(card).getByLabelText('Device name') as HTMLInputElement).value).toBe('Stable tablet 2');
    fireEvent.click(within(card).getByRole('button', { name: 'Skip' }));
    await waitFor(() =>
      expect(deviceState.getState()).toMatchObject({ status: 'registered', name: 'Stable tablet 2' }),
    );
    expect(registered).toHaveBeenCalledWith(
      expect.objectContaining({ device_id: deviceId(), name: 'Stable tablet 2', venue: 1 }),
    );
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Name this device' })).toBeNull());
  });
});

describe('the heartbeat', () => {
  it('reports pending writes and app version; a 403 device_revoked marks the device revoked, a later 200 clears it', async () => {
    const { useAppStore } = await import('@/lib/store');
    useAppStore.setState({ token: 'token' });
    const bodies: unknown[] = [];
    let answer: { status: number; body: unknown } = { status: 403, body: REVOKED };
    const transport: Transport = async (request) => {
      bodies.push(request.body);
      expect(request).toMatchObject({ method: 'POST', path: 'device/heartbeat/' });
      return answer;
    };
    await sendHeartbeat(transport);
    expect(deviceState.getState().status).toBe('revoked');
    expect(localStorage.getItem('paddock.deviceRevoked')).toBe('1');
    expect(bodies[0]).toEqual({ device_id: deviceId(), app_version: expect.anything(), pending_writes: 0 });

    // Restored by the office, the tablet is signed in again; its next heartbeat clears the mark.
    useAppStore.setState({ token: 'token' });
    answer = { status: 200, body: { registered: true, device: { name: 'Stable east' }, venue_devices: 2 } };
    await sendHeartbeat(transport);
    expect(deviceState.getState()).toMatchObject({ status: 'registered', name: 'Stable east' });
    expect(localStorage.getItem('paddock.deviceRevoked')).toBeNull();

    answer = { status: 200, body: { registered: false, device: null, venue_devices: 3 } };
    await sendHeartbeat(transport);
    expect(deviceState.getState()).toMatchObject({ status: 'unregistered', venueDevices: 3 });
  });

  it('is sent at most once per gap, the last call of a burst at its end', async () => {
    vi.useFakeTimers();
    try {
      const send = vi.fn(async () => undefined);
      const beat = createHeartbeat(send, () => Date.now());
      beat();
      beat();
      beat();
      await vi.advanceTimersByTimeAsync(0);
      expect(send).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(HEARTBEAT_MIN_GAP_MS);
      expect(send).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(HEARTBEAT_MIN_GAP_MS * 3);
      expect(send).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is not sent for a gap after a batch carried it (told), and again after the gap', async () => {
    vi.useFakeTimers();
    try {
      const send = vi.fn(async () => undefined);
      const beat = createHeartbeat(send, () => Date.now());
      beat();
      await vi.advanceTimersByTimeAsync(HEARTBEAT_MIN_GAP_MS);
      expect(send).toHaveBeenCalledTimes(1);
      beat.told();
      beat();
      await vi.advanceTimersByTimeAsync(HEARTBEAT_MIN_GAP_MS * 2);
      expect(send).toHaveBeenCalledTimes(1);
      beat();
      await vi.advanceTimersByTimeAsync(0);
      expect(send).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
