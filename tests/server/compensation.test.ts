import { eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { compensationBills, venues } from '../../server/src/db/schema';
import { rowsOf } from '../../server/src/db/rows';
import { useSeededServer } from './helpers/use-server';
import { compensationCredits, officialBalance, pdfText, seedCompensationFixtures } from './compensation-fixtures';

const { f, db, call } = useSeededServer(seedCompensationFixtures);

const generate = (username: string, participation: number) =>
  call(username, 'GET', `/api/v1/officialParticipation/${participation}/generateCompensationBill/`);
const billsOf = async (username: string, official: number) => {
  const res = await call(username, 'GET', `/api/v1/official/${official}/compensationBills/`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results as { id: number; number: string; official_participation: number; [k: string]: unknown }[];
};

describe('issuing a compensation bill', () => {
  it('works out days × rate + travel + per diem − withholding and credits the payable once', async () => {
    const res = await generate('organizer', f.odile);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(
      /^inline; filename="compensation-bill-1-C00001-odile-officielle\.pdf"$/,
    );

    // 4 × 220.00 = 880.00; + 185.00 + 45.00 = 1110.00 gross; 15 % = 166.50 withheld; 943.50 payable.
    const [bill] = await billsOf('official', f.official);
    expect(bill).toMatchObject({
      number: '1-C00001',
      venue: 1,
      venue_name: 'Paddock Classic',
      official: { id: f.official, name: 'Odile Officielle' },
      official_participation: f.odile,
      function: 'judge',
      date_from: '2026-05-01',
      date_to: '2026-05-04',
      days: 4,
      day_rate: 22_000,
      travel: 18_500,
      per_diem: 4_500,
      gross: 111_000,
      withholding_bp: 1_500,
      withholding: 16_650,
      payable: 94_350,
      currency: 'EUR',
      language: 'fr',
      transaction: expect.any(Number),
    });
    expect(await compensationCredits(db())).toEqual([
      { ref: `compensation:${f.odile}`, party_id: f.official, kind: 'credit', gross: '94350' },
    ]);
    expect(await officialBalance(db(), f.official)).toBe(94_350);
    const check = await call('admin', 'GET', '/api/v1/balance/check/');
    expect(check.json()).toMatchObject({ ok: true });

    // The official reads the credit among their entries.
    const entries = await call('official', 'GET', `/api/v1/transaction/?party_type=official&party_id=${f.official}`);
    expect(entries.json().results).toEqual([
      expect.objectContaining({ id: bill!.transaction, kind: 'credit', gross: 94_350, tax: 0, source: 'system' }),
    ]);
    // described in the bill's language (French here), as the bill itself, never in English
    expect(entries.json().results[0].description).toBe('Note d’honoraires 1-C00001');
  });

  it('rounds the withholding half away from zero, in integers', async () => {
    expect((await generate('admin', f.morgan)).statusCode).toBe(200);
    // 3 × 333.35 = 1000.05; 10 % = 100.005 → 100.01; payable 900.04.
    const [bill] = await billsOf('multi', f.morganOfficial);
    expect(bill).toMatchObject({ gross: 100_005, withholding: 10_001, payable: 90_004, language: 'en' });
    expect(await officialBalance(db(), f.morganOfficial)).toBe(90_004);
  });

  it('answers the same bill when asked again and posts nothing more', async () => {
    const first = await generate('organizer', f.odile);
    const balance = await officialBalance(db(), f.official);
    for (const username of ['organizer', 'admin']) {
      const again = await generate(username, f.odile);
      expect(again.statusCode).toBe(200);
      expect(again.headers['content-disposition']).toBe(first.headers['content-disposition']);
    }
    expect(await billsOf('official', f.official)).toHaveLength(1);
    expect(await compensationCredits(db())).toHaveLength(1);
    expect(await officialBalance(db(), f.official)).toBe(balance);
    const [sequence] = rowsOf<{ last_number: number }>(
      await db().execute(
        sql`SELECT last_number FROM document_sequences WHERE venue_id = 1 AND series = 'compensation'`,
      ),
    );
    expect(sequence?.last_number).toBe(1);
  });

  it('issues one bill and one credit when asked many times at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => generate(i % 2 ? 'admin' : 'organizer', f.steward)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((a) => a.headers['content-disposition'])).size).toBe(1);
    const bills = await db().select().from(compensationBills);
    expect(bills).toHaveLength(1);
    // 2 × 150.00, nothing withheld.
    expect(bills[0]).toMatchObject({ number: 1, grossMinor: 30_000, withholdingMinor: 0, payableMinor: 30_000 });
    expect(await compensationCredits(db())).toEqual([
      { ref: `compensation:${f.steward}`, party_id: f.official, kind: 'credit', gross: '30000' },
    ]);
  });

  it('numbers the bills of a venue without gaps, also when an issue fails', async () => {
    expect((await generate('organizer', f.steward)).statusCode).toBe(200);
    // The judge's payable (943.50) is over the venue's limit for one entry: refused, nothing kept.
    await db().update(venues).set({ maxEntryMinor: 50_000 }).where(eq(venues.id, 1));
    const refused = await generate('organizer', f.odile);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ __all__: ['over_entry_limit'] });
    await db().update(venues).set({ maxEntryMinor: 1_000_000 }).where(eq(venues.id, 1));
    expect((await generate('organizer', f.morgan)).statusCode).toBe(200);
    expect((await generate('organizer', f.odile)).statusCode).toBe(200);
    // Nothing payable: a bill with its number, no credit.
    expect((await generate('organizer', f.zero)).statusCode).toBe(200);
    // Another venue counts on its own.
    expect((await generate('admin', f.abroad)).statusCode).toBe(200);

    const bills = await db().select().from(compensationBills).orderBy(compensationBills.id);
    expect(bills.map((b) => [b.officialParticipationId, b.venueId, b.numberText])).toEqual([
      [f.steward, 1, '1-C00001'],
      [f.morgan, 1, '1-C00002'],
      [f.odile, 1, '1-C00003'],
      [f.zero, 1, '1-C00004'],
      [f.abroad, f.venue2, `${f.venue2}-C00001`],
    ]);
    expect(bills.find((b) => b.officialParticipationId === f.zero)).toMatchObject({
      payableMinor: 0,
      transactionId: null,
    });
    expect((await compensationCredits(db())).map((c) => c.ref)).toEqual(
      [f.steward, f.morgan, f.odile, f.abroad].map((id) => `compensation:${id}`),
    );
  });

  it('keeps a participation that has a bill', async () => {
    expect((await generate('organizer', f.steward)).statusCode).toBe(200);
    const res = await call('organizer', 'DELETE', `/api/v1/officialParticipation/${f.steward}/`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('in_use');
    expect((await call('organizer', 'DELETE', `/api/v1/officialParticipation/${f.morgan}/`)).statusCode).toBe(204);
  });
});

