import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHARGE_CATEGORIES } from '@shared/ledger';
import type { Consumable, TaxConfiguration, VenueDetail } from '@shared/schemas/venue-setup';
import { queryClient } from '@/lib/query-client';
import { demoVenue, json, makeUser, mockFetch, renderApp, resetStore } from './helpers';

/** Pages load their route chunk on first use, and the machine is shared: allow time. */

const admin = makeUser({ id: 1, username: 'admin', roles: ['admin'], rider_id: null });
const venue: VenueDetail = {
  ...demoVenue,
  time_zone: 'Europe/Ljubljana',
  whitelabel_domain: null,
  head_number_from: 1,
  head_number_to: 300,
  self_checkout: false,
  prices_include_tax: true,
};
const taxTypes = [
  { id: 1, code: 'VAT22', name: 'VAT standard', rates: [], current_rate_bp: 2200 },
  { id: 2, code: 'VAT95', name: 'VAT reduced', rates: [], current_rate_bp: 950 },
];
const vecs = [
  { id: 5, venue: 1, event_category: 2, event_category_code: 'CSI2*', name: 'CSI2* Lipica', default_entry_fee: 15000 },
];

/** The first page of an admin chunk takes a while in jsdom. */
const SLOW = { timeout: 45_000 };

type Handler = (url: URL) => Response | Promise<Response>;

/** The calls every page of the shell makes, after the page's own (the first matching prefix wins). */
function server(page: Record<string, Handler>) {
  return mockFetch({
    ...page,
    'GET /api/v1/venue/check_hostname/': () => json(200, { logo: null, venue: null }),
    'GET /api/v1/config/': () =>
      json(200, { version: 'test', environment: 'test', impersonation_enabled: false, stripe_publishable_key: null }),
  });
}

/** Query strings of the calls to `path`. */
function queries(fetchMock: ReturnType<typeof mockFetch>, path: string) {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => Object.fromEntries(url.searchParams));
}

/** JSON bodies sent with `method` to `path`. */
function bodies(fetchMock: ReturnType<typeof mockFetch>, method: string, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => init?.method === method && new URL(String(input), 'http://localhost').pathname === path)
    .map(([, init]) => JSON.parse(String(init?.body)));
}

/**
 * Pick an option of a Mantine Select. Outside `env="test"` Mantine hides a dropdown whose input it
 * cannot place (jsdom has no layout), so the open list counts as hidden to Testing Library.
 */
async function choose(combobox: string, option: string) {
  const input = await screen.findByRole('combobox', { name: combobox });
  fireEvent.click(input);
  const list = await waitFor(() => document.getElementById(input.getAttribute('aria-controls') ?? '')!);
  fireEvent.click(await within(list).findByRole('option', { name: option, hidden: true }));
}

const toasts = () => vi.mocked(notifications.show).mock.calls.map(([toast]) => toast.message);

