import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, consumables, taxRates, taxTypes, venues } from '../../server/src/db/schema';
import { useTestServer } from './helpers/use-server';

/** "Copy price list" on the admin's /consumables page. */
const server = useTestServer();
const db = () => server().database.db;

async function copy(username: string, payload: object) {
  return server().app.inject({
    method: 'POST',
    url: '/api/v1/consumable/copy/',
    payload,
    headers: await server().auth(username),
  });
}

async function venue(values: Partial<typeof venues.$inferInsert> = {}): Promise<number> {
  const [row] = await db()
    .insert(venues)
    .values({ name: 'Show', startDate: '2027-06-01', ...values })
    .returning({ id: venues.id });
  return row!.id;
}

async function taxType(code: string, validFrom: string, validTo: string | null = null): Promise<number> {
  const [row] = await db().insert(taxTypes).values({ code, name: code }).returning({ id: taxTypes.id });
  await db().insert(taxRates).values({ taxTypeId: row!.id, rateBp: 950, validFrom, validTo });
  return row!.id;
}

const articles = async (venueId: number) =>
  (await db().select().from(consumables).where(eq(consumables.venueId, venueId)))
    .map((c) => `${c.name}/${c.unit}/${c.unitPriceMinor}/${c.taxTypeId ?? '-'}/${c.active ? 'on' : 'off'}`)
    .sort();

describe('POST /api/v1/consumable/copy/', () => {
  it('copies the active articles the target lacks, keeps tax types with a rate there, and says what it did', async () => {
    const from = await venue({ name: 'Spring Show' });
    const to = await venue({ name: 'Autumn Show', startDate: '2027-09-20' });
    const current = await taxType('VAT_X', '2020-01-01');
    const ended = await taxType('VAT_OLD', '2020-01-01', '2027-08-31');
    await db()
      .insert(consumables)
      .values([
        { venueId: from, name: 'Hay', category: 'feed', unit: 'bale', unitPriceMinor: 1200, taxTypeId: current },
        { venueId: from, name: 'Straw', category: 'feed', unit: 'bale', unitPriceMinor: 900, taxTypeId: ended },
        { venueId: from, name: 'Box', category: 'box', unit: 'night', unitPriceMinor: 5000 },
        { venueId: from, name: 'Old rug', category: 'other', unit: 'piece', unitPriceMinor: 100, active: false },
        { venueId: to, name: 'hay', category: 'feed', unit: 'BALE', unitPriceMinor: 1500 },
      ]);

    const res = await copy('admin', { from_venue: from, to_venue: to });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ created: 2, skipped: 1, without_tax_type: 1 });
    expect(await articles(to)).toEqual(['Box/night/5000/-/on', `Straw/bale/900/-/on`, 'hay/BALE/1500/-/on']);
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, 'consumable.copy'));
    expect(audit!.details).toMatchObject({ from_venue: from, to_venue: to, created: 2, skipped: 1 });

    // A second copy finds everything there already.
    const again = await copy('admin', { from_venue: from, to_venue: to });
    expect(again.json()).toEqual({ created: 0, skipped: 3, without_tax_type: 0 });
    expect(await articles(to)).toHaveLength(3);

    // The tax type comes along where it has a rate on the target's first day.
    const summer = await venue({ name: 'Summer Show', startDate: '2027-07-01' });
    await copy('admin', { from_venue: from, to_venue: summer });
    const straw = await db()
      .select()
      .from(consumables)
      .where(and(eq(consumables.venueId, summer), eq(consumables.name, 'Straw')));
    expect(straw[0]!.taxTypeId).toBe(ended);
  });

  it('refuses the same venue, an unknown venue, another currency and callers other than the admin', async () => {
    const from = await venue();
    await db().insert(consumables).values({ venueId: from, name: 'Hay', category: 'feed', unitPriceMinor: 1 });
    const chf = await venue({ currency: 'CHF', currencyDisplay: 'CHF' });
    const same = await copy('admin', { from_venue: from, to_venue: from });
    expect(same.statusCode).toBe(400);
    expect(same.json().fields).toEqual({ to_venue: ['same_record'] });
    const unknown = await copy('admin', { from_venue: 999_999, to_venue: from });
    expect(unknown.json().fields).toEqual({ from_venue: ['does_not_exist'] });
    const currency = await copy('admin', { from_venue: from, to_venue: chf });
    expect(currency.statusCode).toBe(400);
    expect(currency.json().fields).toEqual({ to_venue: ['currency_mismatch'] });
    const missing = await copy('admin', { from_venue: from });
    expect(missing.json().fields).toEqual({ to_venue: ['required'] });
    expect((await copy('organizer', { from_venue: from, to_venue: 1 })).statusCode).toBe(403);
    expect(await articles(chf)).toEqual([]);
    expect(await articles(1)).not.toContain('Hay/piece/1/-/on');
  });
});
