import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Horse, OfficialParticipation, VenueParticipation } from '@shared/schemas/participation';
import type { VenueDetail } from '@shared/schemas/venue-setup';
import { queryClient } from '@/lib/query-client';
import { demoVenue, json, makeUser, mockFetch, renderApp, resetStore } from './helpers';

/** Pages load their route chunk on first use, and the machine is shared: allow time. */

const admin = makeUser({ id: 1, username: 'admin', roles: ['admin'], rider_id: null });
const organizer = makeUser({ id: 2, username: 'organizer', roles: ['organizer'], rider_id: null, assigned_venue: 1 });
const venue: VenueDetail = {
  ...demoVenue,
  time_zone: 'Europe/Ljubljana',
  whitelabel_domain: null,
  head_number_from: 1,
  head_number_to: 300,
  self_checkout: false,
  prices_include_tax: true,
};
const vecs = [
  { id: 5, venue: 1, event_category: 2, event_category_code: 'CSI2*', name: 'CSI2* Lipica', default_entry_fee: 15000 },
];
const SLOW = { timeout: 45_000 };

const rita: VenueParticipation = {
  id: 1,
  venue: 1,
  rider: { id: 3, user: 7, name: 'Rita Reiter', email: 'rider@paddock.demo', fei_id: '10012345' },
  payer: { type: 'employer', id: 2, name: 'Stall Sonnenhof GmbH' },
  horses: [
    { id: 11, horse: { id: 21, name: 'Cornet', fei_id: '105IG70' }, head_number: 12 },
    { id: 12, horse: { id: 22, name: 'Quidam', fei_id: null }, head_number: null },
  ],
  events: [
    { id: 1, vec: 5, name: 'CSI2* Lipica', horse: 21 },
    { id: 2, vec: 5, name: 'CSI2* Lipica', horse: 22 },
  ],
  arrived_at: null,
  signed_in_at: null,
  balance: -12550,
};
const max: VenueParticipation = {
  ...rita,
  id: 2,
  rider: { id: 4, user: null, name: 'Max Muster', email: null, fei_id: null },
  payer: { type: 'rider', id: 4, name: 'Max Muster' },
  horses: [],
  events: [],
  balance: 0,
};

type Handler = (url: URL) => Response | Promise<Response>;

function server(page: Record<string, Handler>) {
  return mockFetch({
    // The officials page's card of merchants, unless a test serves its own (before the venue's route).
    'GET /api/v1/venue/1/merchants/': () => json(200, { results: [] }),
    ...page,
    'GET /api/v1/venueEventCategory/': () => json(200, { count: 1, results: vecs }),
    'GET /api/v1/venue/check_hostname/': () => json(200, { logo: null, venue: null }),
    'GET /api/v1/venue/1/': () => json(200, venue),
    'GET /api/v1/config/': () =>
      json(200, { version: 'test', environment: 'test', impersonation_enabled: false, stripe_publishable_key: null }),
  });
}

function calls(fetchMock: ReturnType<typeof mockFetch>, method: string, path: string) {
  return fetchMock.mock.calls.filter(
    ([input, init]) =>
      (init?.method ?? 'GET') === method && new URL(String(input), 'http://localhost').pathname === path,
  );
}

const bodies = (fetchMock: ReturnType<typeof mockFetch>, method: string, path: string): unknown[] =>
  calls(fetchMock, method, path).map(([, init]) => JSON.parse(String(init?.body)));

const queries = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  calls(fetchMock, 'GET', path).map(([input]) =>
    Object.fromEntries(new URL(String(input), 'http://localhost').searchParams),
  );

const toasts = () => vi.mocked(notifications.show).mock.calls.map(([toast]) => toast.message);

/** Type into a searchable Mantine Select or MultiSelect and pick an option of its (open) list. */
async function search(combobox: HTMLElement, text: string, option: string) {
  combobox.focus();
  fireEvent.click(combobox);
  fireEvent.change(combobox, { target: { value: text } });
  // Outside `env="test"` Mantine hides a dropdown it cannot place (jsdom has no layout).
  const list = await waitFor(() => document.getElementById(combobox.getAttribute('aria-controls') ?? '')!);
  fireEvent.click(await within(list).findByRole('option', { name: option, hidden: true }, SLOW));
}

