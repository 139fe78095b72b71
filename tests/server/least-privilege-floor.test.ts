import { describe, expect, it } from 'vitest';
import { MONEYLESS_CURSOR } from '../../server/src/modules/floor/changes.service';
import { pull, seedFloorFixtures } from './floor-fixtures';
import { postEntry } from './ledger-fixtures';
import { useSeededServer } from './helpers/use-server';

/**
 * Welcome desk, sign-in and vet-check have no money screen, so the floor changes
 * feed sends them no entries either, and a device shared with the stable never misses any.
 */
const { server, f } = useSeededServer(seedFloorFixtures);

const app = () => server().app;
const as = (username: string) => server().auth(username);
const charge = async () => {
  const res = await postEntry(app(), await as('stable'), {
    venue: 1,
    kind: 'charge',
    party_type: 'rider',
    party_id: f.rider,
    consumable: f.box,
    source: 'stable',
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
};

describe('the floor feed without a money screen', () => {
  it('carries no entries for the welcome desk, sign-in and vet-check, and everything else', async () => {
    await charge();
    const stable = (await pull(app(), await as('stable'), 1)).changes();
    expect(stable.transactions.length).toBeGreaterThan(0);
    for (const username of ['welcomedesk', 'signin', 'vetcheck']) {
      const res = await pull(app(), await as(username), 1);
      expect(res.statusCode, username).toBe(200);
      const c = res.changes();
      expect(c.transactions, username).toEqual([]);
      expect(c.riders, username).toEqual(stable.riders);
      expect(c.horses, username).toEqual(stable.horses);
      const now = (await pull(app(), await as('stable'), 1)).changes().cursor;
      expect(c.cursor, username).toBe(now + MONEYLESS_CURSOR);
      // Later pulls go on from there, still without entries.
      await charge();
      const next = (await pull(app(), await as(username), 1, c.cursor)).changes();
      expect(next.reset, username).toBe(false);
      expect(next.transactions, username).toEqual([]);
      expect(next.cursor, username).toBeGreaterThan(c.cursor);
    }
  });

  it("gives the stable a full snapshot after a moneyless session's cursor, so no entry is missed", async () => {
    const first = await charge();
    const desk = (await pull(app(), await as('welcomedesk'), 1)).changes();
    const second = await charge();
    const stable = (await pull(app(), await as('stable'), 1, desk.cursor)).changes();
    expect(stable.reset).toBe(true);
    expect(stable.transactions.map((t) => t.id)).toEqual(expect.arrayContaining([first, second]));
    // And the other way round: a stable cursor brought to the welcome desk starts afresh.
    const back = (await pull(app(), await as('welcomedesk'), 1, stable.cursor)).changes();
    expect(back.reset).toBe(true);
    expect(back.transactions).toEqual([]);
  });
});
