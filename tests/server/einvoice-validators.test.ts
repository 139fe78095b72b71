import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/src/db/rows';
import { employers, riders, venues } from '../../server/src/db/schema';
import type { Invoice } from '../../src/shared/schemas/invoices';
import { useSeededServer } from './helpers/use-server';
import { charge, seedInvoiceFixtures, setTaxOverride } from './invoice-fixtures';

/**
 * Every kind of document Paddock issues, issued through the API as a show office does, then
 * checked by the official rule sets (tests/validators/einvoice: EN 16931 for CII and UBL, the
 * XRechnung CIUS for UBL) in one Java run: the Factur-X PDF (its embedded CII) and the
 * XRechnung UBL of each invoice and credit note must have no fatal rule failure. The rules are
 * applied as published; a failure is fixed in the documents, never by leaving a rule out.
 */

const VALIDATE = join(import.meta.dirname, '../validators/einvoice/validate.sh');

const { server, f, db, call } = useSeededServer(async (db) => {
  const fixtures = await seedInvoiceFixtures(db);
  // The show office's contact: XRechnung wants a phone and an e-mail (BR-DE-2, BR-DE-6, BR-DE-7).
  await db
    .update(venues)
    .set({
      contactName: 'Show office',
      contactPhone: '+386 5 123 4567',
      contactEmail: 'office@paddock.demo',
      // BT-30: what identifies the seller on an invoice outside the scope of VAT (BR-CO-26).
      legalRegistrationId: 'Okrožno sodišče v Ljubljani, Srg 2026/123',
    })
    .where(eq(venues.id, 1));
  return fixtures;
});

type Address = { address: string; postalCode: string; city: string; country: string };
const SLOVENIA: Address = { address: 'Prešernova 10', postalCode: '1000', city: 'Ljubljana', country: 'SI' };
const GERMANY: Address = { address: 'Hauptstraße 1', postalCode: '80331', city: 'München', country: 'DE' };
const SWITZERLAND: Address = { address: 'Bahnhofstrasse 5', postalCode: '8001', city: 'Zürich', country: 'CH' };

const moveRider = (id: number, to: Address) => db().update(riders).set(to).where(eq(riders.id, id));

async function invoiceOf(participation: number): Promise<Invoice> {
  const res = await call('organizer', 'GET', `/api/v1/venue/1/generateInvoice/?venueParticipationID=${participation}`);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Invoice>();
}