beforeEach(() => {
  queryClient.clear();
  resetStore({ token: 'token', user: admin });
  vi.spyOn(notifications, 'show').mockImplementation(() => 'toast');
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('venue list', () => {
  const all = Array.from({ length: 150 }, (_, i) => ({
    ...venue,
    id: i + 1,
    name: i === 0 ? 'Lipica Classic' : `Show ${i + 1}`,
  }));
  const venueServer: Handler = (url) => {
    const page = Number(url.searchParams.get('page'));
    const size = Number(url.searchParams.get('page_size'));
    const search = (url.searchParams.get('search') ?? '').toLowerCase();
    const matching = all.filter((v) => v.name.toLowerCase().includes(search));
    return json(200, { count: matching.length, results: matching.slice((page - 1) * size, page * size) });
  };

  it(
    'shows 100 venues a page, each linking to its configuration, and an Add venue button',
    { timeout: 180_000 },
    async () => {
      const fetchMock = server({ 'GET /api/v1/venue/': venueServer });
      renderApp('/venues');
      const first = await screen.findByRole('link', { name: 'Lipica Classic' }, SLOW);
      expect(first.getAttribute('href')).toBe('/venues/1/config');
      expect(screen.getByRole('link', { name: 'Add venue' }).getAttribute('href')).toBe('/venues/add');
      const table = screen.getByRole('table');
      expect(table.querySelectorAll('tbody tr')).toHaveLength(100);
      expect(queries(fetchMock, '/api/v1/venue/')).toEqual([{ page: '1', page_size: '100' }]);

      fireEvent.click(within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('button', { name: '2' }));
      expect((await screen.findByRole('link', { name: 'Show 150' }, SLOW)).getAttribute('href')).toBe(
        '/venues/150/config',
      );
      expect(table.querySelectorAll('tbody tr')).toHaveLength(50);
      expect(queries(fetchMock, '/api/v1/venue/').at(-1)).toEqual({ page: '2', page_size: '100' });
    },
  );

  it("describes every link of the admin's first screen in words, never by a raw key", async () => {
    server({ 'GET /api/v1/venue/': venueServer });
    renderApp('/venues');
    await screen.findByRole('link', { name: 'Lipica Classic' }, SLOW);
    expect(screen.queryAllByText(/^links\./)).toEqual([]);
    expect(
      screen.getByText(
        "Synchronise riders, horses and officials with the federation's registry and watch the progress.",
      ),
    ).toBeTruthy();
    expect(screen.getByText("The price lists of every venue; copy one venue's list to another.")).toBeTruthy();
  });

  it('searches on the server once typing pauses, from the first page', async () => {
    const fetchMock = server({ 'GET /api/v1/venue/': venueServer });
    renderApp('/venues');
    await screen.findByText('Total: 150', {}, SLOW);
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('button', { name: '2' }));
    await screen.findByRole('link', { name: 'Show 150' }, SLOW);

    const search = screen.getByRole('searchbox', { name: 'Search venues' });
    for (const text of ['L', 'Li', 'Lip']) fireEvent.change(search, { target: { value: text } });
    expect(await screen.findByText('Total: 1', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Lipica Classic' })).toBeTruthy();
    const searches = queries(fetchMock, '/api/v1/venue/').filter((query) => query.search);
    expect(searches).toEqual([{ page: '1', page_size: '100', search: 'Lip' }]);
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();

    fireEvent.change(search, { target: { value: 'nothing like it' } });
    expect(await screen.findByText('No venue matches the search.', {}, SLOW)).toBeTruthy();
  });
});

describe('add venue', () => {
  const created = {
    ...venue,
    id: 9,
    name: 'Lipica Spring Tour',
    fei_id: '2026_CI_0200',
    start_date: '2026-05-01',
    end_date: '2026-05-03',
  };

  function venueServer() {
    let posts = 0;
    return server({
      'GET /api/v1/country/': () => json(200, { count: 1, results: [{ code: 'SI', name: 'Slovenia' }] }),
      'GET /api/v1/currency/': () => json(200, { count: 1, results: [{ code: 'EUR', name: 'Euro', symbol: '€' }] }),
      'POST /api/v1/venue/': () =>
        ++posts === 1
          ? json(400, { error: 'validation', message: 'Invalid input', fields: { fei_id: ['duplicate'] } })
          : json(201, created),
      'GET /api/v1/venue/9/': () => json(200, created),
    });
  }

  it('checks the required fields before sending anything', async () => {
    const fetchMock = venueServer();
    renderApp('/venues/add');
    fireEvent.click(await screen.findByRole('button', { name: 'Create venue' }, SLOW));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Name' }).getAttribute('aria-invalid')).toBe('true'),
    );
    expect(screen.getAllByText('This field is required.').length).toBeGreaterThanOrEqual(2);
    expect(bodies(fetchMock, 'POST', '/api/v1/venue/')).toEqual([]);
  });

  it('shows the server field errors on the fields, then creates the venue and opens its configuration', async () => {
    const fetchMock = venueServer();
    const router = renderApp('/venues/add');
    expect(await screen.findByRole('heading', { level: 1, name: 'Add venue' }, SLOW)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Lipica Spring Tour' } });
    const feiId = screen.getByRole('textbox', { name: 'FEI show ID' });
    fireEvent.change(feiId, { target: { value: '2026_CI_0139' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'City' }), { target: { value: 'Lipica' } });
    await choose('Country', 'Slovenia (SI)');
    await choose('Currency', 'EUR – Euro');
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Currency display' }) as HTMLInputElement).value).toBe('€'),
    );
    fireEvent.change(screen.getByLabelText('First day'), { target: { value: '2026-05-01' } });
    fireEvent.change(screen.getByLabelText('Last day'), { target: { value: '2026-05-03' } });

    fireEvent.click(screen.getByRole('button', { name: 'Create venue' }));
    expect(await screen.findByText('This value already exists.')).toBeTruthy();
    expect(feiId.getAttribute('aria-invalid')).toBe('true');
    expect(router.state.location.pathname).toBe('/venues/add');

    fireEvent.change(feiId, { target: { value: '2026_CI_0200' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create venue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/venues/9/config'));
    expect(bodies(fetchMock, 'POST', '/api/v1/venue/').at(-1)).toEqual({
      name: 'Lipica Spring Tour',
      fei_id: '2026_CI_0200',
      city: 'Lipica',
      country: 'SI',
      currency: 'EUR',
      currencyDisplay: '€',
      start_date: '2026-05-01',
      end_date: '2026-05-03',
      time_zone: 'Europe/Berlin',
    });
    expect(toasts()).toContain('Saved successfully.');
    expect(await screen.findByRole('heading', { level: 1, name: 'Configuration' }, SLOW)).toBeTruthy();
  });
});

describe('venue configuration overview', () => {
  it("shows the venue's key data and links to every section and view", async () => {
    server({ 'GET /api/v1/venue/1/': () => json(200, venue) });
    renderApp('/venues/1/config');
    expect(await screen.findByRole('heading', { level: 1, name: 'Configuration' }, SLOW)).toBeTruthy();
    expect(await screen.findByText('Lipica, SI')).toBeTruthy();
    expect(screen.getByText('1 to 300')).toBeTruthy();
    const links = {
      Edit: '/venues/1/config/edit',
      Events: '/venues/1/config/venueEventCategories',
      Competitions: '/venues/1/config/competitions',
      Consumables: '/venues/1/config/consumables',
      'Tax configuration': '/venues/1/config/taxConfigurations',
      Staff: '/venues/1/config/users',
      'Other settings': '/venues/1/config/other',
      'E-mails': '/venues/1/config/emails',
      Whitelabel: '/venues/1/config/whitelabels',
      Participants: '/venues/1/views/participants',
      Officials: '/venues/1/views/officials',
      Transactions: '/venues/1/views/transactions',
      'Official transactions': '/venues/1/views/officialTransactions',
    };
    for (const [name, path] of Object.entries(links)) {
      expect(screen.getByRole('link', { name }).getAttribute('href'), name).toBe(path);
    }
  });
});

describe('tax configuration', () => {
  const configuration: TaxConfiguration = {
    vec: 5,
    entries: CHARGE_CATEGORIES.map((category) => ({
      category,
      tax_type: category === 'entry_fee' || category === 'hay' ? 1 : null,
      applies_by_default: true,
      tax_type_name: category === 'entry_fee' || category === 'hay' ? 'VAT standard' : null,
      rate_bp: category === 'entry_fee' || category === 'hay' ? 2200 : null,
    })),
  };

  it('lists the events with a link to each configuration', async () => {
    server({
      'GET /api/v1/venueEventCategory/': () => json(200, { count: 1, results: vecs }),
      'GET /api/v1/venue/1/': () => json(200, venue),
    });
    renderApp('/venues/1/config/taxConfigurations');
    const link = await screen.findByRole('link', { name: 'Edit the tax configuration of CSI2* Lipica' }, SLOW);
    expect(link.getAttribute('href')).toBe('/venues/1/config/taxConfigurations/edit/5');
  });

  it('sends one entry per kind of charge with its tax type and default', async () => {
    const fetchMock = server({
      'GET /api/v1/venueEventCategory/5/taxConfiguration/': () => json(200, configuration),
      'PATCH /api/v1/venueEventCategory/5/taxConfiguration/': () => json(200, configuration),
      'GET /api/v1/venueEventCategory/': () => json(200, { count: 1, results: vecs }),
      'GET /api/v1/taxType/': () => json(200, { count: 2, results: taxTypes }),
      'GET /api/v1/venue/1/': () => json(200, venue),
    });
    const router = renderApp('/venues/1/config/taxConfigurations/edit/5');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Edit tax configuration: CSI2* Lipica' }, SLOW),
    ).toBeTruthy();
    await choose('Tax type for Boxes', 'VAT reduced (9.5 %)');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Applies by default for Hay' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/venues/1/config/taxConfigurations'));
    const [sent] = bodies(fetchMock, 'PATCH', '/api/v1/venueEventCategory/5/taxConfiguration/') as [
      { entries: unknown[] },
    ];
    expect(sent.entries).toHaveLength(CHARGE_CATEGORIES.length);
    expect(sent.entries).toContainEqual({ category: 'entry_fee', tax_type: 1, applies_by_default: true });
    expect(sent.entries).toContainEqual({ category: 'box', tax_type: 2, applies_by_default: true });
    expect(sent.entries).toContainEqual({ category: 'hay', tax_type: 1, applies_by_default: false });
    expect(sent.entries).toContainEqual({ category: 'parking', tax_type: null, applies_by_default: true });
    expect(toasts()).toContain('Saved successfully.');
  });
});

describe('consumables', () => {
  function consumableServer() {
    const stored: Consumable[] = [];
    const fetchMock = server({
      'GET /api/v1/consumable/': () => json(200, { count: stored.length, results: stored }),
      'POST /api/v1/consumable/': async () => {
        const body = JSON.parse(String(fetchMock.mock.calls.at(-1)?.[1]?.body)) as Omit<Consumable, 'id'>;
        const consumable = { ...body, id: stored.length + 1 };
        stored.push(consumable);
        return json(201, consumable);
      },
      'GET /api/v1/taxType/': () => json(200, { count: 2, results: taxTypes }),
      'GET /api/v1/venue/1/': () => json(200, venue),
    });
    return fetchMock;
  }

  it('adds a consumable with its price typed with a decimal comma, in minor units', async () => {
    const fetchMock = consumableServer();
    renderApp('/venues/1/config/consumables');
    expect(await screen.findByText('This venue sells nothing yet.', {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add consumable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add consumable' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Box per night' } });
    await choose('Category', 'Boxes');
    await choose('Tax type', 'VAT standard');
    const price = within(dialog).getByRole('textbox', { name: 'Unit price' });

    fireEvent.change(price, { target: { value: '12,5x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a valid value.')).toBeTruthy();
    expect(bodies(fetchMock, 'POST', '/api/v1/consumable/')).toEqual([]);

    fireEvent.change(price, { target: { value: '12,50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add consumable' })).toBeNull());
    expect(bodies(fetchMock, 'POST', '/api/v1/consumable/')).toEqual([
      { venue: 1, name: 'Box per night', category: 'box', unit: 'piece', unit_price: 1250, tax_type: 1, active: true },
    ]);
    // The list is read again and shows the price with two decimals and the venue's currency.
    const row = (await screen.findByRole('cell', { name: 'Box per night' })).closest('tr')!;
    expect(within(row).getByText('12.50 €')).toBeTruthy();
    expect(within(row).getByText('VAT standard')).toBeTruthy();
    expect(toasts()).toContain('Saved successfully.');
  });
});

describe('events and competitions', () => {
  it('adds an event of a configured category with its default entry fee', async () => {
    const stored: typeof vecs = [];
    const fetchMock = server({
      'GET /api/v1/venueEventCategory/': () => json(200, { count: stored.length, results: stored }),
      'POST /api/v1/venueEventCategory/': () => {
        stored.push(vecs[0]!);
        return json(201, vecs[0]);
      },
      'GET /api/v1/eventCategory/': () =>
        json(200, { count: 1, results: [{ id: 2, code: 'CSI2*', name: 'International 2*', discipline: 'jumping' }] }),
      'GET /api/v1/venue/1/': () => json(200, venue),
    });
    renderApp('/venues/1/config/venueEventCategories');
    fireEvent.click(await screen.findByRole('button', { name: 'Add event' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Add event' });
    await choose('Event category', 'CSI2* – International 2*');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'CSI2* Lipica' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Default entry fee' }), { target: { value: '150' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    const row = (await screen.findByRole('cell', { name: 'CSI2* Lipica' })).closest('tr')!;
    expect(within(row).getByText('150.00 €')).toBeTruthy();
    expect(bodies(fetchMock, 'POST', '/api/v1/venueEventCategory/')).toEqual([
      { venue: 1, event_category: 2, name: 'CSI2* Lipica', default_entry_fee: 15000 },
    ]);
  });

  it('adds a competition with its basic fields and goes back to the list', async () => {
    const competitions: unknown[] = [];
    const fetchMock = server({
      'GET /api/v1/competition/': () => json(200, { count: competitions.length, results: competitions }),
      'POST /api/v1/competition/': () => {
        const body = bodies(fetchMock, 'POST', '/api/v1/competition/').at(-1) as Record<string, unknown>;
        const competition = { ...body, id: 31, venue: 1, prize_distribution_bp: [] };
        competitions.push(competition);
        return json(201, competition);
      },
      'GET /api/v1/venueEventCategory/': () => json(200, { count: 1, results: vecs }),
      'GET /api/v1/venue/1/': () => json(200, venue),
    });
    const router = renderApp('/venues/1/config/competitions/add');
    expect(await screen.findByRole('heading', { level: 1, name: 'Add competition' }, SLOW)).toBeTruthy();
    await choose('Event', 'CSI2* Lipica');
    fireEvent.change(screen.getByRole('textbox', { name: 'Number' }), { target: { value: '1' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Opening 1.30 m' } });
    fireEvent.change(screen.getByLabelText('Start'), { target: { value: '2026-12-03T09:30' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Height (cm)' }), { target: { value: '130' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Entry fee' }), { target: { value: '45,00' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Prize money' }), { target: { value: '1500' } });
    // the sport's fields: arena, ranking rule, interval, deadline, prize money by rank
    fireEvent.change(screen.getByRole('textbox', { name: 'Arena' }), { target: { value: 'Main arena' } });
    await choose('Ranking rule', 'Table A with jump-off');
    fireEvent.change(screen.getByRole('textbox', { name: 'Start interval (seconds)' }), { target: { value: '75' } });
    fireEvent.change(screen.getByLabelText('Entry deadline'), { target: { value: '2026-12-02T18:00' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Prize money by rank' }), {
      target: { value: '700,00; 500; 300,50' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/venues/1/config/competitions'));
    expect(bodies(fetchMock, 'POST', '/api/v1/competition/')).toEqual([
      {
        vec: 5,
        number: '1',
        name: 'Opening 1.30 m',
        // typed as the venue's time (Europe/Ljubljana, UTC+1 in December), whatever the device's zone
        starts_at: '2026-12-03T08:30:00.000Z',
        discipline: 'jumping',
        rule: null,
        height_cm: 130,
        entry_fee: 4500,
        prize_money: 150000,
        arena: 'Main arena',
        ranking_rule: 'table_a_jump_off',
        knock_down_seconds: 4,
        fei_id: null,
        start_interval_seconds: 75,
        entry_deadline: '2026-12-02T17:00:00.000Z',
        prize_chart: [70000, 50000, 30050],
        prize_distribution_bp: [],
      },
    ]);
    const row = (await screen.findByRole('cell', { name: 'Opening 1.30 m' }, SLOW)).closest('tr')!;
    expect(within(row).getByText('45.00 €')).toBeTruthy();
    expect(within(row).getByText('1500.00 €')).toBeTruthy();
    expect(within(row).getByText('3.12.2026 9:30')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Edit 1 Opening 1.30 m' })).toBeTruthy();
  });
});
