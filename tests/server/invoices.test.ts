import { and, eq, sql } from 'drizzle-orm';
import { taxConfigurations } from '../../server/src/db/schema';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/src/db/rows';
import { isCreditorReference } from '../../server/src/modules/invoices/payment-reference';
import type { Invoice, InvoicePage } from '../../src/shared/schemas/invoices';
import type { JobRun } from '../../src/shared/schemas/jobs';
import { useSeededServer } from './helpers/use-server';
import { charge, invoiceNumbers, seedInvoiceFixtures, setTaxOverride, waitForRun } from './invoice-fixtures';
import { ledgerCounts, newKey } from './ledger-fixtures';

const { server, f, db, call } = useSeededServer(seedInvoiceFixtures);

const office = () => server().auth('organizer');
const balanceOf = async (type: string, id: number) =>
  Number(
    rowsOf<{ b: string | null }>(
      await db().execute(
        sql`SELECT balance_minor::text AS b FROM accounts WHERE venue_id = 1 AND kind = 'party' AND party_type = ${type} AND party_id = ${id}`,
      ),
    )[0]?.b ?? 0,
  );

const EXEMPT_TEXT = 'Exempt under Article 132(1)(m) of Directive 2006/112/EC.';

/** A tax type that states its exemption (category E, 0 %, its legal text). */
async function exemptType(): Promise<number> {
  const [row] = rowsOf<{ id: number }>(
    await db().execute(sql`INSERT INTO tax_types (code, name, category, exemption_reason, exemption_code)
      VALUES ('EXEMPT', 'Exempt', 'E', ${EXEMPT_TEXT}, 'VATEX-EU-132-1M') RETURNING id`),
  );
  await db().execute(
    sql`INSERT INTO tax_rates (tax_type_id, rate_bp, valid_from) VALUES (${row!.id}, 0, '2000-01-01')`,
  );
  return Number(row!.id);
}

async function generateOne(participation: number) {
  const res = await call('organizer', 'GET', `/api/v1/venue/1/generateInvoice/?venueParticipationID=${participation}`);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Invoice>();
}