describe('e-invoices under the official rule sets', () => {
  it('every invoice and credit note, as Factur-X and XRechnung, passes EN 16931 and XRechnung', async () => {
    const auth = await server().auth('organizer');
    const app = server().app;
    const rider = (body: Record<string, unknown>) =>
      charge(app, auth, { party_type: 'rider', party_id: f.rider, ...body });
    const issued: { label: string; invoice: Invoice }[] = [];

    // Domestic private rider, two rates (box 22 % by the event's configuration, shavings 9.5 %)
    // and an exempt line on a tax type that states its ground.
    await moveRider(f.rider, SLOVENIA);
    await rider({ consumable: f.box, quantity: 3 });
    await rider({ consumable: f.shavings, quantity: 2 });
    const [exempt] = rowsOf<{ id: number }>(
      await db().execute(sql`INSERT INTO tax_types (code, name, category, exemption_reason, exemption_code)
        VALUES ('EXEMPT', 'Exempt', 'E', 'Exempt under Article 132(1)(m) of Directive 2006/112/EC.', 'VATEX-EU-132-1M')
        RETURNING id`),
    );
    await db().execute(
      sql`INSERT INTO tax_rates (tax_type_id, rate_bp, valid_from) VALUES (${exempt!.id}, 0, '2000-01-01')`,
    );
    await rider({ category: 'other', description: 'Riding lesson', unit_price: 4000, tax_type: Number(exempt!.id) });
    const domestic = await invoiceOf(f.participation);
    expect(domestic.vat_summary.map((r) => `${r.tax_category}/${r.tax_rate_bp}`)).toEqual(['S/2200', 'S/950', 'E/0']);
    issued.push({ label: 'domestic-multi-rate-exempt', invoice: domestic });

    // Its credit note (part of it), and one for the rest.
    const first = domestic.lines[0]!.transaction;
    const partial = await call('organizer', 'POST', `/api/v1/invoice/${domestic.id}/creditNote/`, {
      lines: [first],
      reason: 'Box not used',
    });
    expect(partial.statusCode, partial.body).toBe(201);
    issued.push({ label: 'credit-note-partial', invoice: partial.json<Invoice>() });
    const rest = await call('organizer', 'POST', `/api/v1/invoice/${domestic.id}/creditNote/`, {});
    expect(rest.statusCode, rest.body).toBe(201);
    issued.push({ label: 'credit-note-rest', invoice: rest.json<Invoice>() });

    // A private rider from another member state: goods and services on site are taxed here.
    await moveRider(f.rider, GERMANY);
    await rider({ consumable: f.box });
    issued.push({ label: 'foreign-eu-private', invoice: await invoiceOf(f.participation) });

    // A rider from outside the EU.
    await moveRider(f.rider, SWITZERLAND);
    await rider({ consumable: f.shavings, quantity: 4 });
    issued.push({ label: 'non-eu', invoice: await invoiceOf(f.participation) });

    // 260 lines of shavings: VAT per rate on the rate's total (BR-CO-17), every line summed (BR-CO-10).
    await moveRider(f.rider, SLOVENIA);
    for (let i = 0; i < 260; i++) await rider({ consumable: f.shavings, quantity: 1 + (i % 3) });
    const long = await invoiceOf(f.participation);
    expect(long.lines).toHaveLength(260);
    issued.push({ label: 'long-260-lines', invoice: long });

    // A business in another member state with a VAT id (the employer pays its rider's costs):
    // a box is let where the show is (Art. 47), so it carries the show's VAT; a general service
    // without VAT (the rider's SKIP override) is reverse charge (Art. 44, 196).
    await db()
      .update(employers)
      // A public buyer: its Leitweg-ID is the buyer reference (BT-10, BR-DE-15).
      .set({
        ...GERMANY,
        address: 'Am Gestüt 7',
        postalCode: '48157',
        city: 'Münster',
        vatId: 'DE123456789',
        leitwegId: '991-33333TEST-33',
      })
      .where(eq(employers.id, f.employer));
    await charge(app, auth, { party_type: 'rider', party_id: f.employedRider, consumable: f.box });
    issued.push({ label: 'foreign-eu-business', invoice: await invoiceOf(f.employedParticipation) });
    await setTaxOverride(db(), f.employedRider, 'SKIP');
    await charge(app, auth, {
      party_type: 'rider',
      party_id: f.employedRider,
      category: 'services',
      description: 'Horse transport',
      unit_price: 24400,
      tax_type: f.vatStd,
    });
    const reverse = await invoiceOf(f.employedParticipation);
    expect(reverse.vat_summary.map((r) => r.tax_category)).toEqual(['AE']);
    issued.push({ label: 'reverse-charge', invoice: reverse });

    // Outside the scope of VAT (damage compensation is no consideration for a supply): an invoice
    // of its own, with no VAT id of either party (BR-O-02), the seller named by its register entry.
    const [outside] = rowsOf<{ id: number }>(
      await db().execute(sql`INSERT INTO tax_types (code, name, category, exemption_reason)
        VALUES ('OUTSIDE', 'Not taxable', 'O', 'Not subject to VAT: compensation for damage.') RETURNING id`),
    );
    await db().execute(
      sql`INSERT INTO tax_rates (tax_type_id, rate_bp, valid_from) VALUES (${outside!.id}, 0, '2000-01-01')`,
    );
    await rider({
      category: 'other',
      description: 'Damaged box door',
      unit_price: 8000,
      tax_type: Number(outside!.id),
    });
    const outsideScope = await invoiceOf(f.participation);
    expect(outsideScope.vat_summary.map((r) => r.tax_category)).toEqual(['O']);
    issued.push({ label: 'outside-scope', invoice: outsideScope });

    // The files as stored and served, in one validator run.
    const dir = mkdtempSync(join(tmpdir(), 'paddock-einvoice-'));
    try {
      const files: string[] = [];
      for (const { label, invoice } of issued) {
        const pdf = await call('organizer', 'GET', `/api/v1/invoice/${invoice.id}/pdf/`);
        expect(pdf.statusCode, `${label} pdf`).toBe(200);
        const xml = await call('organizer', 'GET', `/api/v1/invoice/${invoice.id}/xrechnung/`);
        expect(xml.statusCode, `${label} xrechnung`).toBe(200);
        files.push(join(dir, `${label}.pdf`), join(dir, `${label}-xrechnung.xml`));
        writeFileSync(files[files.length - 2]!, pdf.rawPayload);
        writeFileSync(files[files.length - 1]!, xml.body);
      }
      const run = spawnSync(VALIDATE, files, { encoding: 'utf8', timeout: 240_000 });
      const report = `${run.stdout}${run.stderr}`;
      expect(run.status, report).toBe(0);
      // One verdict per file and rule set: Factur-X under EN 16931 CII, XRechnung under EN 16931 UBL and the CIUS.
      const verdicts = report.split('\n').filter((line) => /^(ok|FAIL) /.test(line));
      expect(verdicts.filter((line) => line.startsWith('ok   en16931-cii '))).toHaveLength(issued.length);
      expect(verdicts.filter((line) => line.startsWith('ok   en16931-ubl '))).toHaveLength(issued.length);
      expect(verdicts.filter((line) => line.startsWith('ok   xrechnung-ubl '))).toHaveLength(issued.length);
      expect(verdicts.filter((line) => line.startsWith('FAIL'))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const kinds = rowsOf<{ kind: string; n: number }>(
      await db().execute(
        sql`SELECT kind, count(*)::int AS n FROM invoices WHERE venue_id = 1 GROUP BY kind ORDER BY kind`,
      ),
    );
    expect(kinds).toEqual([
      { kind: 'credit_note', n: 2 },
      { kind: 'invoice', n: issued.length - 2 },
    ]);
  }, 300_000);
});
