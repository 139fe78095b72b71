import 'fake-indexeddb/auto';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as SyncModule from '@/offline/sync';
import { floorDb, type LocalInspection } from '@/offline/db';
import { queryClient } from '@/lib/query-client';
import { activeVenue, amber, blueMoon, outbox, PAGE_LOAD, seedFloor, setOnline, type } from './floor-fixtures';
import { demoVenue, json, makeUser, mockFetch, renderApp, resetStore } from './helpers';

vi.mock('@/offline/sync', async (importOriginal) => ({
  ...(await importOriginal<typeof SyncModule>()),
  useFloorSync: vi.fn(),
}));

const vet = makeUser({
  id: 8,
  username: 'vetcheck',
  first_name: 'Vera',
  last_name: 'Vet',
  roles: ['vetcheck'],
  assigned_venue: 1,
  rider_id: null,
});
const organizer = makeUser({ id: 2, username: 'organizer', roles: ['organizer'], assigned_venue: 1, rider_id: null });

const inspection = (
  id: number,
  horse: number,
  status: LocalInspection['status'],
  at: string,
  notes = '',
): LocalInspection => ({
  id,
  venue: 1,
  key: null,
  horse,
  status,
  notes,
  inspector: 'Dr. Hof',
  occurred_at: at,
  recorded_at: at,
  recorded_by: 'vet',
  device_id: null,
});

/** The dashboard's count of horses with `status`, once loaded. */
async function expectCount(status: string, value: string) {
  const element = await screen.findByLabelText(`Horses: ${status}`, {}, PAGE_LOAD);
  await waitFor(() => expect(element.textContent).toBe(value));
}

beforeEach(async () => {
  queryClient.clear();
  await seedFloor();
  // Blue Moon was held, then passed; Amber failed; Cornet was not inspected.
  await floorDb.inspections.bulkPut([
    inspection(61, blueMoon.id as number, 'passed', '2025-12-03T10:00:00.000Z', 'Sound now'),
    inspection(60, blueMoon.id as number, 'held', '2025-12-03T08:00:00.000Z', 'Slightly lame'),
    inspection(62, amber.id as number, 'failed', '2025-12-03T09:00:00.000Z'),
  ]);
  setOnline(false);
  mockFetch({ 'GET /api/v1/venue/1/': () => json(200, demoVenue) });
  vi.spyOn(notifications, 'show').mockImplementation(() => 'toast');
});

afterEach(() => {
  setOnline(true);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('vet check', () => {
  beforeEach(() => resetStore({ token: 'token', user: vet, activeVenue }));

  it('counts the horses by their latest status on the dashboard', async () => {
    renderApp('/vetcheck');
    await expectCount('Passed', '1');
    await expectCount('Failed', '1');
    await expectCount('Held for re-inspection', '0');
    await expectCount('Not inspected', '1');
    expect(screen.getByRole('link', { name: 'Vet-check view' })).toBeTruthy();
  });

  it('lists horses by head number, searches, records an inspection and shows the history newest first', async () => {
    renderApp('/vetcheck/list');
    await screen.findByRole('listitem', { name: '#7 Cornet' }, PAGE_LOAD);
    expect(screen.getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual([
      '#7 Cornet',
      '#12 Blue Moon',
      '#140 Amber',
    ]);
    expect(within(screen.getByRole('listitem', { name: '#12 Blue Moon' })).getByText('Passed')).toBeTruthy();
    type('Head number or name', '14');
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    type('Head number or name', '12');
    fireEvent.click(await screen.findByRole('button', { name: 'Inspect #12 Blue Moon' }));

    const dialog = await screen.findByRole('dialog', { name: '#12 Blue Moon' });
    expect((within(dialog).getByLabelText('Inspector') as HTMLInputElement).value).toBe('Vera Vet');
    const time = within(dialog).getByLabelText(/^Time/) as HTMLInputElement;
    expect(Math.abs(new Date(time.value).getTime() - Date.now())).toBeLessThan(120_000);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save inspection' }));
    expect(await within(dialog).findByText('This field is required.')).toBeTruthy();
    expect(await outbox()).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('radio', { name: 'Held for re-inspection' }));
    fireEvent.change(within(dialog).getByLabelText('Notes'), { target: { value: 'Heat in the left fore' } });
    fireEvent.change(time, { target: { value: '2026-01-10T14:30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save inspection' }));
    await waitFor(async () => expect(await outbox()).toHaveLength(1));
    const [item] = await outbox();
    expect(item).toMatchObject({ entity: 'inspections', path: 'vetInspection/' });
    expect(item!.body).toMatchObject({
      horse: 31,
      status: 'held',
      notes: 'Heat in the left fore',
      inspector: 'Vera Vet',
      occurred_at: new Date('2026-01-10T14:30').toISOString(),
    });

    const history = within(dialog).getByRole('list', { name: 'History' });
    await waitFor(() => expect(within(history).getAllByRole('listitem')).toHaveLength(3));
    const items = within(history).getAllByRole('listitem');
    expect(within(items[0]!).getByText('Heat in the left fore')).toBeTruthy();
    expect(within(items[0]!).getByText('Pending')).toBeTruthy();
    expect(within(items[1]!).getByText('Sound now')).toBeTruthy();
    expect(within(items[2]!).getByText('Slightly lame')).toBeTruthy();
  });
});

describe('organizer floor views', () => {
  beforeEach(() => resetStore({ token: 'token', user: organizer, activeVenue }));

  it('links the three floor views from the show office start page', async () => {
    renderApp('/organizer/list');
    fireEvent.click(await screen.findByRole('link', { name: 'Vet-check' }, PAGE_LOAD));
    expect(await screen.findByRole('heading', { name: 'Vet-check', level: 1 })).toBeTruthy();
    await expectCount('Failed', '1');
    expect(await screen.findByRole('listitem', { name: '#140 Amber' })).toBeTruthy();
  });

  it('shows the sign-in and welcome desk screens at the organizer venue', async () => {
    renderApp('/organizer/signin');
    expect(await screen.findByRole('button', { name: 'Sign in Rita Reiter' }, PAGE_LOAD)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in Rita Reiter' }));
    await waitFor(async () => expect(await outbox()).toHaveLength(1));
    expect((await outbox())[0]).toMatchObject({ user: 2, venue: 1, entity: 'signins' });
  });

  it('lets the show office add and check in attendees', async () => {
    renderApp('/organizer/welcomedesk');
    expect(await screen.findByRole('form', { name: 'New attendee' }, PAGE_LOAD)).toBeTruthy();
    type(/^First name/, 'Olga');
    fireEvent.click(screen.getByRole('button', { name: 'Add attendee' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Check in Olga' }));
    await waitFor(async () => expect(await outbox()).toHaveLength(2));
    const [created, checkedIn] = await outbox();
    expect(checkedIn!.body).toMatchObject({ attendee_key: created!.key, action: 'in' });
  });
});
