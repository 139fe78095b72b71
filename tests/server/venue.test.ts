import { describe, expect, it } from 'vitest';
import { DEMO_VENUE } from '../../server/src/demo/demo-data';
import { useTestServer } from './helpers/use-server';

const server = useTestServer();
const get = async (url: string, username?: string, headers: Record<string, string> = {}) =>
  server().app.inject({ url, headers: { ...headers, ...(username ? await server().auth(username) : {}) } });

const demoVenue = {
  id: 1,
  name: 'Paddock Classic',
  fei_id: '2026_CI_0139',
  city: 'Lipica',
  country: 'SI',
  currency: 'EUR',
  currencyDisplay: '€',
  start_date: DEMO_VENUE.startDate,
  end_date: DEMO_VENUE.endDate,
  whitelabel_logo_url: '/media/whitelabel-demo.svg',
  time_zone: 'Europe/Ljubljana',
  whitelabel_domain: 'whitelabel.localhost',
  head_number_from: 1,
  head_number_to: 999,
  self_checkout: true,
  prices_include_tax: true,
  max_entry_minor: 1_000_000,
  // the seller its invoices name (the Invoicing section), as the demo seeds it
  legal_name: 'Paddock Classic d.o.o.',
  address: 'Lipica 5',
  postal_code: '6210',
  vat_id: 'SI12345678',
  tax_number: null,
  legal_registration_id: null,
  invoice_email: 'office@paddock.demo',
  contact_name: 'Show office',
  contact_phone: '+386 5 739 15 80',
  contact_email: 'office@paddock.demo',
};

describe('venues', () => {
  it.each(['admin', 'organizer', 'stable', 'welcomedesk', 'signin', 'vetcheck'])(
    '%s may read venue 1',
    async (username) => {
      const res = await get('/api/v1/venue/1/', username);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(demoVenue);
    },
  );

  it.each(['rider', 'employer', 'official', 'merchant', 'simpleuser', 'multi'])(
    '%s may not read venue 1',
    async (username) => {
      const res = await get('/api/v1/venue/1/', username);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('forbidden');
    },
  );

  it('answers 401 anonymously, 404 for an unknown venue and 400 for a bad id', async () => {
    expect((await get('/api/v1/venue/1/')).statusCode).toBe(401);
    expect((await get('/api/v1/venue/404/', 'admin')).json()).toEqual({
      error: 'not_found',
      message: "Error: Record doesn't exist anymore.",
    });
    expect((await get('/api/v1/venue/abc/', 'admin')).json()).toMatchObject({
      error: 'validation',
      fields: { id: ['invalid'] },
    });
  });

  it('lists venues for admins only', async () => {
    expect((await get('/api/v1/venue/', 'admin')).json()).toEqual({ count: 1, results: [demoVenue] });
    expect((await get('/api/v1/venue/', 'organizer')).statusCode).toBe(403);
  });

  it('shows the public preshow detail', async () => {
    const res = await get('/api/v1/venue/1/preshow/');
    expect(res.json()).toEqual({
      id: 1,
      name: 'Paddock Classic',
      city: 'Lipica',
      country: 'SI',
      start_date: DEMO_VENUE.startDate,
      end_date: DEMO_VENUE.endDate,
      logo: '/media/whitelabel-demo.svg',
    });
    expect((await get('/api/v1/venue/2/preshow/')).statusCode).toBe(404);
  });
});

describe('GET /api/v1/venue/check_hostname/', () => {
  it('finds the whitelabel venue by Host (port and case ignored)', async () => {
    const res = await get('/api/v1/venue/check_hostname/', undefined, { host: 'WhiteLabel.localhost:8080' });
    expect(res.json()).toEqual({ logo: '/media/whitelabel-demo.svg', venue: 1 });
  });

  it('answers nulls for a plain host', async () => {
    const res = await get('/api/v1/venue/check_hostname/', undefined, { host: 'localhost:8080' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ logo: null, venue: null });
  });
});