describe('the bill as a PDF', () => {
  it("is written in the official's language with the number, names, figures and IBAN", async () => {
    const res = await generate('organizer', f.odile);
    const text = await pdfText(res.rawPayload);
    for (const part of [
      'Note d’honoraires',
      '1-C00001',
      'Odile Officielle',
      '12 rue des Lices',
      '49100 Angers',
      'Paddock Classic',
      'Juge',
      '01/05/2026 – 04/05/2026',
      'Honoraires : 4 jours × 220.00 EUR',
      '880.00 EUR',
      'Frais de déplacement 185.00 EUR',
      'Indemnité journalière 45.00 EUR',
      'Rémunération brute 1110.00 EUR',
      'Retenue à la source (15 %) -166.50 EUR',
      'Montant à payer 943.50 EUR',
    ])
      expect(text).toContain(part);
    expect(text.replace(/\s/g, '')).toContain(f.iban);
    expect(text).not.toContain('Amount payable');
  });

  it('says so in English for an English-speaking official, and when no account is on file', async () => {
    const text = await pdfText((await generate('organizer', f.morgan)).rawPayload);
    for (const part of [
      'Compensation bill',
      '1-C00001',
      'Morgan Multi',
      'Steward',
      'Fees: 3 days × 333.35 EUR',
      'Gross compensation 1000.05 EUR',
      'Withholding tax (10 %) -100.01 EUR',
      'Amount payable 900.04 EUR',
      'No bank account on file',
    ])
      expect(text).toContain(part);
  });
});

