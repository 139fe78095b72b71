import { describe, expect, it } from 'vitest';
import { merchants } from '../../server/src/db/schema';
import { qrCodeOf } from '../../server/src/security/qr';
import { postEntry, registerMerchant } from './ledger-fixtures';
import { seedPeopleFixtures } from './people-fixtures';
import { useSeededServer } from './helpers/use-server';

const { server, f, call } = useSeededServer(seedPeopleFixtures);

const sell = async (venue: number, party_id: number, unit_price: number, description: string) => {
  const res = await postEntry(server().app, await server().auth('merchant'), {
    venue,
    kind: 'sale',
    party_type: 'rider',
    party_id,
    unit_price,
    description,
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
};

describe('GET /api/v1/merchant/{id}/evclFees/', () => {
  it('lists the fee plan and the fee of every sale, with totals per currency; reversed sales drop out', async () => {
    await sell(1, f.rider, 10000, 'Saddle pad');
    await sell(1, f.rider, 5000, 'Brush');
    await sell(f.venue2, f.employedRider, 2000, 'Hoof oil');
    const reversed = await sell(1, f.rider, 99900, 'Mistake');
    const undo = await server().app.inject({
      method: 'DELETE',
      url: `/api/v1/transaction/${reversed}/`,
      headers: await server().auth('admin'),
    });
    expect(undo.statusCode).toBe(204);

    const res = await call('merchant', 'GET', `/api/v1/merchant/${f.merchant}/evclFees/`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.plan).toEqual({ fee_percent_bp: 250, fee_fixed_minor: 30 });
    expect(body.count).toBe(3);
    expect(body.results.map((r: { description: string; fee_minor: number }) => [r.description, r.fee_minor])).toEqual([
      ['Hoof oil', 80],
      ['Brush', 155],
      ['Saddle pad', 280],
    ]);
    expect(body.results[0]).toMatchObject({ venue: f.venue2, venue_name: 'Other Show', currency: 'CHF' });
    expect(body.totals).toEqual([
      { currency: 'CHF', gross_minor: 2000, fee_minor: 80 },
      { currency: 'EUR', gross_minor: 15000, fee_minor: 435 },
    ]);
    const atVenue = await call('admin', 'GET', `/api/v1/merchant/${f.merchant}/evclFees/?venue=1`);
    expect(atVenue.json()).toMatchObject({ count: 2, totals: [{ currency: 'EUR', fee_minor: 435 }] });
  });

  it("refuses other merchants' fees and non-merchants", async () => {
    const [other] = await server()
      .database.db.insert(merchants)
      .values({ companyName: 'Other Shop' })
      .returning({ id: merchants.id });
    expect((await call('merchant', 'GET', `/api/v1/merchant/${other!.id}/evclFees/`)).statusCode).toBe(404);
    expect((await call('rider', 'GET', `/api/v1/merchant/${f.merchant}/evclFees/`)).statusCode).toBe(403);
  });
});

describe('GET /api/v1/transaction/?merchant=', () => {
  it("lists the merchant's sales; a merchant sees only its own", async () => {
    await sell(1, f.rider, 10000, 'Saddle pad');
    const office = await server().auth('organizer');
    await postEntry(server().app, office, {
      venue: 1,
      kind: 'charge',
      party_type: 'rider',
      party_id: f.rider,
      consumable: f.box,
    });
    const [other] = await server()
      .database.db.insert(merchants)
      .values({ companyName: 'Other Shop' })
      .returning({ id: merchants.id });
    await registerMerchant(server().database.db, 1, other!.id);
    await postEntry(server().app, office, {
      venue: 1,
      kind: 'sale',
      party_type: 'rider',
      party_id: f.rider,
      unit_price: 700,
      merchant: other!.id,
      description: 'Other shop sale',
    });
    const list = async (username: string, merchant: number) =>
      (await call(username, 'GET', `/api/v1/transaction/?merchant=${merchant}`))
        .json()
        .results.map((t: { description: string }) => t.description);
    expect(await list('admin', f.merchant)).toEqual(['Saddle pad']);
    expect(await list('admin', other!.id)).toEqual(['Other shop sale']);
    expect(await list('merchant', f.merchant)).toEqual(['Saddle pad']);
    expect(await list('merchant', other!.id)).toEqual([]);
  });
});

describe('merchant look-ups of riders at a venue', () => {
  const names = async (username: string, query: string) => {
    const res = await call(username, 'GET', `/api/v1/merchant/riders/?${query}`);
    expect(res.statusCode).toBe(200);
    return res.json().results.map((r: { name: string }) => r.name);
  };

  it('finds riders taking part at the venue by name or head number, and no one else', async () => {
    expect(await names('merchant', 'venue=1')).toEqual(['Rosa Rider']);
    expect(await names('merchant', 'venue=1&search=rosa')).toEqual(['Rosa Rider']);
    expect(await names('merchant', 'venue=1&search=101')).toEqual(['Rosa Rider']);
    expect(await names('merchant', 'venue=1&search=7')).toEqual([]);
    expect(await names('merchant', 'venue=1&search=eva')).toEqual([]);
    expect(await names('merchant', `venue=${f.venue2}&search=7`)).toEqual(['Eva Employed']);
    const row = (await call('merchant', 'GET', '/api/v1/merchant/riders/?venue=1')).json().results[0];
    expect(row).toMatchObject({ id: f.rider, participation: f.participation, balance: 0 });
    expect((await call('merchant', 'GET', '/api/v1/merchant/riders/')).json()).toMatchObject({
      fields: { venue: ['required'] },
    });
  });

  it('resolves genuine rider and groom QR codes at the venue only', async () => {
    const secret = server().config.qrSecret;
    const qr = async (code: string, venue = 1) =>
      call('merchant', 'GET', `/api/v1/merchant/qr/${code}/?venue=${venue}`);
    expect((await qr(qrCodeOf(secret, 'r', f.rider))).json()).toMatchObject({ id: f.rider, name: 'Rosa Rider' });
    expect((await qr(qrCodeOf(secret, 'g', f.groom))).json()).toMatchObject({ id: f.rider });
    const elsewhere = await qr(qrCodeOf(secret, 'r', f.employedRider));
    expect([elsewhere.statusCode, elsewhere.json().error]).toEqual([404, 'unknown_qr']);
    expect((await qr(qrCodeOf(secret, 'r', f.employedRider), f.venue2)).json()).toMatchObject({ id: f.employedRider });
    const forged = qrCodeOf('another secret', 'r', f.rider);
    const unknown = await qr(forged);
    expect([unknown.statusCode, unknown.json().error]).toEqual([404, 'unknown_qr']);
  });

  it('refuses non-merchants', async () => {
    for (const username of ['rider', 'stable', 'organizer', 'employer']) {
      expect((await call(username, 'GET', '/api/v1/merchant/riders/?venue=1')).statusCode).toBe(403);
      const code = qrCodeOf(server().config.qrSecret, 'r', f.rider);
      expect((await call(username, 'GET', `/api/v1/merchant/qr/${code}/?venue=1`)).statusCode).toBe(403);
    }
  });
});
