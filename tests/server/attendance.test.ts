import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users, venues } from '../../server/src/db/schema';
import { redactUrl } from '../../server/src/http/redact-url';
import { DEMO_VENUE, isoDay } from '../../server/src/demo/demo-data';
import { useTestServer } from './helpers/use-server';

const server = useTestServer();
const post = (url: string, payload?: object, headers?: Record<string, string>) =>
  server().app.inject({ method: 'POST', url, payload, headers });
const get = async (url: string, username?: string) =>
  server().app.inject({ url, headers: username ? await server().auth(username) : {} });

/** The demo show's day `n` (0 = its first day), `YYYY-MM-DD`. */
const showDay = (n: number) => isoDay(n, DEMO_VENUE.startDate);

/** `2026-12-04` as the app shows it: `4.12.2026`. */
const displayed = (iso: string) => iso.split('-').reverse().map(Number).join('.');

const spectator = {
  venue: 1,
  first_name: 'Sara',
  last_name: 'Zuschauer',
  email: 'Sara@Example.com',
  phone: '+386 1 234 5678',
  visit_date: showDay(1),
  people: 3,
};

/** `YYYY-MM-DD`, `days` from today (UTC). */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function addVenue(values: Partial<typeof venues.$inferInsert> & { name: string }): Promise<number> {
  const [row] = await server()
    .database.db.insert(venues)
    .values({ timeZone: 'UTC', ...values })
    .returning({ id: venues.id });
  return row!.id;
}

/** Registers and returns the token from the e-mailed link. */
async function register(payload: object = spectator, headers?: Record<string, string>) {
  const res = await post('/api/v1/attendance/', payload, headers);
  const mails = await server().mails();
  const link = mails.length ? new URL(mails[mails.length - 1]!.links[0]!) : null;
  return { res, mails, link, token: link?.searchParams.get('confirm') ?? null };
}

