import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TaxType, VenueBankAccount } from '@shared/schemas/configuration';
import { queryClient } from '@/lib/query-client';
import { demoVenue, json, makeUser, mockFetch, renderApp, resetStore } from './helpers';

/** Pages load their route chunk on first use, and the machine is shared: allow time. */

const admin = makeUser({ id: 1, username: 'admin', roles: ['admin'], rider_id: null });
const SLOW = { timeout: 45_000 };

type Handler = (url: URL) => Response | Promise<Response>;

function server(page: Record<string, Handler>) {
  return mockFetch({
    ...page,
    'GET /api/v1/venue/check_hostname/': () => json(200, { logo: null, venue: null }),
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

describe('the admin dashboard', () => {
  it('links every configuration page', async () => {
    server({ 'GET /api/v1/venue/': () => json(200, { count: 0, results: [] }) });
    renderApp('/venues');
    const region = await screen.findByRole('region', { name: 'Configuration' }, SLOW);
    const links = Object.fromEntries(
      within(region)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    );
    expect(links).toEqual({
      Countries: '/config/countries',
      Currencies: '/config/currencies',
      'Event categories': '/config/eventCategories',
      'Tax types': '/config/taxTypes',
      'Terms and conditions': '/config/termsAndConditions',
      'Venue bank accounts': '/config/bankAccounts',
    });
  });
});

describe('tax types', () => {
  const vat: TaxType = {
    id: 1,
    code: 'VAT',
    name: 'VAT standard',
    category: 'S',
    exemption_reason: null,
    exemption_code: null,
    rates: [
      { id: 1, rate_bp: 2000, valid_from: '2020-01-01', valid_to: '2025-12-31' },
      { id: 2, rate_bp: 2200, valid_from: '2026-01-01', valid_to: null },
    ],
    current_rate_bp: 2200,
  };

  function taxServer(postAnswers: Response[] = []) {
    return server({
      'GET /api/v1/taxType/': () => json(200, { count: 1, results: [vat] }),
      'POST /api/v1/taxType/': () => postAnswers.shift() ?? json(201, { ...vat, id: 2 }),
      'PATCH /api/v1/taxType/1/': () => json(200, vat),
    });
  }

  it('shows the rate valid today and every period', async () => {
    taxServer();
    renderApp('/config/taxTypes');
    const row = (await screen.findByRole('cell', { name: 'VAT standard' }, SLOW)).closest('tr')!;
    expect(within(row).getByText('22 %')).toBeTruthy();
    expect(within(row).getByText('20 % from 1.1.2020 to 31.12.2025')).toBeTruthy();
    expect(within(row).getByText('22 % from 1.1.2026')).toBeTruthy();
  });

  it('sends rates typed in percent as basis points', async () => {
    const fetchMock = taxServer();
    renderApp('/config/taxTypes');
    fireEvent.click(await screen.findByRole('button', { name: 'Add tax type' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Add tax type' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Code' }), { target: { value: 'RED' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'VAT reduced' } });
    const first = within(dialog).getByRole('group', { name: 'Rate 1' });
    fireEvent.change(within(first).getByRole('textbox', { name: 'Rate (%)' }), { target: { value: '9,5' } });
    fireEvent.change(within(first).getByLabelText(/Valid from/), { target: { value: '2025-01-01' } });
    fireEvent.change(within(first).getByLabelText('Valid until'), { target: { value: '2025-12-31' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add rate' }));
    const second = within(dialog).getByRole('group', { name: 'Rate 2' });
    fireEvent.change(within(second).getByRole('textbox', { name: 'Rate (%)' }), { target: { value: '10' } });
    fireEvent.change(within(second).getByLabelText(/Valid from/), { target: { value: '2026-01-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add tax type' })).toBeNull());
    expect(bodies(fetchMock, 'POST', '/api/v1/taxType/')).toEqual([
      {
        code: 'RED',
        name: 'VAT reduced',
        category: 'S',
        exemption_reason: null,
        exemption_code: null,
        rates: [
          { rate_bp: 950, valid_from: '2025-01-01', valid_to: '2025-12-31' },
          { rate_bp: 1000, valid_from: '2026-01-01', valid_to: null },
        ],
      },
    ]);
    expect(toasts()).toContain('Saved successfully.');
  });

  it('states an exempt category with its legal text at 0 %, and asks for the text first', async () => {
    const fetchMock = taxServer();
    renderApp('/config/taxTypes');
    fireEvent.click(await screen.findByRole('button', { name: 'Add tax type' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Add tax type' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Code' }), { target: { value: 'EXEMPT' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Exempt' } });
    fireEvent.change(within(dialog).getByRole('combobox', { name: /VAT category/ }), { target: { value: 'E' } });
    const rate = within(within(dialog).getByRole('group', { name: 'Rate 1' })).getByRole('textbox', {
      name: 'Rate (%)',
    });
    fireEvent.change(rate, { target: { value: '22' } });
    fireEvent.change(within(dialog).getByLabelText(/Valid from/), { target: { value: '2020-01-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This field is required.')).toBeTruthy();
    expect(within(dialog).getByText(/A category without VAT .* has a rate of 0\./)).toBeTruthy();
    expect(bodies(fetchMock, 'POST', '/api/v1/taxType/')).toEqual([]);

    fireEvent.change(rate, { target: { value: '0' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Legal text on the invoice/ }), {
      target: { value: 'Exempt under Article 132(1)(m) of Directive 2006/112/EC.' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'VATEX code' }), {
      target: { value: 'VATEX-EU-132-1M' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodies(fetchMock, 'POST', '/api/v1/taxType/')).toEqual([
        {
          code: 'EXEMPT',
          name: 'Exempt',
          category: 'E',
          exemption_reason: 'Exempt under Article 132(1)(m) of Directive 2006/112/EC.',
          exemption_code: 'VATEX-EU-132-1M',
          rates: [{ rate_bp: 0, valid_from: '2020-01-01', valid_to: null }],
        },
      ]),
    );
  });

  it('refuses a rate that is not a percentage and shows server errors on the rate fields', async () => {
    const overlap = json(400, {
      error: 'validation',
      message: 'Invalid input',
      fields: { rates: [null, { valid_from: ['overlapping_rates'] }] },
    });
    const fetchMock = taxServer([overlap]);
    renderApp('/config/taxTypes');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit VAT standard' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Edit tax type' });
    const rate = within(within(dialog).getByRole('group', { name: 'Rate 1' })).getByRole('textbox', {
      name: 'Rate (%)',
    });
    expect((rate as HTMLInputElement).value).toBe('20');
    fireEvent.change(rate, { target: { value: '120' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a valid value.')).toBeTruthy();
    expect(calls(fetchMock, 'PATCH', '/api/v1/taxType/1/')).toHaveLength(0);

    fireEvent.change(rate, { target: { value: '20' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit tax type' })).toBeNull());
    expect(bodies(fetchMock, 'PATCH', '/api/v1/taxType/1/')).toEqual([
      {
        code: 'VAT',
        name: 'VAT standard',
        category: 'S',
        exemption_reason: null,
        exemption_code: null,
        rates: [
          { rate_bp: 2000, valid_from: '2020-01-01', valid_to: '2025-12-31' },
          { rate_bp: 2200, valid_from: '2026-01-01', valid_to: null },
        ],
      },
    ]);

    // A new type whose periods overlap: the server's error lands on the second rate's start.
    fireEvent.click(screen.getByRole('button', { name: 'Add tax type' }));
    const add = await screen.findByRole('dialog', { name: 'Add tax type' });
    fireEvent.change(within(add).getByRole('textbox', { name: 'Code' }), { target: { value: 'X' } });
    fireEvent.change(within(add).getByRole('textbox', { name: 'Name' }), { target: { value: 'X' } });
    fireEvent.change(within(add).getByRole('textbox', { name: 'Rate (%)' }), { target: { value: '5' } });
    fireEvent.change(within(add).getByLabelText(/Valid from/), { target: { value: '2026-01-01' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Add rate' }));
    const second = within(add).getByRole('group', { name: 'Rate 2' });
    fireEvent.change(within(second).getByRole('textbox', { name: 'Rate (%)' }), { target: { value: '6' } });
    const secondFrom = within(second).getByLabelText(/Valid from/);
    fireEvent.change(secondFrom, { target: { value: '2026-06-01' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Save' }));
    expect(await within(second).findByText('The validity periods of the rates overlap.')).toBeTruthy();
    expect(secondFrom.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('countries', () => {
  it('adds a country with its code in capitals, and deletes one after confirming', async () => {
    let deletes = 0;
    const fetchMock = server({
      'GET /api/v1/country/': () =>
        json(200, {
          count: 2,
          results: [
            { code: 'AT', name: 'Austria' },
            { code: 'SI', name: 'Slovenia' },
          ],
        }),
      'POST /api/v1/country/': () => json(201, { code: 'HR', name: 'Croatia' }),
      'DELETE /api/v1/country/': () =>
        ++deletes === 1 ? json(409, { error: 'in_use', message: 'In use' }) : new Response(null, { status: 204 }),
    });
    renderApp('/config/countries');
    fireEvent.click(await screen.findByRole('button', { name: 'Add country' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Add country' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Code' }), { target: { value: 'hr' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Croatia' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodies(fetchMock, 'POST', '/api/v1/country/')).toEqual([{ code: 'HR', name: 'Croatia' }]),
    );
    await waitFor(() => expect(calls(fetchMock, 'GET', '/api/v1/country/').length).toBe(2));

    fireEvent.click(screen.getByRole('button', { name: 'Delete Slovenia' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Please confirm' })).getByRole('button', { name: 'Confirm' }),
    );
    await waitFor(() => expect(toasts()).toContain('This record is still in use and cannot be deleted.'), SLOW);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Austria' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Please confirm' })).getByRole('button', { name: 'Confirm' }),
    );
    await waitFor(() => expect(toasts()).toContain('Record deleted.'), SLOW);
    expect(calls(fetchMock, 'DELETE', '/api/v1/country/SI/')).toHaveLength(1);
    expect(calls(fetchMock, 'DELETE', '/api/v1/country/AT/')).toHaveLength(1);
  });
});

describe('terms and conditions', () => {
  it('publishes a new version now unless a time is given', async () => {
    const fetchMock = server({
      'GET /api/v1/termsAndConditions/': () =>
        json(200, {
          count: 1,
          results: [
            {
              id: 1,
              version: '2026-1',
              published_at: '2026-01-01T00:00:00Z',
              body: 'Be kind to horses.',
              current: true,
            },
          ],
        }),
      'POST /api/v1/termsAndConditions/': () =>
        json(201, { id: 2, version: '2026-2', published_at: '2026-03-01T00:00:00Z', body: 'New', current: true }),
    });
    renderApp('/config/termsAndConditions');
    const row = (await screen.findByRole('cell', { name: '2026-1' }, SLOW)).closest('tr')!;
    expect(within(row).getByText('Current')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'View 2026-1' }));
    expect(await screen.findByText('Be kind to horses.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));

    fireEvent.click(screen.getByRole('button', { name: 'Publish new version' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish new version' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Version' }), { target: { value: '2026-2' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Text' }), { target: { value: 'New' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodies(fetchMock, 'POST', '/api/v1/termsAndConditions/')).toEqual([{ version: '2026-2', body: 'New' }]),
    );
  });
});

describe('venue bank accounts', () => {
  const venue = {
    ...demoVenue,
    time_zone: 'Europe/Ljubljana',
    whitelabel_domain: null,
    head_number_from: null,
    head_number_to: null,
    self_checkout: false,
    prices_include_tax: true,
  };

  it("works on the venue in the address and sends the IBAN without spaces in the venue's currency", async () => {
    const accounts: VenueBankAccount[] = [];
    let posts = 0;
    const fetchMock = server({
      'GET /api/v1/venueBankAccount/': () => json(200, { count: accounts.length, results: accounts }),
      'POST /api/v1/venueBankAccount/': () => {
        if (++posts === 1)
          return json(400, { error: 'validation', message: 'Invalid', fields: { iban: ['invalid_iban'] } });
        const account = {
          id: 1,
          venue: 1,
          holder_name: 'Paddock Classic d.o.o.',
          iban: 'SI56191000000123438',
          bic: null,
          bank_name: null,
          currency: 'EUR',
          is_default: true,
        };
        accounts.push(account);
        return json(201, account);
      },
      'GET /api/v1/currency/': () => json(200, { count: 1, results: [{ code: 'EUR', name: 'Euro', symbol: '€' }] }),
      'GET /api/v1/venue/1/': () => json(200, venue),
      'GET /api/v1/venue/': () => json(200, { count: 1, results: [venue] }),
    });
    renderApp('/config/bankAccounts?venue=1');
    expect(await screen.findByText('This venue has no bank account yet.', {}, SLOW)).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Venue' }) as HTMLInputElement).value).toBe('Paddock Classic 2026');
    expect(calls(fetchMock, 'GET', '/api/v1/venueBankAccount/').map(([input]) => String(input))).toContain(
      '/api/v1/venueBankAccount/?venue=1&page_size=1000',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Add bank account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add bank account' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Account holder' }), {
      target: { value: 'Paddock Classic d.o.o.' },
    });
    const iban = within(dialog).getByRole('textbox', { name: 'IBAN' });
    fireEvent.change(iban, { target: { value: 'si56 1910 0000 0123 439' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Default account of the venue' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a valid IBAN.')).toBeTruthy();
    expect(iban.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(iban, { target: { value: 'SI56 1910 0000 0123 438' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('cell', { name: 'SI56191000000123438' })).toBeTruthy();
    expect(bodies(fetchMock, 'POST', '/api/v1/venueBankAccount/').at(-1)).toEqual({
      venue: 1,
      holder_name: 'Paddock Classic d.o.o.',
      iban: 'SI56191000000123438',
      bic: null,
      bank_name: null,
      currency: 'EUR',
      is_default: true,
    });
  });
});
