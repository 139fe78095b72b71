import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { convert } from 'xmlbuilder2';
import { rowsOf } from '../../server/src/db/rows';
import { riders, venues } from '../../server/src/db/schema';
import type { Invoice } from '../../src/shared/schemas/invoices';
import { pdfText } from './compensation-fixtures';
import { useSeededServer } from './helpers/use-server';
import { charge, seedInvoiceFixtures } from './invoice-fixtures';

/**
 * VAT per rate on the rate's total (EN 16931 BR-CO-17): an invoice of many lines at odd prices
 * over 7 % and 19 % states, per rate, the VAT of the rate's net total rounded once — not the sum
 * of its lines' VAT each rounded when it was charged — and the ledger books the difference with
 * the invoice, so the party owes and the VAT account holds what the invoice says. Line nets are
 * quantity × unit price as printed (2 × 8.68 = 17.36). The PDF, the Factur-X CII and the
 * XRechnung UBL say the same, and pass the official rule sets (one validator run for all).
 */

const VALIDATE = join(import.meta.dirname, '../validators/einvoice/validate.sh');

const { server, f, db, call } = useSeededServer(async (db) => {
  const fixtures = await seedInvoiceFixtures(db);
  await db
    .update(riders)
    .set({ address: 'Prešernova 10', postalCode: '1000', city: 'Ljubljana', country: 'SI' })
    .where(eq(riders.id, fixtures.rider));
  const rates: Record<string, number> = {};
  for (const [code, rateBp] of [
    ['VAT_7', 700],
    ['VAT_19', 1900],
  ] as const) {
    const [type] = rowsOf<{ id: number }>(
      await db.execute(sql`INSERT INTO tax_types (code, name) VALUES (${code}, ${code}) RETURNING id`),
    );
    await db.execute(
      sql`INSERT INTO tax_rates (tax_type_id, rate_bp, valid_from) VALUES (${type!.id}, ${rateBp}, '2020-01-01')`,
    );
    rates[rateBp] = Number(type!.id);
  }
  return { ...fixtures, vat7: rates[700]!, vat19: rates[1900]! };
});

/** round(net × rate), half away from zero, worked out here apart from the server's own code. */
const vatOf = (net: number, rateBp: number) => {
  const scaled = BigInt(Math.abs(net)) * BigInt(rateBp);
  const rounded = (scaled * 2n + 10_000n) / 20_000n;
  return Math.sign(net) * Number(rounded);
};

async function balances(rider: number) {
  const rows = rowsOf<{ kind: string; party_id: number; balance: string; tax: string }>(
    await db().execute(sql`SELECT kind, party_id, balance_minor::text AS balance, tax_minor::text AS tax FROM accounts
      WHERE venue_id = 1 AND ((kind = 'party' AND party_type = 'rider' AND party_id = ${rider}) OR kind = 'tax')`),
  );
  const party = rows.find((r) => r.kind === 'party');
  const tax = (rateBp: number) => Number(rows.find((r) => r.kind === 'tax' && Number(r.party_id) === rateBp)?.tax ?? 0);
  return { party: Number(party?.balance ?? 0), tax };
}

const cents = (text: unknown) => Math.round(Number(String(text)) * 100);

