import 'fake-indexeddb/auto';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as SyncModule from '@/offline/sync';
import { floorDb, type LocalAttendee, type LocalCheckin, type LocalSignin } from '@/offline/db';
import { queryClient } from '@/lib/query-client';
import { activeVenue, bruno, outbox, PAGE_LOAD, rita, seedFloor, setOnline, type } from './floor-fixtures';
import { demoVenue, json, makeUser, mockFetch, renderApp, resetStore } from './helpers';

vi.mock('@/offline/sync', async (importOriginal) => ({
  ...(await importOriginal<typeof SyncModule>()),
  useFloorSync: vi.fn(),
}));

const staff = (username: 'welcomedesk' | 'signin', id: number) =>
  makeUser({
    id,
    username,
    first_name: 'Desk',
    last_name: 'Person',
    roles: [username],
    assigned_venue: 1,
    rider_id: null,
  });

const attendee = (
  id: number | string,
  first: string,
  last: string,
  more: Partial<LocalAttendee> = {},
): LocalAttendee => ({
  id,
  venue: 1,
  key: typeof id === 'string' ? id : null,
  first_name: first,
  last_name: last,
  email: null,
  phone: null,
  kind: 'guest',
  role: null,
  organisation: null,
  badge: null,
  user: null,
  created_at: '2025-12-03T07:00:00.000Z',
  ...more,
});

const event = { recorded_at: '2026-12-03T10:00:00.000Z', recorded_by: 'desk', device_id: null, key: null };
const checkin = (id: number, attendee: number, action: 'in' | 'out', at: string): LocalCheckin => ({
  ...event,
  id,
  venue: 1,
  attendee,
  action,
  occurred_at: at,
});
const signin = (id: number, participation: number, action: 'in' | 'out', at: string): LocalSignin => ({
  ...event,
  id,
  venue: 1,
  participation,
  action,
  occurred_at: at,
});

const card = (name: string) => screen.findByRole('listitem', { name });

beforeEach(async () => {
  queryClient.clear();
  await seedFloor();
  setOnline(false);
  mockFetch({ 'GET /api/v1/venue/1/': () => json(200, demoVenue) });
  vi.spyOn(notifications, 'show').mockImplementation(() => 'toast');
});

