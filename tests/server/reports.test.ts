import { describe, expect, it } from 'vitest';
import { pdfText } from './compensation-fixtures';
import { useSeededServer } from './helpers/use-server';
import type { Db } from '../../server/src/db/client';
import { officialParticipations, venueParticipations } from '../../server/src/db/schema';
import { endEmployment, seedOwnerFixtures, type OwnerFixtures } from './owner-fixtures';
import { postEntry } from './ledger-fixtures';

/**
 * The employed rider also takes part at venue 1, paid for by the employer: a party's reports are
 * only of venues it is at (the employer's charges for the employee there need the enrolment).
 */
async function enrolEmployeeAtVenue1(database: Db, fixtures: OwnerFixtures) {
  await database
    .insert(venueParticipations)
    .values({ venueId: 1, riderId: fixtures.employedRider, payerType: 'employer', payerId: fixtures.employer })
    .onConflictDoNothing();
}

const { server, f, db, call } = useSeededServer(async (database) => {
  const fixtures = await seedOwnerFixtures(database);
  await enrolEmployeeAtVenue1(database, fixtures);
  return fixtures;
});

/** Posts as `username`; answers the entry's id. */
async function post(body: Record<string, unknown>, username = 'admin'): Promise<number> {
  const res = await postEntry(server().app, await server().auth(username), { venue: 1, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

const DAY_A = '2026-05-01';
const DAY_B = '2026-05-02';
const at = (day: string) => `${day}T10:00:00Z`;

describe('consumables sold', () => {
  /**
   * Venue 1 prices are gross, tax per line: Box 150.00 at 22 % (the event's configuration),
   * Shavings 8.50 at 9.5 % (its own tax type).
   *   day A: 2 boxes 300.00 (tax 54.10, net 245.90); 3 shavings 25.50 (2.21 / 23.29);
   *          1 shavings 8.50 (0.74 / 7.76), reversed the day after: nets out on day A
   *   day B: 1 box, reversed: gone; 2 shavings 17.00 (1.47 / 15.53); 1 shavings credited back
   *          −8.50 (−0.74 / −7.76) → 1 shavings, 8.50, tax 0.73, net 7.77
   * Entries without a price-list item (a payment, a free-text charge, a sale) are no consumables.
   */
  async function sellSomething() {
    const rider = { party_type: 'rider', party_id: f.rider };
    await post({ ...rider, kind: 'charge', consumable: f.box, quantity: 2, occurred_at: at(DAY_A) });
    await post({ ...rider, kind: 'charge', consumable: f.shavings, quantity: 3, occurred_at: at(DAY_A) });
    const extra = await post({ ...rider, kind: 'charge', consumable: f.shavings, quantity: 1, occurred_at: at(DAY_A) });
    const box = await post({ ...rider, kind: 'charge', consumable: f.box, quantity: 1, occurred_at: at(DAY_B) });
    await post({ ...rider, kind: 'charge', consumable: f.shavings, quantity: 2, occurred_at: at(DAY_B) });
    await post({ ...rider, kind: 'credit', consumable: f.shavings, quantity: 1, occurred_at: at(DAY_B) });
    await post({ ...rider, kind: 'payment', unit_price: 10_000, occurred_at: at(DAY_B) });
    await post({ ...rider, kind: 'charge', unit_price: 4_000, description: 'Stable fee', occurred_at: at(DAY_B) });
    for (const id of [extra, box]) {
      const res = await call('organizer', 'DELETE', `/api/v1/transaction/${id}/`);
      expect(res.statusCode, res.body).toBe(204);
    }
  }

  const asUser = async (username: string, body: Record<string, unknown> = {}, venue = 1, extra = {}) =>
    server().app.inject({
      method: 'POST',
      url: `/api/v1/venue/${venue}/exportConsumablesPDF/`,
      headers: { ...(await server().auth(username)), ...extra },
      payload: body,
    });

  it('sums quantity, net, tax and gross per day and item, with day, item and overall totals', async () => {
    await sellSomething();
    const res = await asUser('organizer');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('inline; filename="consumables-venue-1.pdf"');
    const text = await pdfText(res.rawPayload);
    // The organizer reads German.
    expect(text).toContain('Verkaufte Artikel: Paddock Classic');
    const dayA = text.slice(text.indexOf('01.05.2026'), text.indexOf('02.05.2026'));
    expect(dayA).toContain('Box 2 245.90 54.10 300.00');
    expect(dayA).toContain('Shavings 3 23.29 2.21 25.50');
    expect(dayA).toContain('Tagessumme 5 269.19 56.31 325.50');
    const dayB = text.slice(text.indexOf('02.05.2026'), text.indexOf('Alle Tage nach Artikel'));
    expect(dayB).not.toContain('Box');
    expect(dayB).toContain('Shavings 1 7.77 0.73 8.50');
    expect(dayB).toContain('Tagessumme 1 7.77 0.73 8.50');
    const all = text.slice(text.indexOf('Alle Tage nach Artikel'));
    expect(all).toContain('Box 2 245.90 54.10 300.00');
    expect(all).toContain('Shavings 4 31.06 2.94 34.00');
    expect(all).toContain('Summe 6 276.96 57.04 334.00');
    expect(text).not.toContain('Stable fee');
    expect(text).not.toContain('100.00');
  });

  it('keeps to the days asked for, in the language the app asks for', async () => {
    await sellSomething();
    const res = await asUser('admin', { date_from: DAY_B, date_to: DAY_B }, 1, { 'accept-language': 'it-IT,it;q=0.9' });
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Articoli venduti: Paddock Classic');
    expect(text).toContain('Periodo 02/05/2026');
    expect(text).toContain('Totale 1 7.77 0.73 8.50');
    expect(text).not.toContain('245.90');
    const empty = await pdfText((await asUser('admin', { date_from: '2026-06-01' })).rawPayload);
    expect(empty).toContain('Nothing sold.');
    expect((await asUser('admin', { date_from: DAY_B, date_to: DAY_A })).statusCode).toBe(400);
  });

  it('belongs to the venue’s show office and admins', async () => {
    expect((await asUser('organizer', {}, f.venue2)).statusCode).toBe(403);
    expect((await asUser('organizer', {}, 999_999)).statusCode).toBe(404);
    for (const username of ['stable', 'rider', 'official', 'merchant'])
      expect((await asUser(username)).statusCode, username).toBe(403);
    expect((await asUser('admin', {}, f.venue2)).statusCode).toBe(200);
    const anonymous = await server().app.inject({
      method: 'POST',
      url: '/api/v1/venue/1/exportConsumablesPDF/',
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("a party's summary and transaction details", () => {
  /**
   * The rider at venue 1: a box (150.00, VAT 22 %: 27.05) and a payment of 50.00 → −100.00;
   * at venue 2 (CHF) a charge of 9.00 without tax → −9.00. The employer pays for its employee's
   * shavings (8.50, VAT 9.5 %: 0.74) and paid 20.00 → 11.50.
   */
  async function someEntries() {
    await post({ kind: 'charge', party_type: 'rider', party_id: f.rider, consumable: f.box });
    await post({ kind: 'payment', party_type: 'rider', party_id: f.rider, unit_price: 5_000, description: 'Cash' });
    await post({
      venue: f.venue2,
      kind: 'charge',
      party_type: 'rider',
      party_id: f.rider,
      unit_price: 900,
      description: 'Zurich box',
    });
    await post({ kind: 'charge', party_type: 'rider', party_id: f.employedRider, consumable: f.shavings });
    await post({
      kind: 'payment',
      party_type: 'employer',
      party_id: f.employer,
      unit_price: 2_000,
      description: 'Transfer',
    });
  }
  const summary = (username: string, type: string, id: number, venue?: number) =>
    call(username, 'GET', `/api/v1/${type}/${id}/generateSummaryPDF/${venue ? `?venue=${venue}` : ''}`);
  const details = (username: string, type: string, id: number, venue = 1) =>
    call(username, 'GET', `/api/v1/${type}/${id}/venueTransactionDetailsPDF/?venue=${venue}`);

  it('sums every venue up, with totals per currency', async () => {
    await someEntries();
    const res = await summary('rider', 'rider', f.rider);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`inline; filename="summary-rider-${f.rider}.pdf"`);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Summary: Rosa Rider');
    expect(text).toContain('All shows');
    // Show, currency, charged, of which VAT, paid, credits and payouts, balance.
    expect(text).toContain('Other Show CHF 9.00 0.00 0.00 0.00 -9.00');
    expect(text).toContain('Paddock Classic EUR 150.00 27.05 50.00 0.00 -100.00');
    expect(text).toContain('Total EUR 150.00 27.05 50.00 0.00 -100.00');
    expect(text).toContain('Total CHF 9.00 0.00 0.00 0.00 -9.00');
  });

  it('sums one venue up; the show office reads its own venue only', async () => {
    await someEntries();
    const one = await pdfText((await summary('admin', 'rider', f.rider, 1)).rawPayload);
    expect(one).toContain('Paddock Classic EUR 150.00 27.05 50.00 0.00 -100.00');
    expect(one).not.toContain('Other Show');
    // The organizer (German): its venue, whether named or not; another venue is refused.
    const office = await pdfText((await summary('organizer', 'rider', f.rider)).rawPayload);
    expect(office).toContain('Übersicht: Rosa Rider');
    expect(office).toContain('Paddock Classic EUR 150.00 27.05 50.00 0.00 -100.00');
    expect(office).not.toContain('CHF');
    expect((await summary('organizer', 'rider', f.rider, f.venue2)).statusCode).toBe(403);
    // A venue without entries of the party: zeros.
    const none = await pdfText((await summary('admin', 'simpleuser', f.simpleUser, 1)).rawPayload);
    expect(none).toContain('Paddock Classic EUR 0.00 0.00 0.00 0.00 0.00');
    // An official's compensation credit is "credits and payouts".
    await post({
      kind: 'credit',
      party_type: 'official',
      party_id: f.official,
      unit_price: 30_000,
      description: 'Fee',
    });
    const official = await pdfText((await summary('official', 'official', f.official)).rawPayload);
    expect(official).toContain('Récapitulatif: Odile Officielle');
    expect(official).toContain('Paddock Classic EUR 0.00 0.00 0.00 300.00 300.00');
  });

  it('lists the entries of the account at a venue with VAT, payments and the running balance', async () => {
    await someEntries();
    const rider = await details('rider', 'rider', f.rider);
    expect(rider.statusCode, rider.body).toBe(200);
    const text = await pdfText(rider.rawPayload);
    expect(text).toContain('Transaction details: Rosa Rider');
    expect(text).toContain('Paddock Classic · EUR');
    // Box: qty 1, unit 150.00, net −122.95, 22 %, VAT −27.05, gross −150.00, balance −150.00.
    expect(text).toContain('Box 1 150.00 -122.95 22 -27.05 -150.00 -150.00');
    // The payment: 50.00 under payments, balance −100.00.
    expect(text).toContain('Cash 1 50.00 50.00 -100.00');
    expect(text).toContain('Total -122.95 -27.05 -150.00 50.00 -100.00');
    expect(text).not.toContain('Zurich');

    // The employer's account: the employee's shavings, named, and the employer's payment.
    const employer = await pdfText((await details('employer', 'employer', f.employer)).rawPayload);
    expect(employer).toContain('Buchungsdetails: Gestüt Arbeitgeber GmbH');
    expect(employer).toContain('Shavings Eva Employed 1 8.50 -7.76 9.5 -0.74 -8.50 -8.50');
    expect(employer).toContain('Transfer 1 20.00 20.00 11.50');
    // The employee's own account holds none of it (the employee reads German).
    const employee = await pdfText((await details('employed', 'rider', f.employedRider)).rawPayload);
    expect(employee).toContain('Keine Buchungen.');
  });

  it('writes every language’s letters: the Polish statement and summary of the simple user', async () => {
    await post({
      kind: 'charge',
      party_type: 'simpleuser',
      party_id: f.simpleUser,
      unit_price: 1_250,
      description: 'Żółć',
    });
    const statement = await call('simpleuser', 'GET', `/api/v1/simpleuser/${f.simpleUser}/reports/1/pdf/`);
    expect(statement.statusCode).toBe(200);
    const text = await pdfText(statement.rawPayload);
    expect(text).toContain('Wyciąg');
    expect(text).toContain('Szymon Prosty');
    expect(text).toContain('Żółć');
    const polish = await pdfText((await summary('simpleuser', 'simpleuser', f.simpleUser)).rawPayload);
    expect(polish).toContain('Podsumowanie: Szymon Prosty');
    expect(polish).toContain('Obciążenia');
  });

  it('answers a reversal as taking its entry back', async () => {
    const id = await post({ kind: 'charge', party_type: 'rider', party_id: f.rider, consumable: f.box });
    expect((await call('organizer', 'DELETE', `/api/v1/transaction/${id}/`)).statusCode).toBe(204);
    const text = await pdfText((await details('rider', 'rider', f.rider)).rawPayload);
    expect(text).toContain('Box 1 150.00 -122.95 22 -27.05 -150.00 -150.00');
    expect(text).toContain('Box -1 150.00 122.95 22 27.05 150.00 0.00');
    expect(text).toContain('Total 0.00 0.00 0.00 0.00');
  });

  it("is read by the party, its employer, the venue's show office and admins; anyone else 404", async () => {
    await someEntries();
    // Each party takes part at venue 1: the official works there, the simple user bought something.
    await db()
      .insert(officialParticipations)
      .values({ venueId: 1, officialId: f.official, function: 'judge' })
      .onConflictDoNothing();
    await post({
      kind: 'charge',
      party_type: 'simpleuser',
      party_id: f.simpleUser,
      unit_price: 300,
      description: 'Ticket',
    });
    for (const [username, type, id] of [
      ['rider', 'rider', f.rider],
      ['admin', 'rider', f.rider],
      ['organizer', 'rider', f.rider],
      ['employer', 'rider', f.employedRider],
      ['employer', 'employer', f.employer],
      ['official', 'official', f.official],
      ['simpleuser', 'simpleuser', f.simpleUser],
    ] as const) {
      expect((await summary(username, type, id)).statusCode, `${username} ${type}`).toBe(200);
      expect((await details(username, type, id)).statusCode, `${username} ${type}`).toBe(200);
    }
    for (const [username, type, id] of [
      ['employer', 'rider', f.rider],
      ['official', 'rider', f.rider],
      ['rider', 'official', f.official],
      ['multi', 'official', f.official],
      ['simpleuser', 'employer', f.employer],
      ['stable', 'rider', f.rider],
      ['merchant', 'rider', f.rider],
      ['rider', 'rider', 999_999],
    ] as const) {
      expect((await summary(username, type, id)).statusCode, `${username} ${type}`).toBe(404);
      expect((await details(username, type, id)).statusCode, `${username} ${type}`).toBe(404);
    }
    expect((await details('organizer', 'rider', f.rider, f.venue2)).statusCode).toBe(403);
    expect((await details('rider', 'rider', f.rider, 999_999)).statusCode).toBe(404);
    await endEmployment(db(), f);
    expect((await summary('employer', 'rider', f.employedRider)).statusCode).toBe(404);
  });
});