describe('VAT per rate on the rate total (BR-CO-17)', () => {
  it('an invoice of many odd lines at 7 % and 19 %, its credit note and the ledger agree, and validate', async () => {
    await db().update(venues).set({ pricesIncludeTax: false }).where(eq(venues.id, 1));
    const auth = await server().auth('organizer');
    const app = server().app;
    const post = (unitPrice: number, quantity: number, taxType: number, description: string) =>
      charge(app, auth, {
        party_type: 'rider',
        party_id: f.rider,
        category: 'other',
        description,
        unit_price: unitPrice,
        quantity,
        tax_type: taxType,
      });

    // Nets ending in .50: at 7 % and at 19 % each line's own VAT rounds up by half a cent.
    const posted: { net: number; tax: number; rateBp: number }[] = [];
    for (let i = 0; i < 120; i++) {
      const rateBp = i % 2 ? 700 : 1900;
      const quantity = i % 4 < 2 ? 1 : 3;
      const unitPrice = 150 + 100 * (i % 17);
      const entry = await post(unitPrice, quantity, rateBp === 700 ? f.vat7 : f.vat19, `Item ${i + 1}`);
      // The API answers a charge's amounts as the party's account sees them: negative.
      expect(entry.net).toBe(-unitPrice * quantity);
      posted.push({ net: -entry.net, tax: -entry.tax, rateBp });
    }
    const shavings = await post(868, 2, f.vat19, 'Shavings');
    posted.push({ net: -shavings.net, tax: -shavings.tax, rateBp: 1900 });

    const before = await balances(f.rider);
    const res = await call(
      'organizer',
      'GET',
      `/api/v1/venue/1/generateInvoice/?venueParticipationID=${f.participation}`,
    );
    expect(res.statusCode, res.body).toBe(201);
    const invoice = res.json<Invoice>();
    expect(invoice.lines).toHaveLength(121);

    // Per rate: the net of its lines, the VAT on that net rounded once, gross their sum.
    for (const rateBp of [1900, 700]) {
      const lines = posted.filter((p) => p.rateBp === rateBp);
      const net = lines.reduce((sum, l) => sum + l.net, 0);
      const row = invoice.vat_summary.find((r) => r.tax_rate_bp === rateBp)!;
      expect(row).toMatchObject({ tax_category: 'S', net, tax: vatOf(net, rateBp), gross: net + vatOf(net, rateBp) });
      // The lines' own VAT drifts from it (half a cent a line): the test bites.
      const lineVat = lines.reduce((sum, l) => sum + l.tax, 0);
      expect(lineVat - row.tax).toBeGreaterThanOrEqual(30);
    }
    const tax = invoice.vat_summary.reduce((sum, r) => sum + r.tax, 0);
    const net = posted.reduce((sum, p) => sum + p.net, 0);
    expect({ net: invoice.net, tax: invoice.tax, gross: invoice.gross }).toEqual({ net, tax, gross: net + tax });

    // The ledger books the difference with the invoice: the rider owes the invoice's gross, each
    // rate's VAT account holds the invoice's VAT, and nothing is left to invoice.
    const after = await balances(f.rider);
    expect(before.party).toBe(-posted.reduce((sum, p) => sum + p.net + p.tax, 0));
    expect(after.party).toBe(-invoice.gross);
    for (const row of invoice.vat_summary) expect(after.tax(row.tax_rate_bp)).toBe(row.tax);
    const left = await call(
      'organizer',
      'GET',
      `/api/v1/venue/1/generateInvoice/?venueParticipationID=${f.participation}`,
    );
    expect(left.statusCode).toBe(400);

    // The PDF prints 2 × 8.68 = 17.36 and the invoice's totals.
    const pdf = await call('organizer', 'GET', `/api/v1/invoice/${invoice.id}/pdf/`);
    expect(pdf.statusCode).toBe(200);
    const page = await pdfText(pdf.rawPayload);
    expect(page).toMatch(/Shavings 2 8\.68 EUR 19 % 17\.36 EUR/);
    for (const row of invoice.vat_summary) {
      const amounts = [row.net, row.tax, row.gross].map((m) => `${(m / 100).toFixed(2)} EUR`).join(' ');
      expect(page).toContain(`${row.tax_rate_bp / 100} % ${amounts}`);
    }
    expect(page).toContain(`${(invoice.gross / 100).toFixed(2)} EUR`);

    // The XRechnung UBL: the same subtotals and totals, the line at 8.68 × 2 = 17.36.
    const xml = await call('organizer', 'GET', `/api/v1/invoice/${invoice.id}/xrechnung/`);
    expect(xml.statusCode).toBe(200);
    const ubl = (convert(xml.body, { format: 'object' }) as Record<string, Record<string, unknown>>)['Invoice']!;
    const taxTotal = ubl['cac:TaxTotal'] as Record<string, unknown>;
    const subtotals = ([] as Record<string, Record<string, unknown>>[]).concat(
      taxTotal['cac:TaxSubtotal'] as Record<string, Record<string, unknown>>[],
    );
    expect(subtotals.map((s) => [cents(s['cbc:TaxableAmount']!['#']), cents(s['cbc:TaxAmount']!['#'])]).sort()).toEqual(
      invoice.vat_summary.map((r) => [r.net, r.tax]).sort(),
    );
    const monetary = ubl['cac:LegalMonetaryTotal'] as Record<string, Record<string, unknown>>;
    expect(cents(monetary['cbc:TaxInclusiveAmount']!['#'])).toBe(invoice.gross);
    const lines = ubl['cac:InvoiceLine'] as Record<string, Record<string, unknown>>[];
    const last = lines[lines.length - 1]!;
    expect(last['cbc:LineExtensionAmount']!['#']).toBe('17.36');
    expect((last['cac:Price'] as Record<string, Record<string, unknown>>)['cbc:PriceAmount']!['#']).toBe('8.68');

    // The whole credit note: per rate the same VAT as the invoice, and the account back at zero.
    const credit = await call('organizer', 'POST', `/api/v1/invoice/${invoice.id}/creditNote/`, {});
    expect(credit.statusCode, credit.body).toBe(201);
    const note = credit.json<Invoice>();
    expect(note.vat_summary).toEqual(invoice.vat_summary);
    expect(note.gross).toBe(invoice.gross);
    const settled = await balances(f.rider);
    expect(settled.party).toBe(0);
    for (const row of invoice.vat_summary) expect(settled.tax(row.tax_rate_bp)).toBe(0);

    // Gross prices: what the rider was charged stays (5 × 3 × 8.50 at 9.5 %), the rate's VAT is
    // taken once on that gross total and the lines' nets add up to the rest. 3 × 8.50 leaves a net
    // of 23.29 that 3 does not divide: priced 23.29 for a base quantity of 3 (BT-149), never
    // 3 × 7.76 = 23.28.
    await db().update(venues).set({ pricesIncludeTax: true }).where(eq(venues.id, 1));
    for (let i = 0; i < 5; i++) {
      await charge(app, auth, { party_type: 'rider', party_id: f.rider, consumable: f.shavings, quantity: 3 });
    }
    const grossRes = await call(
      'organizer',
      'GET',
      `/api/v1/venue/1/generateInvoice/?venueParticipationID=${f.participation}`,
    );
    expect(grossRes.statusCode, grossRes.body).toBe(201);
    const grossInvoice = grossRes.json<Invoice>();
    const vat = Math.round((12_750 * 950) / 10_950); // 1106.16: the lines' own VAT was 5 × 2.21
    expect(grossInvoice.vat_summary).toEqual([
      { tax_rate_bp: 950, tax_category: 'S', net: 12_750 - vat, tax: vat, gross: 12_750 },
    ]);
    expect(grossInvoice.gross).toBe(12_750);
    expect(grossInvoice.lines.reduce((sum, l) => sum + l.net, 0)).toBe(12_750 - vat);
    expect(Math.abs(vatOf(12_750 - vat, 950) - vat)).toBeLessThanOrEqual(1);
    expect((await balances(f.rider)).party).toBe(-12_750);
    expect((await balances(f.rider)).tax(950)).toBe(vat);
    const grossPdf = await call('organizer', 'GET', `/api/v1/invoice/${grossInvoice.id}/pdf/`);
    expect(await pdfText(grossPdf.rawPayload)).toContain('3 23.29 EUR / 3 9.5 % 23.29 EUR');

    // One validator run for every file.
    const dir = mkdtempSync(join(tmpdir(), 'paddock-vat-per-rate-'));
    try {
      const files: string[] = [];
      for (const [label, id] of [
        ['invoice', invoice.id],
        ['credit-note', note.id],
        ['gross-prices', grossInvoice.id],
      ] as const) {
        const file = await call('organizer', 'GET', `/api/v1/invoice/${id}/pdf/`);
        const ubl = await call('organizer', 'GET', `/api/v1/invoice/${id}/xrechnung/`);
        expect([file.statusCode, ubl.statusCode], label).toEqual([200, 200]);
        files.push(join(dir, `${label}.pdf`), join(dir, `${label}-xrechnung.xml`));
        writeFileSync(files[files.length - 2]!, file.rawPayload);
        writeFileSync(files[files.length - 1]!, ubl.body);
      }
      const run = spawnSync(VALIDATE, files, { encoding: 'utf8', timeout: 240_000 });
      const report = `${run.stdout}${run.stderr}`;
      expect(run.status, report).toBe(0);
      const verdicts = report.split('\n').filter((line) => /^(ok|FAIL) /.test(line));
      expect(verdicts.filter((line) => line.startsWith('ok '))).toHaveLength(9);
      expect(verdicts.filter((line) => line.startsWith('FAIL'))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
});
