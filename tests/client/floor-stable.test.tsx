import 'fake-indexeddb/auto';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type * as SyncModule from '@/offline/sync';
import { floorDb } from '@/offline/db';
import { useFloorSync } from '@/offline/sync';
import { QrCharge, readQrChargeAhead } from '@/features/floor/components/qr-charge';
import { Providers } from '@/app/providers';
import { formatMoney } from '@shared/money';
import { outbox, PAGE_LOAD, type, withOfflineStable } from './floor-fixtures';
import { renderApp } from './helpers';

// No pulls in these tests: the snapshot is written into the store directly.
vi.mock('@/offline/sync', async (importOriginal) => ({
  ...(await importOriginal<typeof SyncModule>()),
  useFloorSync: vi.fn(),
}));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function openAddTransaction() {
  renderApp('/stable/addTransaction');
  expect(await screen.findByRole('heading', { name: 'Add transaction', level: 1 }, PAGE_LOAD)).toBeTruthy();
  await screen.findByLabelText(/Name or head number/);
}

/** The quick charge: tap the item (once per piece), then charge in one tap. */
async function chargeShavings(quantity: number) {
  const form = await screen.findByRole('form', { name: 'Charge' });
  const items = await within(form).findByRole('group', { name: 'Most used items' });
  fireEvent.click(within(items).getByRole('button', { name: /Shavings bale/ }));
  for (let n = 1; n < quantity; n++) {
    fireEvent.click(within(form).getByRole('button', { name: 'One Shavings bale more' }));
  }
  fireEvent.click(within(form).getByRole('button', { name: /^Charge / }));
}

withOfflineStable();

describe('stable: add transaction', () => {
  it('finds riders and grooms by name and by a head number, only at this venue', async () => {
    await openAddTransaction();
    expect(vi.mocked(useFloorSync)).toHaveBeenCalledWith(1);
    type(/Name or head number/, 'gin');
    expect(await screen.findByRole('button', { name: /Gina Groom \(groom of Rita Reiter\)/ })).toBeTruthy();
    type(/Name or head number/, 'rita');
    expect(await screen.findAllByRole('button', { name: /^Rita Reiter/ })).toHaveLength(1);
    type(/Name or head number/, '7');
    expect(await screen.findByRole('button', { name: /Bruno Brandt/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Rita Reiter/ })).toBeNull();
    type(/Name or head number/, '140');
    // The head number of Rita's horse Amber: Rita and her groom.
    expect(await screen.findByRole('button', { name: /^Rita Reiter/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Gina Groom/ })).toBeTruthy();
    type(/Name or head number/, 'nobody here');
    expect(await screen.findByText('Nobody found.')).toBeTruthy();
  });

  it('queues a charge with the right body, shows it as pending and keeps the rider for the next item', async () => {
    await openAddTransaction();
    type(/Name or head number/, 'rita');
    fireEvent.click(await screen.findByRole('button', { name: /^Rita Reiter/ }));
    expect(await screen.findByRole('heading', { name: 'Rita Reiter' })).toBeTruthy();
    expect(screen.getByText('#12 Blue Moon')).toBeTruthy();
    await chargeShavings(2);

    await waitFor(async () => expect(await outbox()).toHaveLength(1));
    const [item] = await outbox();
    expect(item).toMatchObject({ venue: 1, user: 9, entity: 'transactions', method: 'POST', path: 'transaction/' });
    expect(item!.key).toMatch(UUID);
    const body = item!.body as Record<string, unknown>;
    expect(body).toEqual({
      venue: 1,
      kind: 'charge',
      party_type: 'rider',
      party_id: 3,
      consumable: 8,
      quantity: 2,
      source: 'stable',
      device_id: localStorage.getItem('paddock.deviceId'),
      occurred_at: expect.any(String) as string,
    });
    expect(body.device_id).toMatch(UUID);
    expect(Math.abs(Date.parse(String(body.occurred_at)) - Date.now())).toBeLessThan(60_000);
    const row = await floorDb.transactions.get(item!.key);
    expect(row).toMatchObject({ pending: 1, gross: -3000, quantity: 2, description: 'Shavings bale', rider: 3 });

    // The toast follows the saved state's paint.
    await waitFor(() =>
      expect(vi.mocked(notifications.show)).toHaveBeenCalledWith(
        expect.objectContaining({ message: `${formatMoney(3000, '€')} charged to Rita Reiter.` }),
      ),
    );
    // Ready for the next item, for the same rider.
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Items to charge' })).toBeNull());
    expect(screen.getByRole('heading', { name: 'Rita Reiter' })).toBeTruthy();
    expect(await screen.findByText('Writes pending: 1')).toBeTruthy();
  });

  it("charges a groom's item to the groom's rider with the groom's name", async () => {
    await openAddTransaction();
    type(/Name or head number/, 'gina');
    fireEvent.click(await screen.findByRole('button', { name: /Gina Groom/ }));
    expect(await screen.findByText('Groom of Rita Reiter: charges go to the rider.')).toBeTruthy();
    await chargeShavings(1);
    await waitFor(async () => expect(await outbox()).toHaveLength(1));
    const [item] = await outbox();
    expect(item!.body).toMatchObject({ party_type: 'rider', party_id: 3, description: 'Shavings bale — Gina Groom' });
  });
});