describe('POST /api/v1/attendance/', () => {
  it('stores a registration and mails a one-time confirmation link in the visitor language', async () => {
    const { res, mails, link } = await register(spectator, { 'accept-language': 'fr-CH, de;q=0.8' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), status: 'pending' });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe('sara@example.com');
    expect(mails[0]!.subject).toBe('Paddock: Confirmez votre visite à Paddock Classic');
    expect(mails[0]!.text).toContain('Bonjour Sara,');
    expect(mails[0]!.text).toContain(`Jour de votre visite : ${displayed(showDay(1))}`);
    expect(mails[0]!.text).toContain('Nombre de personnes : 3');
    expect(link!.origin).toBe('http://paddock.test');
    expect(link!.pathname).toBe('/attendance/1');
    expect(link!.searchParams.get('confirm')).toMatch(/^[\w-]{40,}$/);
  });

  it('writes the e-mail in the language chosen in the form (German without any)', async () => {
    const italian = await register({ ...spectator, language: 'it' }, { 'accept-language': 'en' });
    expect(italian.mails[0]!.subject).toBe('Paddock: Conferma la tua visita a Paddock Classic');
    const german = await register({ ...spectator, email: 'other@example.com' });
    expect(german.mails[0]!.subject).toBe('Paddock: Bestätigen Sie Ihren Besuch bei Paddock Classic');
    expect(german.mails[0]!.text).toContain('Anzahl Personen: 3');
  });

  it('validates every field and sends nothing', async () => {
    const res = await post('/api/v1/attendance/', { venue: 1, people: 0, visit_date: '4.12.2026', phone: 'call me' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'validation',
      message: expect.any(String),
      fields: {
        first_name: ['required'],
        last_name: ['required'],
        email: ['required'],
        phone: ['invalid'],
        visit_date: ['invalid_date'],
        people: ['too_small'],
      },
    });
    const more = await post('/api/v1/attendance/', { ...spectator, email: 'not-an-address', people: 21 });
    expect(more.json().fields).toEqual({ email: ['invalid_email'], people: ['too_big'] });
    const empty = await post('/api/v1/attendance/');
    expect(empty.json().fields).toMatchObject({ venue: ['required'], visit_date: ['required'], people: ['required'] });
    expect(await server().mails()).toEqual([]);
  });

  it.each([showDay(-1), showDay(4), showDay(366)])('refuses %s, outside the show, with invalid_date', async (date) => {
    const res = await post('/api/v1/attendance/', { ...spectator, visit_date: date });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'validation',
      message: expect.any(String),
      fields: { visit_date: ['invalid_date'] },
    });
    expect(await server().mails()).toEqual([]);
  });

  it('accepts the first and the last day of the show, without a phone', async () => {
    const { phone: _phone, ...noPhone } = spectator;
    expect((await post('/api/v1/attendance/', { ...noPhone, visit_date: showDay(0) })).statusCode).toBe(201);
    expect((await post('/api/v1/attendance/', { ...spectator, phone: '', visit_date: showDay(3) })).statusCode).toBe(
      201,
    );
    const list = await get('/api/v1/venue/1/attendance/', 'admin');
    expect(list.json().results.map((r: { phone: string | null }) => r.phone)).toEqual([null, null]);
  });

  it('refuses a day already past, even while the show runs', async () => {
    const running = await addVenue({ name: 'Running Show', startDate: day(-2), endDate: day(2) });
    const past = await post('/api/v1/attendance/', { ...spectator, venue: running, visit_date: day(-1) });
    expect(past.json().fields).toEqual({ visit_date: ['invalid_date'] });
    const today = await post('/api/v1/attendance/', { ...spectator, venue: running, visit_date: day(0) });
    expect(today.statusCode).toBe(201);
  });

  it('answers 404 for an unknown venue', async () => {
    const res = await post('/api/v1/attendance/', { ...spectator, venue: 999 });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('not_found');
  });

  it('does not duplicate a registration: it sends a fresh link and answers 200 with the same id', async () => {
    const first = await register();
    const id = first.res.json().id;
    const again = await register({ ...spectator, email: ' SARA@example.COM ', first_name: 'Someone', people: 20 });
    expect(again.res.statusCode).toBe(200);
    expect(again.res.json()).toEqual({ id, status: 'pending' });
    expect(again.mails).toHaveLength(1);
    // The details stay as first registered; only the newest link works.
    expect(again.mails[0]!.text).toContain('Hallo Sara,');
    expect(again.mails[0]!.text).toContain('Anzahl Personen: 3');
    expect((await post('/api/v1/attendance/confirm/', { token: first.token })).json().error).toBe('link_invalid');
    expect((await post('/api/v1/attendance/confirm/', { token: again.token })).statusCode).toBe(200);

    // Once confirmed, registering again changes nothing and sends nothing.
    const late = await register();
    expect(late.res.statusCode).toBe(200);
    expect(late.res.json()).toEqual({ id, status: 'confirmed' });
    expect(late.mails).toEqual([]);

    // Another day is another registration.
    const otherDay = await register({ ...spectator, visit_date: showDay(2) });
    expect(otherDay.res.statusCode).toBe(201);
    expect(otherDay.res.json().id).not.toBe(id);
    expect((await get('/api/v1/venue/1/attendance/', 'admin')).json().count).toBe(2);
  });

  it('is rate-limited like the registration', async () => {
    const app = await server().buildApp({ RATE_LIMIT_AUTH_MAX: '2' });
    const send = () => app.inject({ method: 'POST', url: '/api/v1/attendance/', payload: spectator });
    expect((await send()).statusCode).toBe(201);
    expect((await send()).statusCode).toBe(200);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe('rate_limited');
  });
});

describe('POST /api/v1/attendance/confirm/', () => {
  it('confirms once, then answers link_used; unknown or missing tokens are link_invalid', async () => {
    const { token } = await register();
    const ok = await post('/api/v1/attendance/confirm/', { token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      id: expect.any(Number),
      status: 'confirmed',
      venue: 1,
      visit_date: showDay(1),
      people: 3,
    });
    const again = await post('/api/v1/attendance/confirm/', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: 'link_used', message: 'This link has already been used.' });
    const forged = await post('/api/v1/attendance/confirm/', { token: 'A'.repeat(43) });
    expect(forged.json()).toEqual({ error: 'link_invalid', message: 'This link is invalid.' });
    const missing = await post('/api/v1/attendance/confirm/', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('link_invalid');

    const [row] = (await get('/api/v1/venue/1/attendance/', 'welcomedesk')).json().results;
    expect(row).toMatchObject({ status: 'confirmed', confirmed_at: expect.any(String) });
  });

  it('keeps the token out of the request log', () => {
    expect(redactUrl('/attendance/1?confirm=s3cret&x=1')).toBe('/attendance/1?confirm=[redacted]&x=1');
  });
});

