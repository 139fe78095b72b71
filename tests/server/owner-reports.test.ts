import { beforeEach, describe, expect, it } from 'vitest';
import { minorToDecimalString } from '@shared/money';
import { postEntry } from './ledger-fixtures';
import { useTestServer } from './helpers/use-server';
import type { Db } from '../../server/src/db/client';
import { venueParticipations } from '../../server/src/db/schema';
import { endEmployment, seedOwnerFixtures, type OwnerFixtures } from './owner-fixtures';

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

const server = useTestServer();
let f: OwnerFixtures;

/** The rider: a box and a payment at venue 1, a charge at venue 2; the official: a payout at venue 1. */
beforeEach(async () => {
  f = await seedOwnerFixtures(server().database.db);
  await enrolEmployeeAtVenue1(server().database.db, f);
  const admin = await server().auth('admin');
  const post = async (body: Record<string, unknown>) => {
    const res = await postEntry(server().app, admin, { venue: 1, party_type: 'rider', party_id: f.rider, ...body });
    expect(res.statusCode, res.body).toBe(201);
  };
  await post({ kind: 'charge', consumable: f.box });
  await post({ kind: 'payment', unit_price: 5000, description: 'Cash; at the "office"' });
  await post({ venue: f.venue2, kind: 'charge', unit_price: 900, description: 'Zurich box' });
  await post({ kind: 'payout', party_type: 'official', party_id: f.official, unit_price: 700, description: 'Judging' });
  await post({ kind: 'charge', party_id: f.employedRider, consumable: f.shavings });
});

const get = async (username: string, url: string) =>
  server().app.inject({ url, headers: await server().auth(username) });

