import { describe, expect, it } from 'vitest';
import { useTestServer } from './helpers/use-server';

const server = useTestServer();

async function call(username: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return server().app.inject({ method, url, payload, headers: await server().auth(username) });
}
const admin = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  call('admin', method, url, payload);

const account = {
  venue: 1,
  holder_name: 'Paddock Classic d.o.o.',
  iban: 'si56 2633 0001 2039 086',
  bic: 'deutdeff',
  bank_name: 'Banka',
  currency: 'EUR',
  is_default: true,
};

describe('venue bank accounts', () => {
  it('stores the IBAN in electronic format and the BIC upper-cased', async () => {
    const res = await admin('POST', '/api/v1/venueBankAccount/', account);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      venue: 1,
      holder_name: 'Paddock Classic d.o.o.',
      iban: 'SI56263300012039086',
      bic: 'DEUTDEFF',
      bank_name: 'Banka',
      currency: 'EUR',
      is_default: true,
    });
  });

  it('refuses an IBAN failing mod-97, a malformed BIC and an unknown venue', async () => {
    const iban = await admin('POST', '/api/v1/venueBankAccount/', { ...account, iban: 'SI56263300012039087' });
    expect(iban.json()).toMatchObject({ error: 'validation', fields: { iban: ['invalid_iban'] } });
    const bic = await admin('POST', '/api/v1/venueBankAccount/', { ...account, bic: 'DEUT12' });
    expect(bic.json().fields).toEqual({ bic: ['invalid_bic'] });
    const venue = await admin('POST', '/api/v1/venueBankAccount/', { ...account, venue: 99 });
    expect(venue.json().fields).toEqual({ venue: ['does_not_exist'] });
    const patched = await admin('POST', '/api/v1/venueBankAccount/', { ...account, bic: null });
    expect(
      (await admin('PATCH', `/api/v1/venueBankAccount/${patched.json().id}/`, { iban: 'DE00' })).json().fields,
    ).toEqual({
      iban: ['invalid_iban'],
    });
    expect((await admin('GET', '/api/v1/venueBankAccount/?venue=1')).json().results).toEqual([
      expect.objectContaining({ iban: 'SI56263300012039086', bic: null }),
    ]);
  });

  it('keeps one default per venue', async () => {
    const first = (await admin('POST', '/api/v1/venueBankAccount/', account)).json();
    const second = (
      await admin('POST', '/api/v1/venueBankAccount/', { ...account, iban: 'DE89370400440532013000' })
    ).json();
    const defaults = async () =>
      (await admin('GET', '/api/v1/venueBankAccount/?venue=1'))
        .json()
        .results.map((a: { id: number; is_default: boolean }) => [a.id, a.is_default]);
    expect(await defaults()).toEqual([
      [first.id, false],
      [second.id, true],
    ]);
    await admin('PATCH', `/api/v1/venueBankAccount/${first.id}/`, { is_default: true });
    expect(await defaults()).toEqual([
      [first.id, true],
      [second.id, false],
    ]);
    expect((await admin('DELETE', `/api/v1/venueBankAccount/${first.id}/`)).statusCode).toBe(204);
    expect((await admin('DELETE', `/api/v1/venueBankAccount/${first.id}/`)).statusCode).toBe(404);
    expect((await admin('GET', '/api/v1/venueBankAccount/')).json().count).toBe(1);
  });

  it("is for admins and the venue's own organizer; the floor staff neither reads nor writes", async () => {
    expect((await call('organizer', 'GET', '/api/v1/venueBankAccount/?venue=1')).statusCode).toBe(200);
    expect((await call('organizer', 'POST', '/api/v1/venueBankAccount/', account)).statusCode).toBe(201);
    expect((await call('stable', 'GET', '/api/v1/venueBankAccount/?venue=1')).statusCode).toBe(403);
    expect((await call('stable', 'POST', '/api/v1/venueBankAccount/', account)).statusCode).toBe(403);
  });
});