describe('GET /api/v1/venue/public/', () => {
  it('lists upcoming, running and undated shows, soonest first, to anyone', async () => {
    await addVenue({ name: 'Over Already', startDate: day(-10), endDate: day(-1) });
    const running = await addVenue({ name: 'Running Show', startDate: day(-1), endDate: day(0), city: 'Wien' });
    const undated = await addVenue({ name: 'Date To Be Announced' });
    const res = await get('/api/v1/venue/public/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      count: 3,
      results: [
        {
          id: running,
          name: 'Running Show',
          city: 'Wien',
          country: null,
          start_date: day(-1),
          end_date: day(0),
          logo: null,
        },
        {
          id: 1,
          name: 'Paddock Classic',
          city: 'Lipica',
          country: 'SI',
          start_date: showDay(0),
          end_date: showDay(3),
          logo: '/media/whitelabel-demo.svg',
        },
        {
          id: undated,
          name: 'Date To Be Announced',
          city: null,
          country: null,
          start_date: null,
          end_date: null,
          logo: null,
        },
      ],
    });
    const page = await get('/api/v1/venue/public/?page=2&page_size=2');
    expect(page.json()).toMatchObject({ count: 3, results: [{ id: undated }] });
  });
});

describe('GET /api/v1/venue/{id}/attendance/', () => {
  async function registerBoth() {
    await post('/api/v1/attendance/', spectator);
    await post('/api/v1/attendance/', {
      ...spectator,
      email: 'anton@example.com',
      first_name: 'Anton',
      last_name: 'Alt',
      visit_date: showDay(2),
      people: 1,
      language: 'en',
    });
  }

  it('lists the registrations of its venue for the welcome desk, by day and name', async () => {
    await registerBoth();
    const res = await get('/api/v1/venue/1/attendance/', 'welcomedesk');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      count: 2,
      results: [
        {
          id: expect.any(Number),
          venue: 1,
          first_name: 'Sara',
          last_name: 'Zuschauer',
          email: 'sara@example.com',
          phone: '+386 1 234 5678',
          visit_date: showDay(1),
          people: 3,
          language: 'de',
          status: 'pending',
          created_at: expect.any(String),
          confirmed_at: null,
        },
        expect.objectContaining({ first_name: 'Anton', visit_date: showDay(2), language: 'en' }),
      ],
    });
    const oneDay = await get(`/api/v1/venue/1/attendance/?date=${showDay(2)}`, 'welcomedesk');
    expect(oneDay.json()).toMatchObject({ count: 1, results: [{ first_name: 'Anton' }] });
    const badDay = await get('/api/v1/venue/1/attendance/?date=5.12.2026', 'welcomedesk');
    expect(badDay.statusCode).toBe(400);
    expect(badDay.json().fields).toEqual({ date: ['invalid_date'] });
    const paged = await get('/api/v1/venue/1/attendance/?page=2&page_size=1', 'welcomedesk');
    expect(paged.json()).toMatchObject({ count: 2, results: [{ first_name: 'Anton' }] });
  });

  it.each(['admin', 'organizer', 'welcomedesk'])('%s of venue 1 may read its list', async (username) => {
    await registerBoth();
    const res = await get('/api/v1/venue/1/attendance/', username);
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBe(2);
  });

  it.each(['rider', 'stable', 'signin', 'vetcheck', 'simpleuser'])('%s may not', async (username) => {
    const res = await get('/api/v1/venue/1/attendance/', username);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('forbidden');
  });

  it('refuses the staff of another venue and anonymous callers; 404 for an unknown venue', async () => {
    await registerBoth();
    const other = await addVenue({ name: 'Other Show', startDate: showDay(7), endDate: showDay(9) });
    await server().database.db.update(users).set({ assignedVenueId: other }).where(eq(users.username, 'organizer'));
    expect((await get('/api/v1/venue/1/attendance/', 'organizer')).statusCode).toBe(403);
    const own = await get(`/api/v1/venue/${other}/attendance/`, 'organizer');
    expect(own.json()).toEqual({ count: 0, results: [] });
    expect((await get(`/api/v1/venue/${other}/attendance/`, 'welcomedesk')).statusCode).toBe(403);
    expect((await get('/api/v1/venue/1/attendance/')).statusCode).toBe(401);
    expect((await get('/api/v1/venue/999/attendance/', 'admin')).statusCode).toBe(404);
  });
});
