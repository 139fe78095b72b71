import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Transaction } from '@shared/schemas/ledger';
import { queryClient } from '@/lib/query-client';
import { demoVenue, json, makeUser, mockFetch, renderApp, resetStore } from './helpers';

/** The first test of a file loads the route's lazy chunk: allow for a slow machine. */
const PAGE_LOAD = { timeout: 45_000 };

const admin = makeUser({ id: 1, username: 'admin', roles: ['admin'], rider_id: null });
const venue = {
  ...demoVenue,
  time_zone: 'Europe/Ljubljana',
  whitelabel_domain: null,
  head_number_from: 1,
  head_number_to: 500,
  self_checkout: false,
  prices_include_tax: true,
};
const rita = { id: 3, user: 7, name: 'Rita Reiter', email: 'rider@paddock.demo', fei_id: '10AB12' };
const vat22 = { id: 5, code: 'VAT22', name: 'VAT 22', rates: [], current_rate_bp: 2200 };
const shavings = {
  id: 8,
  venue: 1,
  name: 'Shavings bale',
  category: 'shavings',
  unit: 'bale',
  unit_price: 1500,
  tax_type: 5,
  active: true,
};

function saved(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: 41,
    venue: 1,
    kind: 'charge',
    party: { type: 'rider', id: 3, name: 'Rita Reiter' },
    beneficiary: null,
    merchant: null,
    consumable: null,
    vec: null,
    category: 'other',
    description: 'Late entry',
    quantity: 2,
    unit_price: 1250,
    tax_type: null,
    tax_rate_bp: 0,
    prices_include_tax: true,
    net: -2500,
    tax: 0,
    gross: -2500,
    fee: 0,
    currency: 'EUR',
    source: 'office',
    created_by: { id: 1, name: 'admin' },
    device_id: null,
    occurred_at: '2026-12-03T10:00:00.000Z',
    recorded_at: '2026-12-03T10:00:00.000Z',
    invoice: null,
    reversal_of: null,
    reversed_by: null,
    replaces: null,
    editable: true,
    ...overrides,
  };
}

const empty = { count: 0, results: [], totals: { net: 0, tax: 0, gross: 0 } };

/** The reads the form makes, and `post` for POST /api/v1/transaction/. */
function serve(
  post: () => Response | Promise<Response>,
  venueOverrides: Partial<typeof venue> = {},
  more: Parameters<typeof mockFetch>[0] = {},
) {
  // Routes match by prefix in order: the test's own first, then the usual reads it does not replace.
  const base: Parameters<typeof mockFetch>[0] = {
    'POST /api/v1/transaction/': post,
    'GET /api/v1/transaction/defaults/': () => json(200, { vec: null, tax_override: 'NO_OVERRIDE' }),
    'GET /api/v1/transaction/': () => json(200, empty),
    'GET /api/v1/venue/1/': () => json(200, { ...venue, ...venueOverrides }),
    'GET /api/v1/consumable/': () => json(200, { count: 1, results: [shavings] }),
    'GET /api/v1/venueEventCategory/': () => json(200, { count: 0, results: [] }),
    'GET /api/v1/taxType/': () => json(200, { count: 1, results: [vat22] }),
    'GET /api/v1/rider/': (url) =>
      json(200, url.searchParams.get('search') === 'Rit' ? { count: 1, results: [rita] } : { count: 0, results: [] }),
  };
  return mockFetch({ ...more, ...Object.fromEntries(Object.entries(base).filter(([route]) => !(route in more))) });
}

const posts = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .filter(([input, init]) => init?.method === 'POST' && String(input).includes('/api/v1/transaction/'))
    .map(([, init]) => ({
      body: JSON.parse(String(init!.body)) as Record<string, unknown>,
      key: new Headers(init!.headers).get('Idempotency-Key'),
    }));

async function openForm() {
  const router = renderApp('/venues/1/views/transactions/new');
  expect(await screen.findByRole('heading', { name: 'New transaction', level: 1 }, PAGE_LOAD)).toBeTruthy();
  await screen.findByRole('textbox', { name: 'Unit price' });
  return router;
}

/**
 * Types into the party search as a person does (Mantine ignores writes to an unfocused input).
 * jsdom has no layout, so floating-ui's `hide` middleware keeps the dropdown display:none: the
 * option is found among hidden elements.
 */
async function chooseRita() {
  const party = screen.getByRole('combobox', { name: 'Party' });
  act(() => party.focus());
  fireEvent.change(party, { target: { value: 'Rit' } });
  fireEvent.click(
    await screen.findByRole('option', { name: 'Rita Reiter (10AB12)', hidden: true }, { timeout: 45_000 }),
  );
}

