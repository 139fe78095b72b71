import 'fake-indexeddb/auto';
import { notifications } from '@mantine/notifications';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Transaction } from '@shared/schemas/ledger';
import type { VenueParticipation } from '@shared/schemas/participation';
import { Providers } from '@/app/providers';
import { AttendeeForm } from '@/features/floor/components/attendee-form';
import { AttendeeList } from '@/features/floor/components/attendee-list';
import { FloorVenueProvider, useFloorVenue } from '@/features/floor/use-floor-venue';
import type * as SyncModule from '@/offline/sync';
import { floorDb, type LocalAttendee } from '@/offline/db';
import { useFloorSync } from '@/offline/sync';
import { queryClient } from '@/lib/query-client';
import { activeVenue, outbox, PAGE_LOAD, seedFloor, setOnline, sync, type } from './floor-fixtures';
import { demoVenue, json, makeUser, mockFetch, renderApp, resetStore } from './helpers';

vi.mock('@/offline/sync', async (importOriginal) => ({
  ...(await importOriginal<typeof SyncModule>()),
  useFloorSync: vi.fn(),
}));

/*
 * The admin's views of any venue: the floor's components work at the venue they are
 * given, never at the signed-in user's; and the organizer's rider page.
 */

const autumn = { ...demoVenue, id: 2, name: 'Autumn Jumping 2026', currency: 'CHF', currencyDisplay: 'CHF' };
const desk = makeUser({ id: 5, username: 'welcomedesk', roles: ['welcomedesk'], assigned_venue: 1, rider_id: null });
const admin = makeUser({ id: 1, username: 'admin', roles: ['admin'], rider_id: null });
const organizer = makeUser({ id: 2, username: 'organizer', roles: ['organizer'], assigned_venue: 1, rider_id: null });

const attendee = (id: number, venue: number, first: string, last: string): LocalAttendee => ({
  id,
  venue,
  key: null,
  first_name: first,
  last_name: last,
  email: null,
  phone: null,
  kind: 'guest',
  role: null,
  organisation: null,
  badge: null,
  user: null,
  created_at: '2026-12-01T07:00:00.000Z',
});

beforeEach(async () => {
  queryClient.clear();
  await seedFloor();
  // Venue 2's snapshot beside venue 1's: an attendee each, and a horse of venue 2.
  await floorDb.sync.put({ ...sync, venue: 2, venueName: autumn.name, currency: 'CHF', currencyDisplay: 'CHF' });
  await floorDb.attendees.bulkPut([attendee(1, 1, 'Anna', 'Eins'), attendee(2, 2, 'Vera', 'Zwei')]);
  await floorDb.horses.put({
    id: 90,
    venue: 2,
    participation: 13,
    rider: 3,
    horse: 190,
    name: 'Herbstwind',
    fei_id: null,
    head_number: 44,
  });
  setOnline(false);
  vi.spyOn(notifications, 'show').mockImplementation(() => 'toast');
});