describe('an invoice', () => {
  it('bills the party’s uninvoiced entries with hand-worked totals and a VAT summary per rate', async () => {
    const auth = await office();
    const app = server().app;
    // 2 boxes at 150.00 gross, 22 % (event configuration): net 245.90, VAT 54.10
    await charge(app, auth, { party_type: 'rider', party_id: f.rider, consumable: f.box, quantity: 2 });
    // 3 × shavings at 8.50 gross, 9.5 %: gross 25.50, net 23.29, VAT 2.21
    await charge(app, auth, { party_type: 'rider', party_id: f.rider, consumable: f.shavings, quantity: 3 });
    // an office fee without tax, on a tax type that states why: 10.00
    await charge(app, auth, {
      party_type: 'rider',
      party_id: f.rider,
      category: 'other',
      description: 'Late entry fee',
      unit_price: 1000,
      tax_type: await exemptType(),
    });
    const before = await balanceOf('rider', f.rider);
    const invoice = await generateOne(f.participation);

    expect(invoice.number).toBe('1-00001');
    expect(invoice.kind).toBe('invoice');
    expect(invoice.party).toMatchObject({ type: 'rider', id: f.rider });
    expect(invoice.lines).toHaveLength(3);
    expect(invoice.vat_summary).toEqual([
      { tax_rate_bp: 2200, tax_category: 'S', net: 24590, tax: 5410, gross: 30000 },
      { tax_rate_bp: 950, tax_category: 'S', net: 2329, tax: 221, gross: 2550 },
      {
        tax_rate_bp: 0,
        tax_category: 'E',
        exemption_reason: EXEMPT_TEXT,
        exemption_code: 'VATEX-EU-132-1M',
        net: 1000,
        tax: 0,
        gross: 1000,
      },
    ]);
    expect({ net: invoice.net, tax: invoice.tax, gross: invoice.gross }).toEqual({
      net: 27919,
      tax: 5631,
      gross: 33550,
    });
    // The invoice equals the ledger to the cent: the party owes exactly its total.
    expect(before).toBe(-33550);
    expect(invoice.seller).toMatchObject({
      name: 'Paddock Classic d.o.o.',
      vat_id: 'SI12345678',
      iban: 'SI56191000000123438',
    });
    expect(isCreditorReference(invoice.payment_reference)).toBe(true);
    expect(invoice.has_pdf).toBe(true);
    // Every billed entry points at it: nothing left to bill.
    const again = await call(
      'organizer',
      'GET',
      `/api/v1/venue/1/generateInvoice/?venueParticipationID=${f.participation}`,
    );
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: 'nothing_to_invoice' });
  });

  it('puts an employed rider’s costs on the employer’s invoice, the rider named on each line', async () => {
    const auth = await office();
    await charge(server().app, auth, { party_type: 'rider', party_id: f.employedRider, consumable: f.box });
    const invoice = await generateOne(f.employedParticipation);
    expect(invoice.party).toMatchObject({ type: 'employer', id: f.employer });
    expect(invoice.lines.map((l) => l.beneficiary)).toEqual(['Eva Employed']);
    expect(invoice.gross).toBe(15000);
  });

  it('refuses a line without VAT that has no legal ground (a 0 % is not "exempt"), and bills it once its tax type states one', async () => {
    const auth = await office();
    // The event's standard VAT for this kind of charge, not applied by default: the line goes
    // without VAT on a tax type that states no ground for it.
    await db()
      .update(taxConfigurations)
      .set({ taxTypeId: f.vatStd, appliesByDefault: false })
      .where(and(eq(taxConfigurations.vecId, f.vec), eq(taxConfigurations.category, 'other')));
    const untaxed = await charge(server().app, auth, {
      party_type: 'rider',
      party_id: f.rider,
      category: 'other',
      description: 'Late entry fee',
      unit_price: 1000,
    });
    expect(untaxed.tax).toBe(0);
    const refused = await call(
      'organizer',
      'GET',
      `/api/v1/venue/1/generateInvoice/?venueParticipationID=${f.participation}`,
    );
    expect(refused.json()).toMatchObject({ error: 'invoice_incomplete', fields: ['line.tax_ground'] });
    expect(await invoiceNumbers(db())).toEqual([]);
    expect((await call('organizer', 'DELETE', `/api/v1/transaction/${untaxed.id}/`)).statusCode).toBe(204);
    await charge(server().app, auth, {
      party_type: 'rider',
      party_id: f.rider,
      category: 'other',
      description: 'Late entry fee',
      unit_price: 1000,
      tax_type: await exemptType(),
    });
    const invoice = await generateOne(f.participation);
    expect(invoice.number).toBe('1-00001');
    expect(invoice.lines[0]).toMatchObject({ tax_category: 'E', exemption_reason: EXEMPT_TEXT });
  });

  it('refuses a SKIP override on a box (taxed where the show is, no reverse charge), no number taken; FORCE bills with VAT', async () => {
    const auth = await office();
    await setTaxOverride(db(), f.rider, 'SKIP');
    const skippedEntry = await charge(server().app, auth, {
      party_type: 'rider',
      party_id: f.rider,
      consumable: f.box,
    });
    const skipped = await call(
      'organizer',
      'GET',
      `/api/v1/venue/1/generateInvoice/?venueParticipationID=${f.participation}`,
    );
    expect(skipped.statusCode).toBe(400);
    // A box is let where the show is (Art. 47): no reverse charge, so its 0 % has no ground.
    expect(skipped.json()).toMatchObject({ error: 'invoice_incomplete', fields: ['line.tax_ground'] });
    expect(await invoiceNumbers(db())).toEqual([]);
    // The refused entry is not locked: the office corrects it and bills it with VAT.
    expect((await call('organizer', 'DELETE', `/api/v1/transaction/${skippedEntry.id}/`)).statusCode).toBe(204);
    await setTaxOverride(db(), f.rider, 'FORCE');
    await charge(server().app, auth, { party_type: 'rider', party_id: f.rider, consumable: f.box });
    const forced = await generateOne(f.participation);
    expect(forced.number).toBe('1-00001');
    expect(forced.vat_summary).toEqual([{ tax_rate_bp: 2200, tax_category: 'S', net: 12295, tax: 2705, gross: 15000 }]);
  });

  it('locks its entries: an edit or a delete of an invoiced entry is refused and changes nothing', async () => {
    const auth = await office();
    const entry = await charge(server().app, auth, { party_type: 'rider', party_id: f.rider, consumable: f.box });
    await generateOne(f.participation);
    const counts = await ledgerCounts(db());
    const edit = await call('organizer', 'PATCH', `/api/v1/transaction/${entry.id}/`, { quantity: 2 });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().fields).toEqual({ __all__: ['locked'] });
    expect((await call('organizer', 'DELETE', `/api/v1/transaction/${entry.id}/`)).statusCode).toBe(400);
    expect(await ledgerCounts(db())).toEqual(counts);
  });

  it('leaves out a charge reversed before invoicing, and payments', async () => {
    const auth = await office();
    const wrong = await charge(server().app, auth, { party_type: 'rider', party_id: f.rider, consumable: f.box });
    expect((await call('organizer', 'DELETE', `/api/v1/transaction/${wrong.id}/`)).statusCode).toBe(204);
    await charge(server().app, auth, { party_type: 'rider', party_id: f.rider, consumable: f.shavings });
    const invoice = await generateOne(f.participation);
    expect(invoice.lines.map((l) => l.description)).toEqual(['Shavings']);
  });
});