function fill(price: string, quantity = '2') {
  fireEvent.change(screen.getByRole('textbox', { name: 'Quantity' }), { target: { value: quantity } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Unit price' }), { target: { value: price } });
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

beforeEach(() => {
  queryClient.clear();
  resetStore({ token: 'token', user: admin });
  vi.spyOn(notifications, 'show').mockImplementation(() => 'toast');
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('transaction form', () => {
  it('posts a charge of 2 × "12,50" as 1250 minor units with an Idempotency-Key, then goes back to the list', async () => {
    const fetchMock = serve(() => json(201, saved()));
    const router = await openForm();
    await chooseRita();
    fill('12,50');
    fireEvent.change(screen.getByRole('textbox', { name: 'Description' }), { target: { value: 'Late entry' } });
    save();

    await waitFor(() => expect(router.state.location.pathname).toBe('/venues/1/views/transactions'));
    const [post] = posts(fetchMock);
    expect(post!.body).toEqual({
      venue: 1,
      kind: 'charge',
      party_type: 'rider',
      party_id: 3,
      source: 'office',
      description: 'Late entry',
      quantity: 2,
      unit_price: 1250,
      consumable: null,
      vec: null,
      category: 'other',
      tax_type: null,
    });
    expect(post!.key).toMatch(UUID);
    expect(vi.mocked(notifications.show)).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Saved successfully.' }),
    );
  });

  it('retries a lost submission with the same key; a changed or a new submission gets a new one', async () => {
    let calls = 0;
    const fetchMock = serve(() => {
      calls += 1;
      if (calls <= 2) throw new TypeError('Failed to fetch');
      return json(201, saved());
    });
    const router = await openForm();
    await chooseRita();
    fill('12,50');
    save();
    expect(await screen.findByText('The server could not be reached. Please check your connection.')).toBeTruthy();
    save();
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(2));
    fill('13,50');
    save();
    await waitFor(() => expect(router.state.location.pathname).toBe('/venues/1/views/transactions'));

    const [first, retry, changed] = posts(fetchMock);
    expect(retry!.key).toBe(first!.key);
    expect(retry!.body).toEqual(first!.body);
    expect(changed!.body.unit_price).toBe(1350);
    expect(changed!.key).not.toBe(first!.key);

    // The same line again, from a fresh form, is a new submission: the server must post it.
    fireEvent.click(await screen.findByRole('link', { name: 'New transaction' }));
    await screen.findByRole('textbox', { name: 'Unit price' });
    await chooseRita();
    fill('13,50');
    save();
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(4));
    const next = posts(fetchMock)[3]!;
    expect(next.body).toEqual(changed!.body);
    expect(next.key).toMatch(UUID);
    expect(new Set(posts(fetchMock).map((post) => post.key)).size).toBe(3);
  });

  it('previews net, tax and gross of a gross price at 22 %', async () => {
    serve(() => json(201, saved()));
    await openForm();
    const preview = screen.getByRole('region', { name: 'Preview' });
    fill('12,20', '1');
    fireEvent.change(screen.getByRole('combobox', { name: 'Tax type' }), { target: { value: '5' } });
    await waitFor(() => expect(within(preview).getByText('VAT 22 %')).toBeTruthy());
    expect(within(preview).getByText('10.00 €')).toBeTruthy();
    expect(within(preview).getByText('2.20 €')).toBeTruthy();
    expect(within(preview).getByText('12.20 €')).toBeTruthy();

    fill('12,20', '3');
    expect(await within(preview).findByText('36.60 €')).toBeTruthy();
    expect(within(preview).getByText('30.00 €')).toBeTruthy();
    expect(within(preview).getByText('6.60 €')).toBeTruthy();
  });

  it('adds the tax on top where prices are net, and a consumable fills the line', async () => {
    serve(() => json(201, saved()), { prices_include_tax: false });
    await openForm();
    await screen.findByRole('option', { name: 'Shavings bale · 15.00 € / bale' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Consumable' }), { target: { value: '8' } });
    expect((screen.getByRole('textbox', { name: 'Description' }) as HTMLInputElement).value).toBe('Shavings bale');
    expect((screen.getByRole('textbox', { name: 'Unit price' }) as HTMLInputElement).value).toBe('15.00');
    expect((screen.getByRole('combobox', { name: 'Category' }) as HTMLSelectElement).value).toBe('shavings');
    const preview = screen.getByRole('region', { name: 'Preview' });
    fill('15.00', '2');
    expect(await within(preview).findByText('36.60 €')).toBeTruthy();
    expect(within(preview).getByText('30.00 €')).toBeTruthy();
    expect(within(preview).getByText('6.60 €')).toBeTruthy();
  });

  it("taxes by the event's configuration for the category, and not prize money", async () => {
    mockFetch({
      'GET /api/v1/venueEventCategory/9/taxConfiguration/': () =>
        json(200, {
          vec: 9,
          entries: [
            { category: 'box', tax_type: 6, applies_by_default: true, tax_type_name: 'Reduced', rate_bp: 950 },
            { category: 'other', tax_type: null, applies_by_default: true, tax_type_name: null, rate_bp: null },
          ],
        }),
      'GET /api/v1/venueEventCategory/': () =>
        json(200, {
          count: 1,
          results: [
            { id: 9, venue: 1, event_category: 2, event_category_code: 'CSI2*', name: 'CSI2*', default_entry_fee: 0 },
          ],
        }),
      'GET /api/v1/venue/1/': () => json(200, venue),
      'GET /api/v1/consumable/': () => json(200, { count: 0, results: [] }),
      'GET /api/v1/taxType/': () => json(200, { count: 1, results: [vat22] }),
      'GET /api/v1/rider/': () => json(200, { count: 0, results: [] }),
    });
    await openForm();
    const preview = screen.getByRole('region', { name: 'Preview' });
    await screen.findByRole('option', { name: 'CSI2*' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Event' }), { target: { value: '9' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Category' }), { target: { value: 'box' } });
    fill('109,50', '1');
    expect(await within(preview).findByText('VAT 9.5 %')).toBeTruthy();
    expect(within(preview).getByText('100.00 €')).toBeTruthy();
    expect(within(preview).getByText('9.50 €')).toBeTruthy();

    fireEvent.change(screen.getByRole('combobox', { name: 'Category' }), { target: { value: 'prize_money' } });
    expect(await within(preview).findByText('VAT 0 %')).toBeTruthy();
    expect(within(preview).getAllByText('109.50 €')).toHaveLength(2);
    expect(within(preview).getByText('0.00 €')).toBeTruthy();
  });

  it('shows the server field errors on the fields and stays on the form', async () => {
    const fetchMock = serve(() =>
      json(400, {
        error: 'validation',
        message: 'Please correct the errors below.',
        fields: { unit_price: ['too_big'], party_id: ['not_at_venue'] },
      }),
    );
    const router = await openForm();
    await chooseRita();
    fill('99');
    save();

    expect(await screen.findByText('This value is too large.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Unit price' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('This does not belong to the venue.')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Party' }).getAttribute('aria-invalid')).toBe('true');
    expect(router.state.location.pathname).toBe('/venues/1/views/transactions/new');
    expect(posts(fetchMock)).toHaveLength(1);
  });

  it('refuses a missing party and an unreadable price before sending anything', async () => {
    const fetchMock = serve(() => json(201, saved()));
    await openForm();
    fill('12,5x');
    save();
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Unit price' }).getAttribute('aria-invalid')).toBe('true');
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('corrects an entry with a PATCH of the line, then goes back to the list', async () => {
    const fetchMock = mockFetch({
      'PATCH /api/v1/transaction/42/': () => json(200, saved({ id: 44, replaces: 42, unit_price: 3000 })),
      'GET /api/v1/transaction/42/': () => json(200, saved({ id: 42, quantity: 1, unit_price: 2500, tax_type: 5 })),
      'GET /api/v1/transaction/': () => json(200, empty),
      'GET /api/v1/venue/1/': () => json(200, venue),
      'GET /api/v1/consumable/': () => json(200, { count: 0, results: [] }),
      'GET /api/v1/venueEventCategory/': () => json(200, { count: 0, results: [] }),
      'GET /api/v1/taxType/': () => json(200, { count: 1, results: [vat22] }),
    });
    const router = renderApp('/venues/1/views/transactions/edit/42');
    expect(await screen.findByRole('heading', { name: 'Edit transaction', level: 1 }, PAGE_LOAD)).toBeTruthy();
    const price = await screen.findByRole('textbox', { name: 'Unit price' });
    expect((price as HTMLInputElement).value).toBe('25.00');
    expect(screen.getByText('Rita Reiter (Rider)')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Party' })).toBeNull();
    fireEvent.change(price, { target: { value: '30,00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save correction' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/venues/1/views/transactions'));
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')!;
    expect(JSON.parse(String(patch[1]!.body))).toEqual({
      description: 'Late entry',
      quantity: 1,
      unit_price: 3000,
      consumable: null,
      vec: null,
      category: 'other',
      tax_type: 5,
    });
    expect(new Headers(patch[1]!.headers).get('Idempotency-Key')).toMatch(UUID);
  });

  it("previews the VAT the server saves: the rider's only event applies without choosing it", async () => {
    const fetchMock = serve(
      () => json(201, saved({ vec: 9, tax_type: 5, tax_rate_bp: 2200, net: -1000, tax: -220, gross: -1220 })),
      {},
      {
        'GET /api/v1/transaction/defaults/': (url) =>
          json(200, { vec: url.searchParams.get('party_id') === '3' ? 9 : null, tax_override: 'NO_OVERRIDE' }),
        'GET /api/v1/venueEventCategory/9/taxConfiguration/': () =>
          json(200, {
            vec: 9,
            entries: [
              { category: 'other', tax_type: 5, applies_by_default: true, tax_type_name: 'VAT 22', rate_bp: 2200 },
            ],
          }),
        'GET /api/v1/venueEventCategory/': () =>
          json(200, {
            count: 1,
            results: [
              { id: 9, venue: 1, event_category: 2, event_category_code: 'CSI2*', name: 'CSI2*', default_entry_fee: 0 },
            ],
          }),
      },
    );
    await openForm();
    const preview = screen.getByRole('region', { name: 'Preview' });
    fill('12.20', '1');
    // No party yet: nothing decides an event, as on the server.
    expect(await within(preview).findByText('VAT 0 %')).toBeTruthy();
    await chooseRita();
    expect(await within(preview).findByText('VAT 22 %')).toBeTruthy();
    expect(within(preview).getByText('2.20 €')).toBeTruthy();
    expect(within(preview).getByText('10.00 €')).toBeTruthy();
    expect(screen.getByRole('option', { name: "CSI2* (the rider's only event)" })).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Event' }) as HTMLSelectElement).value).toBe('');
    save();
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    // The server resolves the event itself; the preview showed its rate.
    expect(posts(fetchMock)[0]!.body).toMatchObject({ vec: null, unit_price: 1220, quantity: 1 });
  });

  it("applies the rider's tax override in the preview", async () => {
    serve(
      () => json(201, saved()),
      {},
      {
        'GET /api/v1/transaction/defaults/': () => json(200, { vec: null, tax_override: 'FORCE' }),
      },
    );
    await openForm();
    await chooseRita();
    const preview = screen.getByRole('region', { name: 'Preview' });
    fill('12,20', '1');
    fireEvent.change(screen.getByRole('combobox', { name: 'Tax type' }), { target: { value: '5' } });
    expect(await within(preview).findByText(/The rider's tax override applies: VAT is always charged\./)).toBeTruthy();
    expect(within(preview).getByText('VAT 22 %')).toBeTruthy();
  });

  it.each([
    ['0', 'Enter a whole number of at least 1.'],
    ['-3', 'Enter a whole number of at least 1.'],
    ['100000', 'At most 10000 per entry.'],
  ])('refuses a quantity of %s on its field without changing it', async (quantity, message) => {
    const fetchMock = serve(() => json(201, saved()));
    await openForm();
    await chooseRita();
    fill('12,50', quantity);
    const field = screen.getByRole('textbox', { name: 'Quantity' }) as HTMLInputElement;
    fireEvent.blur(field);
    save();
    expect(await screen.findByText(message)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.value).toBe(quantity);
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('reads 12.50 as 1250 minor units in English and says how to write an unreadable amount', async () => {
    const fetchMock = serve(() => json(201, saved()));
    await openForm();
    await chooseRita();
    fill('12,5x', '1');
    save();
    expect(await screen.findByText('Enter an amount like 12.50.')).toBeTruthy();
    fill('12.50', '1');
    save();
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    expect(posts(fetchMock)[0]!.body.unit_price).toBe(1250);
  });

  it("refuses an entry above the venue's limit on the price field", async () => {
    const fetchMock = serve(() => json(201, saved()), { max_entry_minor: 500_000 });
    await openForm();
    await chooseRita();
    fill('2500,01', '2');
    save();
    expect(await screen.findByText("Above this show's limit of 5000.00 € for one entry.")).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Unit price' }).getAttribute('aria-invalid')).toBe('true');
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('asks before saving a large entry (above a tenth of the limit) and saves only when confirmed', async () => {
    const fetchMock = serve(() => json(201, saved()));
    const router = await openForm();
    await chooseRita();
    fill('1500', '1');
    save();
    const dialog = await screen.findByRole('dialog', { name: 'Large entry' }, PAGE_LOAD);
    expect(within(dialog).getByText('Save an entry of 1500.00 €? That is more than 1000.00 €.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Large entry' })).toBeNull());
    expect(posts(fetchMock)).toHaveLength(0);

    save();
    const again = await screen.findByRole('dialog', { name: 'Large entry' });
    fireEvent.click(within(again).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/venues/1/views/transactions'));
    expect(posts(fetchMock)).toHaveLength(1);
    expect(posts(fetchMock)[0]!.body.unit_price).toBe(150_000);
  });

  it('does not offer to change an invoiced entry', async () => {
    mockFetch({
      'GET /api/v1/transaction/42/': () => json(200, saved({ id: 42, invoice: 7, editable: false })),
      'GET /api/v1/venue/1/': () => json(200, venue),
    });
    renderApp('/venues/1/views/transactions/edit/42');
    expect(
      await screen.findByText(
        'Transaction #42 can no longer be changed: it is invoiced, reversed or a reversal itself.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save correction' })).toBeNull();
  });
});
