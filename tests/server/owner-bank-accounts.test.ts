import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { OWNER_TYPES } from '@shared/schemas/owner';
import { bankAccounts } from '../../server/src/db/schema';
import { useSeededServer } from './helpers/use-server';
import { endEmployment, OWNER_USERS, seedOwnerFixtures, VALID_BIC, VALID_IBAN } from './owner-fixtures';

const { server, f } = useSeededServer(seedOwnerFixtures);

async function call(username: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return server().app.inject({ method, url, headers: await server().auth(username), payload });
}
const account = (extra: object = {}) => ({ holder_name: 'Rosa Rider', iban: VALID_IBAN, bic: VALID_BIC, ...extra });
const rows = () => server().database.db.select().from(bankAccounts).orderBy(bankAccounts.id);

describe('bank accounts', () => {
  it.each(OWNER_TYPES)('a %s adds, lists, edits and deletes its own', async (kind) => {
    const user = OWNER_USERS[kind];
    const base = `/api/v1/${kind}/${f.own[kind]}/bankAccounts/`;
    const created = await call(user, 'POST', base, account());
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      owner_type: kind,
      owner_id: f.own[kind],
      iban: 'DE89370400440532013000',
      bic: VALID_BIC,
      currency: 'EUR',
      is_default: false,
    });
    const id = created.json().id as number;
    expect((await call(user, 'GET', base)).json()).toMatchObject({ count: 1, results: [{ id }] });
    const edited = await call(user, 'PATCH', `/api/v1/bankAccount/${id}/`, { bank_name: 'Commerzbank' });
    expect(edited.json()).toMatchObject({ bank_name: 'Commerzbank', holder_name: 'Rosa Rider' });
    expect((await call(user, 'DELETE', `/api/v1/bankAccount/${id}/`)).statusCode).toBe(204);
    expect(await rows()).toEqual([]);
  });

  it("answers 404 for another owner's accounts and changes nothing", async () => {
    const created = await call('official', 'POST', `/api/v1/official/${f.official}/bankAccounts/`, account());
    const id = created.json().id as number;
    for (const user of ['rider', 'employer', 'simpleuser', 'merchant']) {
      expect((await call(user, 'GET', `/api/v1/official/${f.official}/bankAccounts/`)).statusCode).toBe(404);
      expect((await call(user, 'POST', `/api/v1/official/${f.official}/bankAccounts/`, account())).statusCode).toBe(
        404,
      );
      expect((await call(user, 'GET', `/api/v1/bankAccount/${id}/`)).statusCode).toBe(404);
      expect((await call(user, 'PATCH', `/api/v1/bankAccount/${id}/`, { holder_name: 'Thief' })).statusCode).toBe(404);
      expect((await call(user, 'DELETE', `/api/v1/bankAccount/${id}/`)).statusCode).toBe(404);
    }
    const after = await rows();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id, holderName: 'Rosa Rider' });
    expect((await call('admin', 'PATCH', `/api/v1/bankAccount/${id}/`, { holder_name: 'Odile' })).statusCode).toBe(200);
  });

  it("lets an employer manage a confirmed employee's accounts until the employment ends", async () => {
    const base = `/api/v1/rider/${f.employedRider}/bankAccounts/`;
    const created = await call('employer', 'POST', base, account());
    expect(created.statusCode).toBe(201);
    expect((await call('employer', 'GET', `/api/v1/rider/${f.rider}/bankAccounts/`)).statusCode).toBe(404);
    await endEmployment(server().database.db, f);
    expect((await call('employer', 'GET', base)).statusCode).toBe(404);
    expect((await call('employer', 'DELETE', `/api/v1/bankAccount/${created.json().id}/`)).statusCode).toBe(404);
    expect(await rows()).toHaveLength(1);
  });

  it('refuses an invalid IBAN and a bad BIC, storing nothing', async () => {
    const base = `/api/v1/rider/${f.rider}/bankAccounts/`;
    const iban = await call('rider', 'POST', base, account({ iban: 'DE89 3704 0044 0532 0130 01' }));
    expect(iban.statusCode).toBe(400);
    expect(iban.json().fields).toEqual({ iban: ['invalid_iban'] });
    const bic = await call('rider', 'POST', base, account({ bic: 'NOTABIC' }));
    expect(bic.json().fields).toEqual({ bic: ['invalid_bic'] });
    expect((await call('rider', 'POST', base, { iban: VALID_IBAN })).json().fields).toEqual({
      holder_name: ['required'],
    });
    expect(await rows()).toEqual([]);
  });

  it('keeps one default per owner', async () => {
    const base = `/api/v1/rider/${f.rider}/bankAccounts/`;
    const first = (await call('rider', 'POST', base, account({ is_default: true }))).json().id as number;
    const second = (await call('rider', 'POST', base, account({ is_default: true }))).json().id as number;
    await call('official', 'POST', `/api/v1/official/${f.official}/bankAccounts/`, account({ is_default: true }));
    const defaults = () =>
      server()
        .database.db.select({ id: bankAccounts.id })
        .from(bankAccounts)
        .where(and(eq(bankAccounts.isDefault, true), eq(bankAccounts.ownerType, 'rider')));
    expect(await defaults()).toEqual([{ id: second }]);
    await call('rider', 'PATCH', `/api/v1/bankAccount/${first}/`, { is_default: true });
    expect(await defaults()).toEqual([{ id: first }]);
    expect((await rows()).filter((r) => r.isDefault)).toHaveLength(2);
  });
});