describe('a credit note', () => {
  it('reverses chosen lines once, with its own number, and brings the balance back', async () => {
    const auth = await office();
    const box = await charge(server().app, auth, { party_type: 'rider', party_id: f.rider, consumable: f.box });
    const shavings = await charge(server().app, auth, {
      party_type: 'rider',
      party_id: f.rider,
      consumable: f.shavings,
    });
    const invoice = await generateOne(f.participation);
    const key = newKey();
    const post = (lines: number[], k = key) =>
      server().app.inject({
        method: 'POST',
        url: `/api/v1/invoice/${invoice.id}/creditNote/`,
        headers: { ...auth, 'idempotency-key': k },
        payload: { lines, reason: 'Box not used' },
      });
    const res = await post([box.id]);
    expect(res.statusCode, res.body).toBe(201);
    const note = res.json<Invoice>();
    expect(note).toMatchObject({
      kind: 'credit_note',
      number: '1-00002',
      gross: 15000,
      credit_note_of: { id: invoice.id },
    });
    expect(await balanceOf('rider', f.rider)).toBe(-850);
    // The same request again replays; nothing is posted twice.
    const replay = await post([box.id]);
    expect(replay.json<Invoice>().id).toBe(note.id);
    expect(await balanceOf('rider', f.rider)).toBe(-850);
    // A new request for the same line is refused.
    const twice = await post([box.id], newKey());
    expect(twice.statusCode).toBe(400);
    expect(twice.json().fields).toEqual({ lines: ['already_credited'] });
    const foreign = await post([shavings.id + 999], newKey());
    expect(foreign.json().fields).toEqual({ lines: ['not_on_invoice'] });
    // The invoice is not edited: it shows the line as credited and links the note.
    const detail = (await call('organizer', 'GET', `/api/v1/invoice/${invoice.id}/`)).json<Invoice>();
    expect(detail.gross).toBe(invoice.gross);
    expect(detail.lines.map((l) => [l.transaction, l.credited])).toEqual([
      [box.id, true],
      [shavings.id, false],
    ]);
    expect(detail.credit_notes).toEqual([{ id: note.id, number: '1-00002' }]);
    expect(detail.status).toBe('issued');
    // The rest: the invoice is cancelled, the balance is back to zero, the ledger checks out.
    const rest = await server().app.inject({
      method: 'POST',
      url: `/api/v1/invoice/${invoice.id}/creditNote/`,
      headers: auth,
      payload: {},
    });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(await balanceOf('rider', f.rider)).toBe(0);
    expect((await call('organizer', 'GET', `/api/v1/invoice/${invoice.id}/`)).json<Invoice>().status).toBe('cancelled');
    expect((await call('admin', 'GET', '/api/v1/balance/check/')).json()).toMatchObject({ ok: true });
    // Credited entries are not billed again.
    const none = await call(
      'organizer',
      'GET',
      `/api/v1/venue/1/generateInvoice/?venueParticipationID=${f.participation}`,
    );
    expect(none.statusCode).toBe(400);
  });
});

