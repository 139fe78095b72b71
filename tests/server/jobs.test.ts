import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/src/db/rows';
import type { JobRun } from '../../src/shared/schemas/jobs';
import { useSeededServer } from './helpers/use-server';
import { charge, invoiceNumbers, seedInvoiceFixtures, waitForRun } from './invoice-fixtures';

// A server of its own: these tests stop and start apps mid-run and watch which one resumes it;
// the shared app of the worker, once it has run a job for an earlier file, takes runs from the
// queue as well and would finish them instead of the app under test.
const { server, f, db, call } = useSeededServer(seedInvoiceFixtures, undefined, { own: true });

/** `n` riders enrolled at venue 1, each with one box charge. */
async function ridersWithCharges(n: number) {
  const auth = await server().auth('organizer');
  const rows = rowsOf<{ id: number }>(
    // Each with the postal address and e-mail an invoice names (EN 16931 BG-8, BT-49).
    await db().execute(sql`INSERT INTO riders (first_name, last_name, email, address, postal_code, city, country)
      SELECT 'Rider', 'No ' || g, 'rider' || g || '@example.com', 'Stallweg ' || g, '6210', 'Sežana', 'SI'
      FROM generate_series(1, ${n}) g RETURNING id`),
  );
  for (const { id } of rows) {
    await db().execute(
      sql`INSERT INTO venue_participations (venue_id, rider_id, payer_type, payer_id) VALUES (1, ${id}, 'rider', ${id})`,
    );
    await charge(server().app, auth, { party_type: 'rider', party_id: Number(id), consumable: f.shavings });
  }
  return auth;
}

const entriesOnInvoices = async () =>
  rowsOf<{ billed: number; uninvoiced: number; parties: number; invoices: number }>(
    await db().execute(sql`SELECT
      (SELECT count(*) FROM transactions WHERE kind = 'charge' AND invoice_id IS NOT NULL)::int AS billed,
      (SELECT count(*) FROM transactions WHERE kind = 'charge' AND invoice_id IS NULL)::int AS uninvoiced,
      (SELECT count(DISTINCT (party_type, party_id)) FROM invoices)::int AS parties,
      (SELECT count(*) FROM invoices)::int AS invoices`),
  )[0]!;

describe('background runs', () => {
  it('survive a server restart mid-run: the new server resumes, nothing is done twice, numbers have no gap', async () => {
    const auth = await ridersWithCharges(30);
    const first = await server().buildApp();
    await first.ready();
    const token = { authorization: auth.authorization };
    const started = await first.inject({ method: 'POST', url: '/api/v1/venue/1/generateInvoices/', headers: token });
    expect(started.statusCode, started.body).toBe(202);
    const id = started.json<JobRun>().id;
    // Stop the first server once a few invoices are out.
    for (let i = 0; i < 400; i++) {
      const [row] = rowsOf<{ n: number }>(await db().execute(sql`SELECT count(*)::int AS n FROM invoices`));
      if (Number(row!.n) >= 3) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    await first.close();
    const midway = await entriesOnInvoices();
    expect(midway.invoices).toBeGreaterThan(0);
    expect(midway.invoices).toBeLessThan(30);

    const second = await server().buildApp();
    await second.ready();
    const run = await waitForRun(second, token, id, 90_000);
    expect(run).toMatchObject({ status: 'done', total: 30, done: 30, failed: 0 });
    expect(run.messages.map((m) => m.code)).toContain('run_resumed');
    expect(await invoiceNumbers(db())).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(await entriesOnInvoices()).toEqual({ billed: 30, uninvoiced: 0, parties: 30, invoices: 30 });
    await second.close();
  });

  it('can be cancelled: it stops after its current steps and the rest stays uninvoiced', async () => {
    // Enough parties that the run cannot be over before the cancel arrives: PostgreSQL issues
    // invoices several times faster than the embedded database (40 were all done there at once).
    const RIDERS = process.env.TEST_DATABASE_URL ? 120 : 40;
    const auth = await ridersWithCharges(RIDERS);
    const started = await call('organizer', 'POST', '/api/v1/venue/1/generateInvoices/');
    const id = started.json<JobRun>().id;
    const cancel = await call('organizer', 'POST', `/api/v1/jobs/${id}/cancel/`);
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json<JobRun>().cancel_requested).toBe(true);
    const run = await waitForRun(server().app, auth, id);
    expect(run.status).toBe('cancelled');
    const state = await entriesOnInvoices();
    expect(state.billed + state.uninvoiced).toBe(RIDERS);
    expect(state.invoices).toBe(state.billed);
    expect(state.invoices).toBeLessThan(RIDERS);
    expect(await invoiceNumbers(db())).toEqual(Array.from({ length: state.invoices }, (_, i) => i + 1));
    // A new run picks up the rest.
    const next = await call('organizer', 'POST', '/api/v1/venue/1/generateInvoices/');
    expect(next.statusCode).toBe(202);
    expect((await waitForRun(server().app, auth, next.json<JobRun>().id)).status).toBe('done');
    expect(await entriesOnInvoices()).toMatchObject({ billed: RIDERS, uninvoiced: 0, invoices: RIDERS });
  });

  it('are read only by the venue’s office and admins', async () => {
    await ridersWithCharges(1);
    const id = (await call('organizer', 'POST', '/api/v1/venue/1/generateInvoices/')).json<JobRun>().id;
    await waitForRun(server().app, await server().auth('organizer'), id);
    expect((await call('admin', 'GET', `/api/v1/jobs/${id}/`)).statusCode).toBe(200);
    expect((await call('rider', 'GET', `/api/v1/jobs/${id}/`)).statusCode).toBe(403);
    expect((await call('organizer', 'GET', `/api/v1/venue/1/jobs/?kind=invoices`)).json().results[0].id).toBe(id);
    expect((await call('organizer', 'GET', `/api/v1/venue/${f.venue2}/jobs/`)).statusCode).toBe(403);
  });
});

describe('two servers on one database', () => {
  it('do a run once between them, and single invoices issued meanwhile still take numbers without a gap', async () => {
    const auth = await ridersWithCharges(24);
    const a = await server().buildApp();
    const b = await server().buildApp();
    await Promise.all([a.ready(), b.ready()]);
    const started = await a.inject({ method: 'POST', url: '/api/v1/venue/1/generateInvoices/', headers: auth });
    expect(started.statusCode, started.body).toBe(202);
    // The other server finds the same run unheld or held and queues it too: the claim lets one work it.
    await b.jobs.resume();
    // Meanwhile the office invoices the demo rider by hand, on either server.
    await charge(server().app, auth, { party_type: 'rider', party_id: f.rider, consumable: f.box });
    const one = await b.inject({
      method: 'GET',
      url: `/api/v1/venue/1/generateInvoice/?venueParticipationID=${f.participation}`,
      headers: auth,
    });
    expect([201, 400]).toContain(one.statusCode);
    const run = await waitForRun(a, auth, started.json<JobRun>().id, 90_000);
    expect(run).toMatchObject({ status: 'done', failed: 0 });
    const state = await entriesOnInvoices();
    expect(state.uninvoiced).toBe(0);
    expect(state.parties).toBe(state.invoices);
    expect(await invoiceNumbers(db())).toEqual(Array.from({ length: state.invoices }, (_, i) => i + 1));
    await a.close();
    await b.close();
  });
});
