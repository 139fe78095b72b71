import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consumables, riders } from '../../server/src/db/schema';
import { ledgerCounts, newKey, postEntry, seedLedgerFixtures } from './ledger-fixtures';
import { useSeededServer } from './helpers/use-server';

/**
 * A post resolves its entry against the context a previous post with the same references read
 * (ledger post.repo): the writing statement checks that context against the data it commits with.
 */
const { server, f, db } = useSeededServer(seedLedgerFixtures);

const post = async (body: Record<string, unknown>, key?: string) =>
  postEntry(server().app, await server().auth('admin'), body, key);
const boxCharge = () => ({ venue: 1, kind: 'charge', party_type: 'rider', party_id: f.rider, consumable: f.box });

describe('posting against a remembered context', () => {
  it('prices a post on the data it commits with, not on what an earlier post read', async () => {
    expect((await post(boxCharge())).json().gross).toBe(-15000);
    await db().update(consumables).set({ unitPriceMinor: 20000, name: 'Big box' }).where(eq(consumables.id, f.box));
    const second = await post(boxCharge());
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({ gross: -20000, description: 'Big box' });
    await db().update(riders).set({ taxOverride: 'SKIP' }).where(eq(riders.id, f.rider));
    const third = await post(boxCharge());
    // SKIP takes the tax out of a gross price.
    expect(third.json()).toMatchObject({ gross: -16393, tax: 0, tax_rate_bp: 0 });
    await db().update(riders).set({ taxOverride: 'NO_OVERRIDE' }).where(eq(riders.id, f.rider));
  });

  it('refuses what became invalid since, and still replays a key stored before', async () => {
    const key = newKey();
    const first = await post(boxCharge(), key);
    expect(first.statusCode).toBe(201);
    await db().update(consumables).set({ active: false }).where(eq(consumables.id, f.box));
    try {
      const before = await ledgerCounts(db());
      const refused = await post(boxCharge());
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields?.consumable).toBeDefined();
      const replay = await post(boxCharge(), key);
      expect(replay.statusCode).toBe(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.json()).toEqual(first.json());
      expect(await ledgerCounts(db())).toEqual(before);
    } finally {
      await db().update(consumables).set({ active: true }).where(eq(consumables.id, f.box));
    }
  });
});