afterEach(() => {
  setOnline(true);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('FloorVenueProvider', () => {
  it("reads and writes venue B while the signed-in user's venue is A", async () => {
    resetStore({ token: 'token', user: desk, activeVenue });
    function Venue() {
      return <output aria-label="venue">{useFloorVenue()}</output>;
    }
    render(
      <Providers>
        <MemoryRouter>
          <Venue />
          <FloorVenueProvider venue={2}>
            <Venue />
            <AttendeeList />
            <AttendeeForm />
          </FloorVenueProvider>
        </MemoryRouter>
      </Providers>,
    );
    expect(screen.getAllByLabelText('venue').map((node) => node.textContent)).toEqual(['1', '2']);
    expect(await screen.findByRole('listitem', { name: 'Vera Zwei' })).toBeTruthy();
    expect(screen.queryByRole('listitem', { name: 'Anna Eins' })).toBeNull();

    type(/^First name/, 'Mia');
    type(/^Last name/, 'Muster');
    fireEvent.click(screen.getByRole('button', { name: 'Add attendee' }));
    await waitFor(async () => expect(await outbox()).toHaveLength(1));
    const [item] = await outbox();
    expect(item).toMatchObject({ venue: 2, entity: 'attendees', body: { venue: 2, first_name: 'Mia' } });
    expect(await floorDb.attendees.get(item!.key)).toMatchObject({ venue: 2, pending: 1 });
    // Shown in venue 2's list at once; venue 1's store has no such attendee.
    expect(await screen.findByRole('listitem', { name: 'Mia Muster' })).toBeTruthy();
    expect(await floorDb.attendees.where('venue').equals(1).count()).toBe(1);
  });
});

describe("the admin's floor views", () => {
  beforeEach(() => {
    resetStore({ token: 'token', user: admin, activeVenue: null });
    mockFetch({ 'GET /api/v1/venue/2/': () => json(200, autumn) });
  });

  it("shows the welcome desk of the route's venue, keeps it in sync and adds an attendee there", async () => {
    renderApp('/venues/2/views/welcomedesk/attendees');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome desk' }, PAGE_LOAD)).toBeTruthy();
    expect(await screen.findByText(/Autumn Jumping 2026/)).toBeTruthy();
    expect(await screen.findByRole('listitem', { name: 'Vera Zwei' })).toBeTruthy();
    expect(screen.queryByRole('listitem', { name: 'Anna Eins' })).toBeNull();
    expect(vi.mocked(useFloorSync)).toHaveBeenLastCalledWith(2);

    fireEvent.click(screen.getByRole('link', { name: 'Add attendee' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Add attendee' })).toBeTruthy();
    const form = await screen.findByRole('form', { name: 'New attendee' });
    type(/^First name/, 'Otto');
    fireEvent.click(within(form).getByRole('button', { name: 'Add attendee' }));
    await waitFor(async () => expect(await outbox()).toHaveLength(1));
    expect((await outbox())[0]).toMatchObject({ venue: 2, user: 1, body: { venue: 2, first_name: 'Otto' } });
    // The sync state counts the write as venue 2's.
    const status = screen.getByRole('status', { name: 'Sync state' });
    expect(await within(status).findByText('Writes pending: 1')).toBeTruthy();
  });

  it("shows the vet check of the route's venue: its horses only, with the counts", async () => {
    renderApp('/venues/2/views/vetcheck');
    expect(await screen.findByRole('heading', { level: 1, name: 'Vet-check view' }, PAGE_LOAD)).toBeTruthy();
    expect(await screen.findByRole('listitem', { name: '#44 Herbstwind' })).toBeTruthy();
    expect(screen.queryByRole('listitem', { name: '#12 Blue Moon' })).toBeNull();
    const counts = screen.getByRole('list', { name: 'Vet status of the horses' });
    expect((await within(counts).findByLabelText('Horses: Not inspected')).textContent).toBe('1');
    expect(within(counts).getByLabelText('Horses: Passed').textContent).toBe('0');
  });
});

const participation: VenueParticipation = {
  id: 11,
  venue: 1,
  rider: { id: 4, user: null, name: 'Bruno Brandt', email: null, fei_id: '10099887' },
  payer: { type: 'employer', id: 2, name: 'Stall Sonnenhof' },
  horses: [
    { id: 32, horse: { id: 132, name: 'Cornet', fei_id: null }, head_number: 7 },
    { id: 34, horse: { id: 134, name: 'Dante', fei_id: null }, head_number: null },
  ],
  events: [{ id: 5, vec: 3, name: 'CSI2* Grand Prix', horse: 132 }],
  arrived_at: null,
  signed_in_at: null,
  balance: -12_550,
};

const charge: Transaction = {
  id: 70,
  venue: 1,
  kind: 'charge',
  party: { type: 'employer', id: 2, name: 'Stall Sonnenhof' },
  beneficiary: { id: 4, name: 'Bruno Brandt' },
  merchant: null,
  consumable: null,
  vec: null,
  category: 'box',
  description: 'Stable box, 3 nights',
  quantity: 3,
  unit_price: 4000,
  tax_type: null,
  tax_rate_bp: 0,
  prices_include_tax: true,
  net: -12_000,
  tax: 0,
  gross: -12_000,
  fee: 0,
  currency: 'EUR',
  source: 'office',
  created_by: { id: 2, name: 'organizer' },
  device_id: null,
  occurred_at: '2026-12-03T10:00:00.000Z',
  recorded_at: '2026-12-03T10:00:00.000Z',
  invoice: null,
  reversal_of: null,
  reversed_by: null,
  replaces: null,
  editable: true,
};

describe("the organizer's rider page", () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  beforeEach(() => {
    resetStore({ token: 'token', user: organizer, activeVenue });
    fetchMock = mockFetch({
      'GET /api/v1/venue/1/': () => json(200, { ...demoVenue, time_zone: 'Europe/Ljubljana' }),
      'GET /api/v1/venueParticipation/': (url) =>
        json(
          200,
          url.searchParams.get('rider') === '4' ? { count: 1, results: [participation] } : { count: 0, results: [] },
        ),
      'GET /api/v1/transaction/': () =>
        json(200, { count: 1, results: [charge], totals: { net: -12_000, tax: 0, gross: -12_000 } }),
      'GET /api/v1/rider/listAtVenue/': () =>
        json(200, { count: 1, results: [{ ...participation.rider, participation: 11, balance: -12_550 }] }),
    });
  });

  it('opens from the list: participation, horses with head numbers, events, balance and transactions', async () => {
    renderApp('/organizer/list');
    const people = await screen.findByRole('region', { name: 'People at the venue' }, PAGE_LOAD);
    fireEvent.click(await within(people).findByRole('link', { name: 'Bruno Brandt' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bruno Brandt' })).toBeTruthy();
    const facts = screen.getByRole('region', { name: 'Participation' });
    expect(within(facts).getByText('Stall Sonnenhof')).toBeTruthy();
    expect(within(facts).getByText('Employer')).toBeTruthy();
    expect(within(facts).getByText('Balance of Stall Sonnenhof at this venue')).toBeTruthy();
    expect(within(facts).getByText('-125.50 €')).toBeTruthy();
    expect(screen.getByText('Cornet — head number 7')).toBeTruthy();
    expect(screen.getByText('Dante — no head number yet')).toBeTruthy();
    expect(screen.getByText('CSI2* Grand Prix — Cornet')).toBeTruthy();
    expect(await screen.findAllByText('Stable box, 3 nights')).not.toHaveLength(0);
    const reads = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
    const participationRead = reads.find((url) => url.pathname === '/api/v1/venueParticipation/')!;
    expect(Object.fromEntries(participationRead.searchParams)).toMatchObject({ venue: '1', rider: '4' });
    const transactionRead = reads.find((url) => url.pathname === '/api/v1/transaction/')!;
    expect(Object.fromEntries(transactionRead.searchParams)).toMatchObject({ venue: '1', rider: '4' });
  });

  it('says so for a rider who is not at the venue', async () => {
    renderApp('/organizer/rider/99');
    expect(await screen.findByRole('alert', {}, PAGE_LOAD)).toBeTruthy();
    expect(screen.getByText('This rider is not enrolled at your venue.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Transactions at this venue' })).toBeNull();
  });
});
