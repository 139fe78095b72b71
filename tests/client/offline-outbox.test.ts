import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { BACKOFF_MAX_MS, backoffMs, pendingWrites, saveWrite } from '@/offline/outbox';
import { dismissAttention } from '@/offline/status';
import { chargeWrite, outboxFixture, USER, VENUE } from './offline-fakes';

const { fx, engine, queue, queued } = outboxFixture('outbox-test');

describe('outbox', () => {
  it('saves the row (pending) and the outbox item together; counts them per user', async () => {
    await saveWrite(fx.db, USER, chargeWrite(VENUE, 'a'));
    await saveWrite(fx.db, 99, chargeWrite(VENUE, 'b'));
    expect(await fx.db.transactions.get('a')).toMatchObject({ id: 'a', pending: 1, venue: VENUE });
    expect(await fx.db.outbox.where('key').equals('a').first()).toMatchObject({ user: USER, path: 'transaction/' });
    expect(await pendingWrites(USER, fx.db)).toBe(1);
    expect(await pendingWrites(99, fx.db)).toBe(1);
    expect(await pendingWrites(5, fx.db)).toBe(0);
  });

  it('sends only the signed-in user’s items, in order, and clears pending on success', async () => {
    await saveWrite(fx.db, 99, chargeWrite(VENUE, 'other'));
    const mine = await queue(3);
    await engine().flush();
    expect(fx.server.effects).toEqual(mine);
    expect(await queued()).toEqual(['other']);
    expect(await fx.db.transactions.where('pending').equals(1).primaryKeys()).toEqual(['other']);
    const sent = fx.server.requests.find((r) => r.key === 'key-1');
    expect(sent).toMatchObject({ method: 'POST', path: 'transaction/', body: chargeWrite(VENUE, 'key-1').body });
  });

  it('network lost in the middle of a batch: the rest stays queued in order, nothing is sent twice', async () => {
    const all = await queue(6);
    let delivered = 0;
    fx.server.setFault(() => (delivered++ < 3 ? undefined : 'network'));
    const first = engine();
    await first.flush();
    expect(fx.server.effects).toEqual(all.slice(0, 3));
    expect(await queued()).toEqual(all.slice(3));
    expect(await fx.db.outbox.where('key').equals('key-4').first()).toMatchObject({
      attempts: 1,
      notBefore: fx.clock + backoffMs(1, () => 0.5),
      lastError: 'Failed to fetch',
    });
    expect(fx.server.attemptsOf('key-5')).toBe(0);

    fx.server.setFault(undefined);
    fx.clock += BACKOFF_MAX_MS;
    await first.flush();
    expect(fx.server.effects).toEqual(all);
    for (const key of all.slice(0, 3)) expect(fx.server.attemptsOf(key)).toBe(1);
    expect(fx.server.replayed).toEqual([]);
    expect(await queued()).toEqual([]);
  });

  it('500s back off (notBefore, growing) and then succeed', async () => {
    const all = await queue(2);
    let failures = 2;
    fx.server.setFault(() => (failures-- > 0 ? { status: 500, body: { error: 'internal' } } : undefined));
    const sync = engine();
    await sync.flush();
    const wait1 = (await fx.db.outbox.get(1))!.notBefore - fx.clock;
    expect(wait1).toBe(backoffMs(1, () => 0.5));
    expect(fx.server.attemptsOf('key-2')).toBe(0);

    await sync.flush(); // still backing off: nothing is sent
    expect(fx.server.attemptsOf('key-1')).toBe(1);

    fx.clock += wait1;
    await sync.flush();
    expect(fx.server.attemptsOf('key-1')).toBe(2);
    const second = (await fx.db.outbox.get(1))!;
    expect(second.attempts).toBe(2);
    expect(second.notBefore - fx.clock).toBeGreaterThan(wait1);

    await sync.flush({ ignoreBackoff: true }); // the network came back
    expect(fx.server.effects).toEqual(all);
    expect(await queued()).toEqual([]);
  });

  it('backoff is exponential with jitter and capped at about a minute', () => {
    expect(backoffMs(1, () => 0)).toBe(750);
    expect(backoffMs(1, () => 1)).toBe(1250);
    expect(backoffMs(3, () => 0.5)).toBe(4000);
    expect(backoffMs(30, () => 1)).toBe(BACKOFF_MAX_MS);
    expect(backoffMs(30, () => 0)).toBe(BACKOFF_MAX_MS * 0.75);
  });

  it('409 and 422 go to attention without blocking the queue; dismiss removes the item and the row', async () => {
    const all = await queue(3);
    const conflict = { error: 'conflict', message: 'Already signed in.' };
    const invalid = { error: 'validation', message: 'Check errors above.', fields: { quantity: ['invalid'] } };
    fx.server.setFault(({ key }) =>
      key === 'key-1' ? { status: 409, body: conflict } : key === 'key-2' ? { status: 422, body: invalid } : undefined,
    );
    await engine().flush();
    expect(fx.server.effects).toEqual(['key-3']);
    expect(await queued()).toEqual([]);
    expect(await fx.db.attention.toArray()).toEqual([
      expect.objectContaining({ key: 'key-1', status: 409, error: conflict, user: USER, venue: VENUE }),
      expect.objectContaining({ key: 'key-2', status: 422, error: invalid, path: 'transaction/' }),
    ]);
    const rejected = await fx.db.transactions.get('key-2');
    expect(rejected).toMatchObject({ rejected: 1 });
    expect(rejected).not.toHaveProperty('pending');

    await dismissAttention('key-2', fx.db);
    expect((await fx.db.attention.toArray()).map((item) => item.key)).toEqual(['key-1']);
    expect(await fx.db.transactions.get('key-2')).toBeUndefined();
    expect(await fx.db.transactions.get(all[2]!)).toBeDefined();
  });

  it('a replayed batch: answers lost after the fx.server stored them leave the queue once', async () => {
    const all = await queue(3);
    fx.server.setFault(({ key }) =>
      key === 'key-1' && fx.server.attemptsOf('key-1') === 1 ? 'lost-answer' : undefined,
    );
    const sync = engine();
    await sync.flush();
    expect(fx.server.effects).toEqual(['key-1']);
    expect(await queued()).toEqual(all);

    await sync.flush({ ignoreBackoff: true });
    expect(fx.server.replayed).toEqual(['key-1']);
    expect(fx.server.effects).toEqual(all);
    expect(await queued()).toEqual([]);
    expect(await fx.db.attention.count()).toBe(0);
  });
});