afterEach(() => {
  setOnline(true);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('welcome desk', () => {
  beforeEach(async () => {
    resetStore({ token: 'token', user: staff('welcomedesk', 5), activeVenue });
    await floorDb.attendees.bulkPut([
      attendee(1, 'Anna', 'Abel', {
        kind: 'team_member',
        role: 'groom',
        organisation: 'Stall Sonnenhof',
        badge: 'B-17',
      }),
      attendee(2, 'Paul', 'Presse', { kind: 'press', organisation: 'Horse Daily' }),
      attendee('5e0a1c2e-2f4b-4c1d-9a77-0c1d2e3f4a5b', 'Neu', 'Gast', { pending: 1 }),
      attendee(3, 'Other', 'Venue', { venue: 2 }),
    ]);
    // Anna went in, then out (stored in the other order): she is out now.
    await floorDb.checkins.bulkPut([
      checkin(41, 1, 'out', '2025-12-03T12:00:00.000Z'),
      checkin(40, 1, 'in', '2025-12-03T09:00:00.000Z'),
    ]);
  });

  it('searches by name, badge and organisation, filters by kind and shows the latest state', async () => {
    renderApp('/welcomedesk/list');
    const anna = await screen.findByRole('listitem', { name: 'Anna Abel' }, PAGE_LOAD);
    expect(within(anna).getByText('Checked out')).toBeTruthy();
    expect(within(anna).getByText('Team member · Groom · Stall Sonnenhof · Badge B-17')).toBeTruthy();
    expect(within(await card('Paul Presse')).getByText('Not checked in yet')).toBeTruthy();
    expect(within(await card('Neu Gast')).getByText('Pending')).toBeTruthy();
    expect(screen.queryByRole('listitem', { name: 'Other Venue' })).toBeNull();

    type('Search by name, badge or organisation', 'b-17');
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    type('Search by name, badge or organisation', 'horse daily');
    expect(await card('Paul Presse')).toBeTruthy();
    type('Search by name, badge or organisation', '');
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'press' } });
    await waitFor(() =>
      expect(screen.getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['Paul Presse']),
    );
  });

  it('checks in an attendee not on the server yet by its client key, and a known one by id', async () => {
    renderApp('/welcomedesk/list');
    fireEvent.click(await screen.findByRole('button', { name: 'Check in Neu Gast' }, PAGE_LOAD));
    fireEvent.click(screen.getByRole('button', { name: 'Check in Anna Abel' }));
    await waitFor(async () => expect(await outbox()).toHaveLength(2));
    const [first, second] = await outbox();
    expect(first).toMatchObject({ entity: 'checkins', path: 'attendeeCheckin/' });
    expect(first!.body).toEqual({
      attendee_key: '5e0a1c2e-2f4b-4c1d-9a77-0c1d2e3f4a5b',
      action: 'in',
      occurred_at: expect.any(String) as string,
      device_id: expect.any(String) as string,
    });
    expect(second!.body).toMatchObject({ attendee: 1, action: 'in' });
    expect(second!.body).not.toHaveProperty('attendee_key');
    // The card shows the new state once the local write is read back: waited for, not assumed.
    expect(await within(await card('Neu Gast')).findByText('Checked in')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Check out Anna Abel' })).toBeTruthy();
  });

  it('adds an attendee with translated validation, then shows them pending', async () => {
    renderApp('/welcomedesk/add');
    const form = await screen.findByRole('form', { name: 'New attendee' }, PAGE_LOAD);
    type(/^E-mail/, 'not-an-address');
    fireEvent.click(within(form).getByRole('button', { name: 'Add attendee' }));
    expect(await within(form).findByText('This field is required.')).toBeTruthy();
    expect(within(form).getByText('Enter a valid e-mail address.')).toBeTruthy();
    expect(await outbox()).toHaveLength(0);

    type(/^First name/, 'Mia');
    type(/^Last name/, 'Muster');
    type(/^E-mail/, 'mia@example.com');
    fireEvent.change(within(form).getByLabelText('Kind'), { target: { value: 'team_member' } });
    fireEvent.change(within(form).getByLabelText('Team role'), { target: { value: 'trainer' } });
    type(/^Badge/, 'T-3');
    fireEvent.click(within(form).getByRole('button', { name: 'Add attendee' }));
    await waitFor(async () => expect(await outbox()).toHaveLength(1));
    const [item] = await outbox();
    expect(item).toMatchObject({ entity: 'attendees', path: 'attendee/' });
    expect(item!.body).toMatchObject({
      venue: 1,
      first_name: 'Mia',
      last_name: 'Muster',
      email: 'mia@example.com',
      kind: 'team_member',
      role: 'trainer',
      badge: 'T-3',
    });
    expect(await floorDb.attendees.get(item!.key)).toMatchObject({ pending: 1, key: item!.key, first_name: 'Mia' });
    await waitFor(() => expect((screen.getByLabelText(/^First name/) as HTMLInputElement).value).toBe(''));
  });
});

describe('sign-in', () => {
  beforeEach(async () => {
    resetStore({ token: 'token', user: staff('signin', 6), activeVenue });
    await floorDb.signins.bulkPut([
      signin(51, rita.id as number, 'in', '2025-12-03T08:00:00.000Z'),
      signin(52, rita.id as number, 'out', '2025-12-03T07:00:00.000Z'),
      signin(53, bruno.id as number, 'in', '2025-12-03T06:00:00.000Z'),
      signin(54, bruno.id as number, 'out', '2025-12-03T11:00:00.000Z'),
    ]);
  });

  it('lists the riders with their horses and the state of their latest event; searches by head number', async () => {
    renderApp('/signin/list');
    const ritaCard = await screen.findByRole('listitem', { name: 'Rita Reiter' }, PAGE_LOAD);
    expect(within(ritaCard).getByText('Signed in')).toBeTruthy();
    expect(within(ritaCard).getByText('#12 Blue Moon')).toBeTruthy();
    expect(within(await card('Bruno Brandt')).getByText('Signed out')).toBeTruthy();
    type('Search by name or head number', '7');
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Rita Reiter' })).toBeNull());
    expect(screen.getByRole('listitem', { name: 'Bruno Brandt' })).toBeTruthy();
  });

  it('signs a rider in and out with the participation', async () => {
    renderApp('/signin/list');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in Bruno Brandt' }, PAGE_LOAD));
    await waitFor(async () => expect(await outbox()).toHaveLength(1));
    expect((await outbox())[0]).toMatchObject({ entity: 'signins', path: 'riderSignin/' });
    expect((await outbox())[0]!.body).toMatchObject({ participation: 12, action: 'in' });
    const bruno = await card('Bruno Brandt');
    expect(await within(bruno).findByText('Signed in')).toBeTruthy();
    expect(within(bruno).getByText('Pending')).toBeTruthy();
    fireEvent.click(within(bruno).getByRole('button', { name: 'Sign out Bruno Brandt' }));
    await waitFor(async () => expect(await outbox()).toHaveLength(2));
    expect((await outbox())[1]!.body).toMatchObject({ participation: 12, action: 'out' });
  });
});