describe('stable: QR route', () => {
  it("opens the rider of a valid code with the rider's horses and the charge form", async () => {
    renderApp('/stable/qr/r3-abcdef123456');
    expect(await screen.findByRole('heading', { name: 'Rita Reiter' }, PAGE_LOAD)).toBeTruthy();
    expect(screen.getByText('#12 Blue Moon')).toBeTruthy();
    expect(screen.getByText('#140 Amber')).toBeTruthy();
    await chargeShavings(3);
    await waitFor(async () => expect(await outbox()).toHaveLength(1));
    expect((await outbox())[0]!.body).toMatchObject({ party_id: 3, quantity: 3 });
  });

  it('a scan from the dashboard opens the charge screen in the same floor frame: one sync, no second check for the snapshot, the frame and the dashboard head never mounted again', async () => {
    let syncs = 0;
    // A hook standing in for the real one (kept for the tests after: the hooks of a mounted
    // screen must stay the same): counts the frames that start a sync.
    vi.mocked(useFloorSync).mockImplementation((venue) => {
      useEffect(() => {
        if (venue !== null) syncs += 1;
      }, [venue]);
    });
    const router = renderApp('/stable/dashboard');
    const dashboard = await screen.findByRole('heading', { name: 'Stable', level: 1 }, PAGE_LOAD);
    // The frame's own parts are the same elements on every screen of the frame: never mounted again.
    const bar = await screen.findByRole('status', { name: 'Sync state' }, PAGE_LOAD);
    await act(() => router.navigate('/stable/qr/r3-abcdef123456'));
    expect(await screen.findByRole('heading', { name: 'Rita Reiter' }, PAGE_LOAD)).toBeTruthy();
    // Read before the screen rendered: the person, the items and the balance came with it.
    expect(screen.getByRole('group', { name: 'Most used items' })).toBeTruthy();
    expect(screen.queryByText('Reading the open balance…')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Scanned code', level: 1 })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Sync state' })).toBe(bar);
    // The dashboard's head stays mounted, hidden, while a scan's screen shows.
    expect(screen.queryByRole('heading', { name: 'Stable', level: 1 })).toBeNull();
    expect(dashboard.isConnected).toBe(true);
    await act(() => router.navigate('/stable/dashboard'));
    expect(await screen.findByRole('heading', { name: 'Stable', level: 1 }, PAGE_LOAD)).toBe(dashboard);
    expect(screen.queryByRole('heading', { name: 'Scanned code', level: 1 })).toBeNull();
    await act(() => router.navigate('/stable/addTransaction'));
    await screen.findByLabelText(/Name or head number/, {}, PAGE_LOAD);
    expect(screen.getByRole('status', { name: 'Sync state' })).toBe(bar);
    expect(syncs).toBe(1);
  });

  it('renders a scan read ahead at once, and follows later changes once live', async () => {
    const ahead = readQrChargeAhead('r3-abcdef123456');
    await ahead.done;
    expect(ahead.result?.person?.rider.name).toBe('Rita Reiter');
    render(
      <Providers>
        <MemoryRouter>
          <QrCharge code="r3-abcdef123456" ahead={ahead} />
        </MemoryRouter>
      </Providers>,
    );
    // In the first render, not after a read.
    expect(screen.getByRole('heading', { name: 'Rita Reiter' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Most used items' })).toBeTruthy();
    const balance = screen.getByText(/^Open balance/).textContent;
    const item = (await floorDb.consumables.where('venue').equals(1).first())!;
    const now = new Date().toISOString();
    await floorDb.transactions.put({
      id: 'k-later',
      key: 'k-later',
      venue: 1,
      kind: 'charge',
      party: { type: 'rider', id: 3, name: 'Rita Reiter' },
      rider: 3,
      consumable: Number(item.id),
      description: item.name,
      quantity: 1,
      unit_price: 500,
      gross: -500,
      currency: 'EUR',
      source: 'stable',
      created_by: null,
      device_id: null,
      occurred_at: now,
      recorded_at: now,
      reversal_of: null,
      pending: 1,
    });
    await waitFor(() => expect(screen.getByText(/^Open balance/).textContent).not.toBe(balance), { timeout: 45_000 });
  });

  it('shows a scan read ahead as soon as its read comes back, and reads itself when that read failed', async () => {
    const { readQrCharge } = await import('@/offline/queries');
    const screenOf = await readQrCharge(1, 'r3-abcdef123456');
    let settle: (screen: typeof screenOf | null) => void = () => undefined;
    const pending = {
      venue: 1,
      code: 'r3-abcdef123456',
      done: new Promise<typeof screenOf | null>((resolve) => (settle = resolve)),
    } as ReturnType<typeof readQrChargeAhead>;
    const view = render(
      <Providers>
        <MemoryRouter>
          <QrCharge code="r3-abcdef123456" ahead={pending} />
        </MemoryRouter>
      </Providers>,
    );
    // The route rendered before the read came back: the screen waits for it.
    expect(screen.getByRole('status', { name: "Loading the venue's data…" })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Rita Reiter' })).toBeNull();
    act(() => {
      pending.result = screenOf;
      settle(screenOf);
    });
    expect(await screen.findByRole('heading', { name: 'Rita Reiter' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Most used items' })).toBeTruthy();
    view.unmount();
    // A read ahead that failed: the screen's own read shows the person.
    const failed = { venue: 1, code: 'r3-abcdef123456', done: Promise.resolve(null), result: null };
    render(
      <Providers>
        <MemoryRouter>
          <QrCharge code="r3-abcdef123456" ahead={failed} />
        </MemoryRouter>
      </Providers>,
    );
    expect(await screen.findByRole('heading', { name: 'Rita Reiter' }, PAGE_LOAD)).toBeTruthy();
  });

  it("opens a groom's code as the groom of the rider", async () => {
    renderApp('/stable/qr/g21-123456abcdef');
    expect(await screen.findByRole('heading', { name: 'Gina Groom' }, PAGE_LOAD)).toBeTruthy();
    expect(screen.getByText('Groom of Rita Reiter: charges go to the rider.')).toBeTruthy();
  });

  it.each([
    ['an unknown rider', 'r99-abcdef123456'],
    ['a forged hash', 'r3-zzzzzz123456'],
    ["another venue's code", 'r3-ffffff999999'],
    ['a malformed code', 'hello'],
  ])('refuses %s, offline too', async (_, code) => {
    renderApp(`/stable/qr/${code}`);
    expect(await screen.findByText('This code is not valid at this venue.', {}, PAGE_LOAD)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Charge' })).toBeNull();
  });
});
