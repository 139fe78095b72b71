import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TurnTakingPGlite } from '../../server/src/db/pglite-turns';

/*
 * The embedded database answers each statement at once, through promises already settled: a
 * chain of statements would hold the event loop to its end. Each statement takes a turn of the
 * loop first, so what waits on the loop (a timer, a request that arrived) runs in between.
 */

let client: TurnTakingPGlite;
beforeAll(async () => {
  client = await TurnTakingPGlite.open({});
});
afterAll(() => client.close());

/** Runs `chain` and counts how often a callback waiting on the event loop got its turn meanwhile. */
async function turnsDuring(chain: () => Promise<void>): Promise<number> {
  let turns = 0;
  let running = true;
  const tick = () => {
    if (!running) return;
    turns += 1;
    setImmediate(tick);
  };
  setImmediate(tick);
  await chain();
  running = false;
  return turns;
}

describe('the embedded database takes turns with the event loop', () => {
  it('lets other work run between the statements of a chain', async () => {
    const turns = await turnsDuring(async () => {
      for (let i = 0; i < 20; i++) await client.query('SELECT $1::int AS n', [i]);
    });
    expect(turns).toBeGreaterThanOrEqual(19);
  });

  it('does so inside a transaction too, which still commits or rolls back as one', async () => {
    await client.exec('CREATE TABLE turns (n int)');
    const turns = await turnsDuring(() =>
      client.transaction(async (tx) => {
        for (let i = 0; i < 10; i++) await tx.query('INSERT INTO turns VALUES ($1)', [i]);
      }),
    );
    expect(turns).toBeGreaterThanOrEqual(9);
    await expect(
      client.transaction(async (tx) => {
        await tx.query('INSERT INTO turns VALUES (99)');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await client.query<{ n: number }>('SELECT count(*)::int AS n FROM turns')).rows[0]!.n).toBe(10);
  });
});