describe('reports', () => {
  it('lists the venues with entries and their count', async () => {
    const res = await get('rider', `/api/v1/rider/${f.rider}/reports/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      results: [
        { venue: f.venue2, venue_name: 'Other Show', formats: ['csv', 'pdf'], count: 1 },
        { venue: 1, venue_name: 'Paddock Classic', formats: ['csv', 'pdf'], count: 2 },
      ],
    });
    expect((await get('official', `/api/v1/official/${f.official}/reports/`)).json().results).toHaveLength(1);
    expect((await get('merchant', `/api/v1/merchant/${f.merchant}/reports/`)).json()).toEqual({ results: [] });
  });

  it('gives the statement as CSV: a header, the lines, amounts with two decimals, the balance', async () => {
    const res = await get('rider', `/api/v1/rider/${f.rider}/reports/1/csv/`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="statement-rider-${f.rider}-venue-1.csv"`);
    const rows = res.body.trim().split('\r\n');
    expect(rows[0]).toBe('Date;Kind;Description;Quantity;Net;Tax;Gross;Currency');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toMatch(/^\d{4}-\d{2}-\d{2};charge;Box;1;-?\d+\.\d{2};-?\d+\.\d{2};-?150\.00;EUR$/);
    expect(rows[2]).toContain('"Cash; at the ""office"""');
    const balance = (await get('rider', `/api/v1/rider/${f.rider}/balance/`)).json().results[0].balance_minor as number;
    expect(balance).not.toBe(0);
    expect(rows[3]).toBe(`Balance;;;;;;${minorToDecimalString(balance)};EUR`);
  });

  it('writes descriptions that look like formulas as text, and amounts (a negative balance too) as numbers', async () => {
    const admin = await server().auth('admin');
    const formulas = ['=HYPERLINK("http://evil.test","fee")', '+1+1', '-2+3', '@SUM(A1:A9)'];
    for (const description of formulas) {
      const res = await postEntry(server().app, admin, {
        venue: 1,
        party_type: 'rider',
        party_id: f.rider,
        kind: 'charge',
        unit_price: 1250,
        description,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const rows = (await get('rider', `/api/v1/rider/${f.rider}/reports/1/csv/`)).body.trim().split('\r\n');
    const written = rows.slice(3, 3 + formulas.length).map((row) => row.split(';'));
    expect(written.map((cells) => cells[2])).toEqual([
      `"'=HYPERLINK(""http://evil.test"",""fee"")"`,
      "'+1+1",
      "'-2+3",
      "'@SUM(A1:A9)",
    ]);
    for (const cells of written) expect(cells.slice(3, 7)).toEqual(['1', '12.50', '0.00', '12.50']);
    // The balance is negative (charges over payments): a number, not neutralised text.
    expect(rows.at(-1)).toBe('Balance;;;;;;-150.00;EUR');
  });

  it('gives the statement as a PDF', async () => {
    const res = await get('rider', `/api/v1/rider/${f.rider}/reports/1/pdf/`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.length).toBeGreaterThan(800);
  });

  it("answers 404 for another person's report, also to a former employer", async () => {
    for (const user of ['official', 'employer', 'simpleuser']) {
      expect((await get(user, `/api/v1/rider/${f.rider}/reports/1/csv/`)).statusCode).toBe(404);
      expect((await get(user, `/api/v1/rider/${f.rider}/reports/`)).statusCode).toBe(404);
    }
    expect((await get('rider', `/api/v1/official/${f.official}/reports/1/pdf/`)).statusCode).toBe(404);
    expect((await get('rider', `/api/v1/rider/${f.rider}/reports/999/csv/`)).statusCode).toBe(404);
    expect((await get('admin', `/api/v1/official/${f.official}/reports/1/csv/`)).statusCode).toBe(200);

    const employee = `/api/v1/rider/${f.employedRider}/reports/1/csv/`;
    const res = await get('employer', employee);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(';Shavings;');
    await endEmployment(server().database.db, f);
    expect((await get('employer', employee)).statusCode).toBe(404);
  });
});

describe('shows and balance', () => {
  it("lists a rider's shows with the participation and the balance there", async () => {
    const shows = (await get('rider', `/api/v1/rider/${f.rider}/shows/`)).json().results;
    const balances = (await get('rider', `/api/v1/rider/${f.rider}/balance/`)).json().results;
    expect(shows.map((s: { venue: number }) => s.venue).sort()).toEqual([1, f.venue2].sort());
    const lipica = shows.find((s: { venue: number }) => s.venue === 1);
    expect(lipica).toMatchObject({ venue_name: 'Paddock Classic', currency: 'EUR', participation: expect.any(Number) });
    expect(lipica.balance_minor).toBe(balances.find((b: { venue: number }) => b.venue === 1).balance_minor);
    expect(balances.find((b: { venue: number }) => b.venue === f.venue2)).toMatchObject({
      currency: 'CHF',
      participation: null,
    });
  });

  it('lists an official’s balance; nothing for someone without entries; 404 for others', async () => {
    const official = (await get('official', `/api/v1/official/${f.official}/balance/`)).json().results;
    expect(official).toEqual([
      expect.objectContaining({ venue: 1, participation: null, balance_minor: expect.any(Number) }),
    ]);
    expect(official[0].balance_minor).not.toBe(0);
    expect((await get('simpleuser', `/api/v1/simpleuser/${f.simpleUser}/shows/`)).json()).toEqual({ results: [] });
    expect((await get('simpleuser', `/api/v1/official/${f.official}/shows/`)).statusCode).toBe(404);
    expect((await get('admin', `/api/v1/official/${f.official}/shows/`)).json().results).toHaveLength(1);
  });
});

describe("reading an owner's entries through the ledger", () => {
  it('lets the admin and the owner read them, and nobody else', async () => {
    const url = `/api/v1/transaction/?party_type=official&party_id=${f.official}&venue=1`;
    expect((await get('admin', url)).json().count).toBe(1);
    expect((await get('official', url)).json().count).toBe(1);
    expect((await get('simpleuser', url)).json().count).toBe(0);
  });
});