describe('all bills of a venue', () => {
  it('zips every bill, issuing the missing ones first', async () => {
    expect((await generate('organizer', f.morgan)).statusCode).toBe(200);
    const res = await call('organizer', 'GET', '/api/v1/official/downloadCompensationBills/?venue=1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="compensation-bills-venue-1.zip"');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).sort()).toEqual([
      'compensation-bill-1-C00001-morgan-multi.pdf',
      'compensation-bill-1-C00002-odile-officielle.pdf',
      'compensation-bill-1-C00003-odile-officielle.pdf',
      'compensation-bill-1-C00004-odile-officielle.pdf',
    ]);
    const judge = await pdfText(files['compensation-bill-1-C00002-odile-officielle.pdf']!);
    expect(judge).toContain('Montant à payer 943.50 EUR');
    // The venue 2 participation stays unbilled; asking again issues nothing new.
    const again = unzipSync(
      new Uint8Array((await call('admin', 'GET', '/api/v1/official/downloadCompensationBills/?venue=1')).rawPayload),
    );
    expect(Object.keys(again)).toHaveLength(4);
    expect(await db().select().from(compensationBills)).toHaveLength(4);
    expect(await compensationCredits(db())).toHaveLength(3);
  });

  it('belongs to the venue’s show office and admins', async () => {
    const url = (venue: number) => `/api/v1/official/downloadCompensationBills/?venue=${venue}`;
    expect((await call('organizer', 'GET', url(f.venue2))).statusCode).toBe(403);
    expect((await call('organizer', 'GET', url(999_999))).statusCode).toBe(404);
    for (const username of ['official', 'rider', 'stable'])
      expect((await call(username, 'GET', url(1))).statusCode).toBe(403);
    expect((await call('admin', 'GET', url(f.venue2))).statusCode).toBe(200);
    expect(await db().select().from(compensationBills)).toHaveLength(1);
  });
});

describe('who reads the bills', () => {
  it('lets the official read only their own bills; the show office of the venue and admins all of it', async () => {
    await generate('organizer', f.odile);
    await generate('organizer', f.morgan);
    await generate('admin', f.abroad);
    // By venue name: Other Show (venue 2), then Paddock Classic.
    const odiles = await billsOf('official', f.official);
    expect(odiles.map((b) => b.number)).toEqual([`${f.venue2}-C00001`, '1-C00001']);
    const [morgans] = await billsOf('multi', f.morganOfficial);
    const [abroad, judge] = odiles as [(typeof odiles)[number], (typeof odiles)[number]];
    const pdf = (username: string, id: number) => call(username, 'GET', `/api/v1/compensationBill/${id}/pdf/`);

    expect((await pdf('official', judge.id)).statusCode).toBe(200);
    expect((await pdf('official', morgans!.id)).statusCode).toBe(404);
    expect((await pdf('multi', morgans!.id)).statusCode).toBe(200);
    for (const username of ['multi', 'rider', 'employer', 'simpleuser', 'stable'])
      expect((await pdf(username, judge.id)).statusCode, username).toBe(404);
    expect((await pdf('organizer', judge.id)).statusCode).toBe(200);
    expect((await pdf('organizer', abroad.id)).statusCode).toBe(404);
    expect((await pdf('admin', abroad.id)).statusCode).toBe(200);
    expect((await pdf('admin', 999_999)).statusCode).toBe(404);

    // The list: the official's own user and admins; anyone else 404.
    expect((await call('multi', 'GET', `/api/v1/official/${f.official}/compensationBills/`)).statusCode).toBe(404);
    expect((await call('rider', 'GET', `/api/v1/official/${f.official}/compensationBills/`)).statusCode).toBe(404);
    expect(await billsOf('admin', f.official)).toHaveLength(2);
  });

  it('lets only the venue’s show office and admins issue', async () => {
    for (const username of ['official', 'multi', 'rider', 'stable', 'employer'])
      expect((await generate(username, f.odile)).statusCode, username).toBe(403);
    expect((await generate('organizer', f.abroad)).statusCode).toBe(403);
    expect((await generate('organizer', 999_999)).statusCode).toBe(404);
    expect(await db().select().from(compensationBills)).toHaveLength(0);
    expect(await compensationCredits(db())).toHaveLength(0);
  });
});
