import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedDemoShow } from '../../server/src/demo/demo-show';
import { rowsOf } from '../../server/src/db/rows';
import { compensationBills } from '../../server/src/db/schema';
import { seedShowDay } from '../../server/src/demo/seed-show-day';
import { useTestServer } from './helpers/use-server';

const server = useTestServer();

describe("the demo show's officials", () => {
  it('are paid by their compensation bills: one credit each, of what the bill says is payable', async () => {
    const { db } = server().database;
    await seedDemoShow(db, 'rider');
    await seedShowDay(db);
    const bills = await db.select().from(compensationBills).orderBy(compensationBills.number);
    expect(bills).toHaveLength(10);
    expect(bills.map((b) => b.numberText)).toEqual(
      Array.from({ length: 10 }, (_, i) => `1-C${String(i + 1).padStart(5, '0')}`),
    );
    // Each official's balance is exactly the sum of their bills: nothing credited besides them.
    const rows = rowsOf<{ official: number; payable: string; balance: string; credits: number }>(
      await db.execute(sql`SELECT b.official_id AS official, sum(b.payable_minor)::text AS payable,
          (SELECT balance_minor::text FROM accounts a WHERE a.venue_id = 1 AND a.kind = 'party'
             AND a.party_type = 'official' AND a.party_id = b.official_id) AS balance,
          (SELECT count(*)::int FROM transactions t WHERE t.party_type = 'official'
             AND t.party_id = b.official_id) AS credits
        FROM compensation_bills b GROUP BY b.official_id ORDER BY b.official_id`),
    );
    expect(rows).toHaveLength(10);
    for (const row of rows) {
      expect(row.balance, `official ${row.official}`).toBe(row.payable);
      expect(row.credits).toBe(1);
    }
    // Odile (French, 15 % withheld): 4 × 220.00 + 185.00 + 45.00 = 1110.00, less 166.50.
    const odile = await server().app.inject({
      url: '/api/auth/user/',
      headers: await server().auth('official'),
    });
    const list = await server().app.inject({
      url: `/api/v1/official/${odile.json().official_id}/compensationBills/`,
      headers: await server().auth('official'),
    });
    expect(list.json().results).toEqual([
      expect.objectContaining({ gross: 111_000, withholding: 16_650, payable: 94_350, language: 'fr' }),
    ]);
    const check = await server().app.inject({ url: '/api/v1/balance/check/', headers: await server().auth('admin') });
    expect(check.json()).toMatchObject({ ok: true, unbalanced_transactions: [], mismatched_accounts: [] });
  });
});