describe('the invoice run', () => {
  it('invoices every party once with gapless numbers; a second run at once is refused; nothing left gives 400', async () => {
    const auth = await office();
    for (const party of [f.rider, f.employedRider]) {
      await charge(server().app, auth, { party_type: 'rider', party_id: party, consumable: f.box });
    }
    // A simple user has no event: the shavings' own tax type applies.
    await charge(server().app, auth, { party_type: 'simpleuser', party_id: f.simpleUser, consumable: f.shavings });
    const [first, second] = await Promise.all([
      call('organizer', 'POST', '/api/v1/venue/1/generateInvoices/'),
      call('organizer', 'POST', '/api/v1/venue/1/generateInvoices/'),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([202, 409]);
    const started = [first, second].find((r) => r.statusCode === 202)!.json<JobRun>();
    const run = await waitForRun(server().app, auth, started.id);
    expect(run).toMatchObject({ status: 'done', total: 3, done: 3, failed: 0 });
    expect(run.messages[0]?.code).toBe('run_done');
    expect(await invoiceNumbers(db())).toEqual([1, 2, 3]);
    const list = (await call('organizer', 'GET', '/api/v1/venue/1/invoices/')).json<InvoicePage>();
    expect(list.count).toBe(3);
    expect(list.uninvoiced).toBe(0);
    expect(new Set(list.results.map((i) => `${i.party.type}:${i.party.id}`)).size).toBe(3);
    expect(list.results.every((i) => i.has_pdf)).toBe(true);
    const nothing = await call('organizer', 'POST', '/api/v1/venue/1/generateInvoices/');
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toMatchObject({ error: 'nothing_to_invoice' });
  });
});

describe('who may read invoices', () => {
  it('the party and its venue’s office; other parties and other venues’ offices not', async () => {
    const auth = await office();
    await charge(server().app, auth, { party_type: 'rider', party_id: f.rider, consumable: f.box });
    const invoice = await generateOne(f.participation);
    const pdf = await call('rider', 'GET', `/api/v1/invoice/${invoice.id}/pdf/`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const own = await call('rider', 'GET', `/api/v1/rider/${f.rider}/invoices/`);
    expect(own.json().results.map((i: { id: number }) => i.id)).toEqual([invoice.id]);
    expect((await call('employed', 'GET', `/api/v1/invoice/${invoice.id}/pdf/`)).statusCode).toBe(404);
    expect((await call('employer', 'GET', `/api/v1/invoice/${invoice.id}/`)).statusCode).toBe(404);
    expect((await call('employed', 'GET', `/api/v1/rider/${f.rider}/invoices/`)).statusCode).toBe(404);
    expect((await call('rider', 'GET', '/api/v1/venue/1/invoices/')).statusCode).toBe(403);
    expect((await call('organizer', 'GET', `/api/v1/venue/${f.venue2}/invoices/`)).statusCode).toBe(403);
    expect((await call('stable', 'POST', '/api/v1/venue/1/generateInvoices/')).statusCode).toBe(403);
    const xml = await call('admin', 'GET', `/api/v1/invoice/${invoice.id}/xrechnung/`);
    expect(xml.statusCode).toBe(200);
    expect(xml.body).toContain(invoice.number);
  });
});
