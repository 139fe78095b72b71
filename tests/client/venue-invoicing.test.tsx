import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VenueDetail } from '@shared/schemas/venue-setup';
import { queryClient } from '@/lib/query-client';
import { demoVenue, json, makeUser, mockFetch, renderApp, resetStore } from './helpers';

/** Pages load their route chunk on first use, and the machine is shared: allow time. */
const SLOW = { timeout: 45_000 };

const organizer = makeUser({ id: 2, username: 'organizer', roles: ['organizer'], assigned_venue: 1, rider_id: null });
/** A venue set up from scratch: no seller details yet. */
const venue: VenueDetail = {
  ...demoVenue,
  time_zone: 'Europe/Berlin',
  whitelabel_domain: null,
  head_number_from: null,
  head_number_to: null,
  self_checkout: false,
  prices_include_tax: true,
  legal_name: null,
  address: null,
  postal_code: null,
  vat_id: null,
  tax_number: null,
  legal_registration_id: null,
  invoice_email: null,
  contact_name: null,
  contact_phone: null,
  contact_email: null,
};

type Handler = (url: URL, init?: RequestInit) => Response | Promise<Response>;
function server(page: Record<string, Handler>) {
  return mockFetch({
    ...page,
    'GET /api/v1/venueBankAccount/': () =>
      json(200, {
        count: 1,
        results: [
          {
            id: 4,
            venue: 1,
            holder_name: 'Reitverein',
            iban: 'DE89370400440532013000',
            bic: null,
            bank_name: null,
            currency: 'EUR',
            is_default: true,
          },
        ],
      }),
    'GET /api/v1/country/': () => json(200, { count: 1, results: [{ code: 'SI', name: 'Slovenia' }] }),
    'GET /api/v1/currency/': () => json(200, { count: 1, results: [{ code: 'EUR', name: 'Euro', symbol: '€' }] }),
    'GET /api/v1/venue/check_hostname/': () => json(200, { logo: null, venue: null }),
    'GET /api/v1/config/': () =>
      json(200, { version: 'test', environment: 'test', impersonation_enabled: false, stripe_publishable_key: null }),
  });
}

function bodies(fetchMock: ReturnType<typeof mockFetch>, method: string, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => init?.method === method && new URL(String(input), 'http://localhost').pathname === path)
    .map(([, init]) => JSON.parse(String(init?.body)));
}

beforeEach(() => {
  queryClient.clear();
  resetStore({ token: 'token', user: organizer });
  vi.spyOn(notifications, 'show').mockImplementation(() => 'toast');
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("the venue's Invoicing section, as the venue's organizer", () => {
  it('checks the seller fields, shows the server’s field errors, then saves them', async () => {
    let patches = 0;
    const fetchMock = server({
      'GET /api/v1/venue/1/': () => json(200, venue),
      'PATCH /api/v1/venue/1/': () =>
        ++patches === 1
          ? json(400, { error: 'validation', message: 'Invalid input', fields: { contact_email: ['invalid_email'] } })
          : json(200, { ...venue, legal_name: 'Reitverein Paddock e. V.' }),
    });
    renderApp('/venues/1/config/edit');
    const section = await screen.findByRole('form', { name: 'Invoicing' }, SLOW);
    const field = (name: string) => within(section).getByRole('textbox', { name });
    fireEvent.change(field('Legal name'), { target: { value: 'Reitverein Paddock e. V.' } });
    fireEvent.change(field('Street and number'), { target: { value: 'Turnierweg 1' } });
    fireEvent.change(field('Post code'), { target: { value: '80331' } });
    fireEvent.change(field('VAT ID'), { target: { value: '123456789' } });
    fireEvent.change(field('Register entry'), { target: { value: 'Amtsgericht München VR 1234' } });
    fireEvent.change(field('Contact phone'), { target: { value: 'ring me' } });
    fireEvent.change(field('Contact e-mail'), { target: { value: 'office@reitverein.example' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save invoicing details' }));
    expect(await within(section).findByText('Enter a VAT ID with its country prefix, e.g. DE123456789.')).toBeTruthy();
    expect(within(section).getByText('Enter a phone number (digits, optionally starting with +).')).toBeTruthy();
    expect(bodies(fetchMock, 'PATCH', '/api/v1/venue/1/')).toEqual([]);

    fireEvent.change(field('VAT ID'), { target: { value: 'DE 123 456 789' } });
    fireEvent.change(field('Contact phone'), { target: { value: '+49 89 123456' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save invoicing details' }));
    await waitFor(() => expect(field('Contact e-mail').getAttribute('aria-invalid')).toBe('true'));
    expect(within(section).getByText('Enter a valid e-mail address.')).toBeTruthy();

    fireEvent.click(within(section).getByRole('button', { name: 'Save invoicing details' }));
    await waitFor(() => expect(bodies(fetchMock, 'PATCH', '/api/v1/venue/1/')).toHaveLength(2));
    expect(bodies(fetchMock, 'PATCH', '/api/v1/venue/1/')[1]).toEqual({
      legal_name: 'Reitverein Paddock e. V.',
      address: 'Turnierweg 1',
      postal_code: '80331',
      vat_id: 'DE 123 456 789',
      tax_number: '',
      legal_registration_id: 'Amtsgericht München VR 1234',
      invoice_email: '',
      contact_name: '',
      contact_phone: '+49 89 123456',
      contact_email: 'office@reitverein.example',
    });
    // the bank account the invoices name is set on the same page
    const bank = screen.getByRole('region', { name: 'Bank account on invoices' });
    expect(await within(bank).findByText('DE89370400440532013000')).toBeTruthy();
  });

  it('requires the country on the key data form', async () => {
    const fetchMock = server({ 'GET /api/v1/venue/1/': () => json(200, { ...venue, country: null }) });
    renderApp('/venues/1/config/edit');
    const form = await screen.findByRole('form', { name: 'Venue' }, SLOW);
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(form).getByRole('combobox', { name: 'Country' }).getAttribute('aria-invalid')).toBe('true'),
    );
    expect(bodies(fetchMock, 'PATCH', '/api/v1/venue/1/')).toEqual([]);
  });

  it("opens its own venue's set-up from the dashboard, and not another venue's", async () => {
    server({
      'GET /api/v1/venue/1/merchants/': () => json(200, { count: 0, results: [] }),
      'GET /api/v1/venue/1/': () => json(200, venue),
      'GET /api/v1/venue/2/': () => json(403, { error: 'forbidden', message: 'Forbidden' }),
    });
    const router = renderApp('/organizer/list');
    const setup = await screen.findByRole('region', { name: 'Set up the show' }, SLOW);
    const links = Object.fromEntries(
      within(setup)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    );
    expect(links).toMatchObject({
      Edit: '/venues/1/config/edit',
      Events: '/venues/1/config/venueEventCategories',
      Competitions: '/venues/1/config/competitions',
      Consumables: '/venues/1/config/consumables',
      'Tax configuration': '/venues/1/config/taxConfigurations',
      Staff: '/venues/1/config/users',
    });
    await router.navigate('/venues/2/config/edit');
    await waitFor(() => expect(router.state.location.pathname).toBe('/403'));
    await router.navigate('/venues/1/config/emails');
    await waitFor(() => expect(router.state.location.pathname).toBe('/403'));
    await router.navigate('/venues/1/config/other');
    await waitFor(() => expect(router.state.location.pathname).toBe('/venues/1/config/other'));
  });
});
