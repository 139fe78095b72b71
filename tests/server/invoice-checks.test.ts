import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/src/db/rows';
import { invoices, riders, venues } from '../../server/src/db/schema';
import { renderInvoices } from '../../server/src/modules/invoices/render';
import type { Invoice } from '../../src/shared/schemas/invoices';
import type { JobRun } from '../../src/shared/schemas/jobs';
import { useSeededServer } from './helpers/use-server';
import { charge, invoiceNumbers, seedInvoiceFixtures, waitForRun } from './invoice-fixtures';

/**
 * An invoice is checked for what its e-invoice needs before it takes a number (the numbers are
 * gapless by law): a refusal names what is missing and changes nothing. An issued invoice whose
 * documents cannot be made is shown as failed with its reason and tried again; without a mail
 * server an invoice is "written to the mail folder", never "e-mailed".
 */
const { server, f, db, call } = useSeededServer(seedInvoiceFixtures);

const office = () => server().auth('organizer');
const generate = (participation: number) =>
  call('organizer', 'GET', `/api/v1/venue/1/generateInvoice/?venueParticipationID=${participation}`);
const uninvoicedEntries = async () =>
  rowsOf<{ n: number }>(
    await db().execute(sql`SELECT count(*)::int AS n FROM transactions WHERE venue_id = 1 AND invoice_id IS NULL`),
  )[0]!.n;
const runs = async () =>
  rowsOf<{ n: number }>(await db().execute(sql`SELECT count(*)::int AS n FROM job_runs WHERE kind = 'invoices'`))[0]!.n;

describe('before an invoice takes its number', () => {
  it('refuses one whose seller lacks country and contact, naming each gap; nothing is locked or numbered', async () => {
    await db().update(venues).set({ country: null, contactPhone: null }).where(eq(venues.id, 1));
    await charge(server().app, await office(), { party_type: 'rider', party_id: f.rider, consumable: f.box });
    const entries = await uninvoicedEntries();

    const refused = await generate(f.participation);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: 'invoice_incomplete',
      fields: ['seller.country', 'seller.contact_phone'],
    });
    expect(await invoiceNumbers(db())).toEqual([]);
    expect(await uninvoicedEntries()).toBe(entries);

    // The run is refused before it starts, for the same reason.
    const run = await call('organizer', 'POST', '/api/v1/venue/1/generateInvoices/');
    expect(run.statusCode).toBe(400);
    expect(run.json()).toMatchObject({
      error: 'invoice_incomplete',
      fields: ['seller.country', 'seller.contact_phone'],
    });
    expect(await runs()).toBe(0);

    // Set, it is issued with the first number: none was burnt.
    await db().update(venues).set({ country: 'SI', contactPhone: '+386 5 123 4567' }).where(eq(venues.id, 1));
    const issued = await generate(f.participation);
    expect(issued.statusCode, issued.body).toBe(201);
    expect(issued.json<Invoice>().number).toBe('1-00001');
  });

  it('never gives a buyer without country the seller’s: the gap is named, the run issues the others', async () => {
    await db().update(riders).set({ country: null, postalCode: ' ' }).where(eq(riders.id, f.rider));
    const auth = await office();
    await charge(server().app, auth, { party_type: 'rider', party_id: f.rider, consumable: f.box });
    await charge(server().app, auth, { party_type: 'rider', party_id: f.employedRider, consumable: f.box });

    const refused = await generate(f.participation);
    expect(refused.json()).toMatchObject({
      error: 'invoice_incomplete',
      fields: ['buyer.postal_code', 'buyer.country'],
      params: { party: 'Rosa Rider' },
    });

    const start = await call('organizer', 'POST', '/api/v1/venue/1/generateInvoices/');
    expect(start.statusCode, start.body).toBe(202);
    const run: JobRun = await waitForRun(server().app, auth, start.json<JobRun>().id);
    expect(run).toMatchObject({ status: 'done', total: 2, done: 1, failed: 1 });
    expect(run.messages.find((m) => m.code === 'invoice_incomplete')?.params).toEqual({
      party: 'Rosa Rider',
      missing: 'buyer.postal_code,buyer.country',
    });
    // One invoice, number 1: the refused party took none.
    expect(await invoiceNumbers(db())).toEqual([1]);
  });
});

describe('an invoice whose documents cannot be made', () => {
  it('is shown as failed with its reason, and made once the blank it lacked is filled', async () => {
    await charge(server().app, await office(), { party_type: 'rider', party_id: f.rider, consumable: f.box });
    const invoice = (await generate(f.participation)).json<Invoice>();
    // As invoices issued before the checks were: numbered, never rendered, the buyer's country blank.
    await db()
      .update(invoices)
      .set({ pdf: null, xrechnung: null, buyer: sql`jsonb_set(${invoices.buyer}, '{country}', 'null')` })
      .where(eq(invoices.id, invoice.id));
    await db().update(riders).set({ country: null }).where(eq(riders.id, f.rider));

    const [failed] = await renderInvoices(db(), [invoice.id]);
    expect(failed?.error).toMatch(/country/);
    const shown = (await call('organizer', 'GET', `/api/v1/invoice/${invoice.id}/`)).json<Invoice>();
    expect(shown).toMatchObject({ has_pdf: false, render_error: expect.stringMatching(/buyer's country/) });
    const [row] = await db().select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row?.renderAttempts).toBe(1);

    // The rider's country set, the next attempt fills the blank (only the blank) and renders.
    await db().update(riders).set({ country: 'AT' }).where(eq(riders.id, f.rider));
    const pdf = await call('organizer', 'GET', `/api/v1/invoice/${invoice.id}/pdf/`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const fixed = (await call('organizer', 'GET', `/api/v1/invoice/${invoice.id}/`)).json<Invoice>();
    expect(fixed).toMatchObject({ has_pdf: true, render_error: null, number: invoice.number });
    expect(fixed.buyer).toEqual({ ...invoice.buyer, country: 'AT' });
  });
});

describe('without a mail server', () => {
  it('writes the invoice to the mail folder and says so: not sent, not e-mailed', async () => {
    const auth = await office();
    await charge(server().app, auth, { party_type: 'rider', party_id: f.rider, consumable: f.box });
    const invoice = (await generate(f.participation)).json<Invoice>();
    const start = await call('organizer', 'POST', '/api/v1/venue/1/emailInvoices/', {});
    expect(start.statusCode, start.body).toBe(202);
    const run = await waitForRun(server().app, auth, start.json<JobRun>().id);
    expect(run.status).toBe('done');
    expect(run.messages.map((m) => m.code)).toContain('invoice_mail_written');
    expect(run.messages.map((m) => m.code)).not.toContain('invoice_emailed');
    const shown = (await call('organizer', 'GET', `/api/v1/invoice/${invoice.id}/`)).json<Invoice>();
    expect(shown).toMatchObject({ status: 'issued', emailed_at: null, mail_delivery: 'mail_folder' });
  });
});