/** The row of a rider (whose name may also be in the payer column). */
const rowOf = async (name: string) => (await screen.findAllByText(name, {}, SLOW))[0]!.closest('tr')!;

beforeEach(() => {
  queryClient.clear();
  resetStore({ token: 'token', user: admin });
  vi.spyOn(notifications, 'show').mockImplementation(() => 'toast');
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('participants', () => {
  /** The venue's participants; `extra` comes first and answers in place of a default it names. */
  function participantServer(extra: Record<string, Handler> = {}) {
    let list = [rita, max];
    const defaults: Record<string, Handler> = {
      'GET /api/v1/venueParticipation/': (url) => {
        const term = (url.searchParams.get('search') ?? '').toLowerCase();
        const found = list.filter((p) => p.rider.name.toLowerCase().includes(term));
        return json(200, { count: found.length, results: found });
      },
      'POST /api/v1/venue/1/assignHeadNumbers/': () => {
        list = list.map((p) => ({ ...p, horses: p.horses.map((h) => ({ ...h, head_number: h.head_number ?? 13 })) }));
        return json(200, { count: list.length, results: list });
      },
      'POST /api/v1/venue/1/deleteHeadNumbers/': () => {
        list = list.map((p) => ({ ...p, horses: p.horses.map((h) => ({ ...h, head_number: null })) }));
        return json(200, { count: list.length, results: list });
      },
    };
    return server({ ...extra, ...defaults, ...extra });
  }

  it('shows payer, horses with head numbers, events and balance, and links admins to the transactions', async () => {
    const fetchMock = participantServer();
    renderApp('/venues/1/views/participants');
    expect(await screen.findByRole('heading', { level: 1, name: 'Participants' }, SLOW)).toBeTruthy();
    const row = await rowOf('Rita Reiter');
    expect(within(row).getByText('Stall Sonnenhof GmbH')).toBeTruthy();
    expect(within(row).getByText('Employer')).toBeTruthy();
    expect(within(row).getByText('Cornet').closest('div')!.textContent).toBe('CornetHead number 12');
    expect(within(row).getByText('Quidam').closest('div')!.textContent).toBe('Quidamno head number');
    expect(within(row).getByText('CSI2* Lipica')).toBeTruthy();
    expect(within(row).getByText('-125.50 €')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Transactions of Rita Reiter' }).getAttribute('href')).toBe(
      '/venues/1/views/transactions/rider/3',
    );
    expect(within(await rowOf('Max Muster')).getByText('0.00 €')).toBeTruthy();
    expect(queries(fetchMock, '/api/v1/venueParticipation/')[0]).toEqual({ venue: '1', page: '1', page_size: '100' });
  });

  it('assigns the free head numbers of the venue and shows them', async () => {
    const fetchMock = participantServer();
    renderApp('/venues/1/views/participants');
    await rowOf('Rita Reiter');
    fireEvent.click(screen.getByRole('button', { name: 'Assign head numbers' }));
    await waitFor(() => expect(screen.getByText('Quidam').closest('div')!.textContent).toBe('QuidamHead number 13'));
    expect(bodies(fetchMock, 'POST', '/api/v1/venue/1/assignHeadNumbers/')).toEqual([{}]);
    expect(toasts()).toContain('Head numbers assigned.');
  });

  it('says where to set the range when the show has no head-number range', async () => {
    participantServer({
      'POST /api/v1/venue/1/assignHeadNumbers/': () =>
        json(400, { error: 'validation', message: 'Invalid input', fields: { __all__: ['no_head_number_range'] } }),
    });
    renderApp('/venues/1/views/participants');
    await rowOf('Rita Reiter');
    fireEvent.click(screen.getByRole('button', { name: 'Assign head numbers' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('No free head numbers')).toBeTruthy();
    expect(within(alert).getByText(/has no head-number range yet/)).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Set the head-number range' }).getAttribute('href')).toBe(
      '/venues/1/config/other',
    );
    expect(toasts()).not.toContain('Please correct the errors below.');
  });

  it('deletes the head numbers only after the confirm dialog', async () => {
    const fetchMock = participantServer();
    renderApp('/venues/1/views/participants');
    await rowOf('Rita Reiter');
    fireEvent.click(screen.getByRole('button', { name: 'Delete head numbers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Please confirm' });
    expect(within(dialog).getByText('Take back every head number of this venue?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getByText('Cornet').closest('div')!.textContent).toBe('Cornetno head number'));
    expect(bodies(fetchMock, 'POST', '/api/v1/venue/1/deleteHeadNumbers/')).toEqual([{}]);
    expect(toasts()).toContain('Head numbers deleted.');
  });

  it('searches on the server', async () => {
    const fetchMock = participantServer();
    renderApp('/venues/1/views/participants');
    await rowOf('Max Muster');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search participants' }), { target: { value: 'rita' } });
    await waitFor(() => expect(screen.queryByText('Max Muster')).toBeNull(), SLOW);
    expect(queries(fetchMock, '/api/v1/venueParticipation/').at(-1)).toEqual({
      venue: '1',
      page: '1',
      page_size: '100',
      search: 'rita',
    });
  });

  it('enrols a rider with a found horse, a horse created by name, and an event', async () => {
    const horses: Horse[] = [
      {
        id: 21,
        name: 'Cornet',
        fei_id: '105IG70',
        national_id: null,
        birth_year: 2010,
        sex: 'stallion',
        colour: null,
        breed: null,
      },
    ];
    const fetchMock = participantServer({
      'GET /api/v1/rider/': (url) =>
        json(
          200,
          url.searchParams.get('search') === 'rit' ? { count: 1, results: [rita.rider] } : { count: 0, results: [] },
        ),
      'GET /api/v1/horse/': (url) => {
        const term = (url.searchParams.get('search') ?? '').toLowerCase();
        const found = horses.filter((h) => h.name.toLowerCase().startsWith(term));
        return json(200, { count: found.length, results: found });
      },
      'POST /api/v1/horse/': () => {
        const horse = { ...horses[0]!, id: 23, name: 'Baloubet', fei_id: null };
        horses.push(horse);
        return json(201, horse);
      },
      'POST /api/v1/venueParticipation/': () => json(201, rita),
    });
    renderApp('/venues/1/views/participants');
    await rowOf('Rita Reiter');
    fireEvent.click(screen.getByRole('button', { name: 'Enrol rider' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enrol rider' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This field is required.')).toBeTruthy();

    await search(within(dialog).getByRole('combobox', { name: 'Rider' }), 'rit', 'Rita Reiter (10012345)');
    const horsesInput = within(dialog).getByRole('combobox', { name: 'Horses' });
    await search(horsesInput, 'corn', 'Cornet (105IG70)');
    // "Create horse" is an entry of the open list (a button below it sat under the list)
    await search(horsesInput, 'Baloubet', 'Create horse “Baloubet”');
    await waitFor(() => expect(within(dialog).getByText('Baloubet')).toBeTruthy());
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Events' }));
    const events = within(dialog).getByRole('combobox', { name: 'Events' });
    const list = document.getElementById(events.getAttribute('aria-controls') ?? '')!;
    fireEvent.click(await within(list).findByRole('option', { name: 'CSI2* Lipica', hidden: true }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Enrol rider' })).toBeNull());
    expect(bodies(fetchMock, 'POST', '/api/v1/horse/')).toEqual([{ name: 'Baloubet' }]);
    expect(bodies(fetchMock, 'POST', '/api/v1/venueParticipation/')).toEqual([
      { venue: 1, rider: 3, horses: [21, 23], events: [5] },
    ]);
    expect(toasts()).toContain('Saved successfully.');
  });

  it('creates a new horse from the keyboard: type its name, arrow down to "Create horse", Enter', async () => {
    const fetchMock = participantServer({
      'GET /api/v1/rider/': () => json(200, { count: 1, results: [rita.rider] }),
      'GET /api/v1/horse/': () => json(200, { count: 0, results: [] }),
      'POST /api/v1/horse/': () =>
        json(201, {
          id: 31,
          name: 'Jappeloup',
          fei_id: null,
          national_id: null,
          birth_year: null,
          sex: null,
          colour: null,
          breed: null,
        }),
      'POST /api/v1/venueParticipation/': () => json(201, rita),
    });
    renderApp('/venues/1/views/participants');
    await rowOf('Rita Reiter');
    fireEvent.click(screen.getByRole('button', { name: 'Enrol rider' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enrol rider' });
    await search(within(dialog).getByRole('combobox', { name: 'Rider' }), 'rit', 'Rita Reiter (10012345)');
    const horses = within(dialog).getByRole('combobox', { name: 'Horses' });
    horses.focus();
    fireEvent.click(horses);
    fireEvent.change(horses, { target: { value: 'Jappeloup' } });
    const list = await waitFor(() => document.getElementById(horses.getAttribute('aria-controls') ?? '')!);
    await within(list).findByRole('option', { name: 'Create horse “Jappeloup”', hidden: true }, SLOW);
    fireEvent.keyDown(horses, { key: 'ArrowDown', code: 'ArrowDown' });
    fireEvent.keyDown(horses, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(bodies(fetchMock, 'POST', '/api/v1/horse/')).toEqual([{ name: 'Jappeloup' }]));
    expect(await within(dialog).findByText('Jappeloup')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodies(fetchMock, 'POST', '/api/v1/venueParticipation/')).toEqual([
        { venue: 1, rider: 3, horses: [31], events: [] },
      ]),
    );
  });

  it('enrols someone new to the show found by exact e-mail; an unknown FEI id is tried as a national id too', async () => {
    resetStore({ token: 'token', user: organizer });
    const fetchMock = participantServer({
      'GET /api/v1/rider/': () => json(200, { count: 0, results: [] }),
      'GET /api/v1/horse/': () => json(200, { count: 0, results: [] }),
      'POST /api/v1/people/lookup/': async (url) => {
        const body = JSON.parse(String(calls(fetchMock, 'POST', url.pathname).at(-1)![1]!.body)) as { by: string };
        return body.by === 'email'
          ? json(200, { id: 9, type: 'rider', name: 'Nora Neu' })
          : json(404, { error: 'not_found', message: 'Not found' });
      },
      'POST /api/v1/venueParticipation/': () => json(201, { ...rita, id: 3 }),
    });
    renderApp('/organizer/participants');
    await rowOf('Rita Reiter');
    fireEvent.click(screen.getByRole('button', { name: 'Enrol rider' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enrol rider' });
    const exact = within(dialog).getByRole('textbox', { name: /Find by e-mail, FEI ID or national ID/ });

    // An FEI id nobody has: tried as FEI id, then as national id, and said so.
    fireEvent.change(exact, { target: { value: '10099999' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Find' }));
    expect(await within(dialog).findByText('Nobody has exactly this e-mail, FEI ID or national ID.')).toBeTruthy();
    fireEvent.change(exact, { target: { value: 'nora@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Find' }));
    await waitFor(() =>
      expect((within(dialog).getByRole('combobox', { name: 'Rider' }) as HTMLInputElement).value).toBe('Nora Neu'),
    );
    expect(bodies(fetchMock, 'POST', '/api/v1/people/lookup/')).toEqual([
      { kind: 'rider', by: 'fei_id', value: '10099999' },
      { kind: 'rider', by: 'national_id', value: '10099999' },
      { kind: 'rider', by: 'email', value: 'nora@example.com' },
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Enrol rider' })).toBeNull());
    expect(bodies(fetchMock, 'POST', '/api/v1/venueParticipation/')).toEqual([
      { venue: 1, rider: 9, horses: [], events: [] },
    ]);
  });

  it("shows the organizer their own venue's participants, without the admin's transaction links", async () => {
    resetStore({ token: 'token', user: organizer });
    const fetchMock = participantServer();
    renderApp('/organizer/participants');
    const row = await rowOf('Rita Reiter');
    expect(within(row).getByText('-125.50 €')).toBeTruthy();
    expect(within(row).queryByRole('link', { name: 'Transactions of Rita Reiter' })).toBeNull();
    expect(queries(fetchMock, '/api/v1/venueParticipation/')[0]).toMatchObject({ venue: '1' });
  });
});

describe('officials', () => {
  const judge: OfficialParticipation = {
    id: 1,
    venue: 1,
    official: { id: 5, user: 11, name: 'Julia Judge', email: 'official@paddock.demo', fei_id: '10099999' },
    function: 'judge',
    date_from: '2026-12-03',
    date_to: '2026-12-06',
    days: 4,
    day_rate: 25000,
    travel: 8000,
    per_diem: 4000,
    withholding_bp: 1500,
    balance: 108000,
  };

  it('lists the officials with their fees and adds one with amounts and a percentage as typed', async () => {
    const fetchMock = server({
      'GET /api/v1/officialParticipation/': () => json(200, { count: 1, results: [judge] }),
      'POST /api/v1/officialParticipation/': () => json(201, { ...judge, id: 2 }),
      'GET /api/v1/official/': () =>
        json(200, { count: 1, results: [{ ...judge.official, id: 6, name: 'Stefan Steward', fei_id: null }] }),
    });
    renderApp('/venues/1/views/officials');
    const row = await rowOf('Julia Judge');
    expect(within(row).getByText('Judge')).toBeTruthy();
    expect(within(row).getByText('3.12.2026 – 6.12.2026')).toBeTruthy();
    expect(within(row).getByText('250.00 €')).toBeTruthy();
    expect(within(row).getByText('15 %')).toBeTruthy();
    expect(within(row).getByText('1080.00 €')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add official' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add official' });
    await search(
      within(dialog).getByRole('combobox', { name: 'Official' }),
      'stef',
      'Stefan Steward (official@paddock.demo)',
    );
    const fn = within(dialog).getByRole('combobox', { name: 'Function' });
    fireEvent.click(fn);
    const list = document.getElementById(fn.getAttribute('aria-controls') ?? '')!;
    fireEvent.click(await within(list).findByRole('option', { name: 'Steward', hidden: true }));
    fireEvent.change(within(dialog).getByLabelText('From'), { target: { value: '2026-12-03' } });
    fireEvent.change(within(dialog).getByLabelText('To'), { target: { value: '2026-12-05' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Days' }), { target: { value: '3' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Day rate' }), { target: { value: '250,00' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Travel' }), { target: { value: '80' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Per diem' }), { target: { value: '40,5' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Withholding (%)' }), { target: { value: '12,5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add official' })).toBeNull());
    expect(bodies(fetchMock, 'POST', '/api/v1/officialParticipation/')).toEqual([
      {
        venue: 1,
        official: 6,
        function: 'steward',
        date_from: '2026-12-03',
        date_to: '2026-12-05',
        days: 3,
        day_rate: 25000,
        travel: 8000,
        per_diem: 4050,
        withholding_bp: 1250,
      },
    ]);
  });
});

describe('merchants at the show', () => {
  const shop = {
    id: 6,
    user: 12,
    name: 'Hoof & Co',
    email: 'merchant@paddock.demo',
    fei_id: null,
    registered_at: '2026-12-01T10:00:00.000Z',
  };
  const saddlery = { ...shop, id: 7, user: null, name: 'Saddle Shop', email: 'saddles@example.org' };

  it('lists the registered merchants, registers one found by name and removes one after confirming', async () => {
    const fetchMock = server({
      'GET /api/v1/officialParticipation/': () => json(200, { count: 0, results: [] }),
      'GET /api/v1/venue/1/merchants/': () => json(200, { results: [shop] }),
      'POST /api/v1/venue/1/merchants/': () => json(201, saddlery),
      'DELETE /api/v1/venue/1/merchants/6/': () => new Response(null, { status: 204 }),
      'GET /api/v1/merchant/': () => json(200, { count: 1, results: [saddlery] }),
    });
    renderApp('/venues/1/views/officials');
    const heading = await screen.findByRole('heading', { name: 'Merchants at this show' }, SLOW);
    const card = heading.closest('section')!;
    expect(await within(card).findByText('Hoof & Co', {}, SLOW)).toBeTruthy();

    await search(within(card).getByRole('combobox', { name: 'Merchant' }), 'sadd', 'Saddle Shop (saddles@example.org)');
    fireEvent.click(within(card).getByRole('button', { name: 'Register merchant' }));
    await waitFor(() => expect(bodies(fetchMock, 'POST', '/api/v1/venue/1/merchants/')).toEqual([{ merchant: 7 }]));
    await waitFor(() => expect(toasts()).toContain('Saddle Shop is registered at the show.'));

    fireEvent.click(within(card).getByRole('button', { name: 'Remove Hoof & Co from the show' }));
    const dialog = await screen.findByRole('dialog', { name: 'Please confirm' });
    expect(calls(fetchMock, 'DELETE', '/api/v1/venue/1/merchants/6/')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls(fetchMock, 'DELETE', '/api/v1/venue/1/merchants/6/')).toHaveLength(1));
  });
});
