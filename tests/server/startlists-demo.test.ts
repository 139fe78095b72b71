import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedDemoCompetitions, seedDemoShow } from '../../server/src/demo/demo-show';
import { rowsOf } from '../../server/src/db/rows';
import { seedShowDay } from '../../server/src/demo/seed-show-day';
import type { StartList, StartlistOverview } from '../../src/shared/schemas/startlists';
import { useTestServer } from './helpers/use-server';

const server = useTestServer();

describe("the demo show's competitions", () => {
  it('a Grand Prix with every rider and horse of the event entered, not drawn; a speed class to enter', async () => {
    const { db } = server().database;
    await seedDemoShow(db, 'rider');
    await seedShowDay(db);
    const feesBefore = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM transactions`))[0]!.n;
    await seedDemoCompetitions(db);
    const auth = await server().auth('organizer');
    const overview = (
      await server().app.inject({ url: '/api/v1/venue/1/startlists/', headers: auth })
    ).json<StartlistOverview>();
    const [gp, speed] = overview.events[0]!.competitions.sort((a, b) => a.number.localeCompare(b.number));
    const [pairs] = rowsOf<{ n: number }>(
      await db.execute(sql`SELECT count(*)::int AS n FROM vec_participations WHERE horse_id IS NOT NULL`),
    );
    expect(gp).toMatchObject({ number: '1', entries: pairs!.n, drawn_at: null });
    expect(pairs!.n).toBeGreaterThan(30);
    expect(speed).toMatchObject({ number: '2', entries: 0 });

    const list = (
      await server().app.inject({ url: `/api/v1/competition/${gp!.id}/startlist/`, headers: auth })
    ).json<StartList>();
    expect(list.competition).toMatchObject({ ranking_rule: 'table_a_jump_off', entry_fee: 0, arena: 'Main arena' });
    expect(list.entries.every((e) => e.start_order === null && e.head_number !== null)).toBe(true);
    // seeding the competitions posts nothing to the ledger
    const [after] = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM transactions`));
    expect(after!.n).toBe(feesBefore);

    // The speed class's entries from the event charge its fee (40.00) once each.
    const entered = await server().app.inject({
      method: 'POST',
      url: `/api/v1/competition/${speed!.id}/entries/fromEvent/`,
      headers: auth,
    });
    expect(entered.statusCode, entered.body).toBe(200);
    expect(entered.json<{ created: number }>().created).toBe(pairs!.n);
    const [fees] = rowsOf<{ n: number; sum: number }>(
      await db.execute(sql`SELECT count(*)::int AS n, sum(gross_minor)::int AS sum FROM transactions
        WHERE external_ref LIKE 'entry_fee:%'`),
    );
    expect(fees).toEqual({ n: pairs!.n, sum: pairs!.n * 4_000 });
  });
});
