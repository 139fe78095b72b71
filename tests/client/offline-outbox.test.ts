import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { BACKOFF_MAX_MS, backoffMs, pendingWrites, saveWrite } from '@/offline/outbox';
import { createHeartbeat } from '@/offline/device';
import { dismissAttention } from '@/offline/status';
import { PULL_AFTER_FLUSH_GAP_MS } from '@/offline/sync';
import { changes, chargeWrite, heartbeatAnswer, outboxFixture, USER, VENUE } from './offline-fakes';

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

  it('network lost in the middle of a batch: all stays queued in order, the resend lands each write once', async () => {
    const all = await queue(6);
    let delivered = 0;
    fx.server.setFault(() => (delivered++ < 3 ? undefined : 'network'));
    const first = engine();
    await first.flush();
    // The server decided three writes, then the connection broke: the answer to the batch is lost.
    expect(fx.server.effects).toEqual(all.slice(0, 3));
    expect(await queued()).toEqual(all);
    expect(await fx.db.outbox.where('key').equals('key-1').first()).toMatchObject({
      attempts: 1,
      notBefore: fx.clock + backoffMs(1, () => 0.5),
      lastError: 'Failed to fetch',
    });
    expect(fx.server.attemptsOf('key-5')).toBe(0);

    fx.server.setFault(undefined);
    fx.clock += BACKOFF_MAX_MS;
    await first.flush();
    expect(fx.server.effects).toEqual(all);
    // The resent batch: the three decided before answer from their keys, nothing is done twice.
    expect(fx.server.replayed).toEqual(all.slice(0, 3));
    expect(fx.server.batches).toHaveLength(2);
    expect(await queued()).toEqual([]);
    expect(await fx.db.transactions.where('pending').equals(1).count()).toBe(0);
  });

  it("each batch carries the device's heartbeat, with the writes waiting besides it; then no heartbeat of its own", async () => {
    await queue(150);
    // Wired as the app's engine is: a batch's answer to the heartbeat keeps the heartbeat quiet.
    const send = vi.fn(async () => undefined);
    const heartbeat = createHeartbeat(send);
    const onReported = vi.fn(() => heartbeat.told());
    const device = () => ({ id: 'tablet-1', appVersion: '1.2.3' });
    await engine({ device, heartbeat, onReported }).flush();
    expect(fx.server.batches.map((b) => (b.body as { device?: unknown }).device)).toEqual([
      { device_id: 'tablet-1', app_version: '1.2.3', pending_writes: 50 },
      { device_id: 'tablet-1', app_version: '1.2.3', pending_writes: 0 },
    ]);
    expect(onReported).toHaveBeenCalledTimes(1);
    expect(onReported).toHaveBeenCalledWith(heartbeatAnswer('tablet-1'));
    // Neither the round nor the pull after it sends a heartbeat of its own.
    expect(send).not.toHaveBeenCalled();

    // Without the device, batches carry no heartbeat and the round sends its own.
    await queue(2);
    const alone = vi.fn();
    await engine({ heartbeat: alone }).flush();
    expect((fx.server.batches.at(-1)!.body as { device?: unknown }).device).toBeUndefined();
    expect(alone).toHaveBeenCalled();
  });

  it("a pull carries the device's heartbeat with every user's writes waiting; then no heartbeat of its own", async () => {
    await saveWrite(fx.db, 99, chargeWrite(VENUE, 'other'));
    const send = vi.fn(async () => undefined);
    const heartbeat = createHeartbeat(send);
    const onReported = vi.fn(() => heartbeat.told());
    const device = () => ({ id: 'tablet 1', appVersion: '1.2.3' });
    fx.server.answerPull(changes({ cursor: 1 }), changes({ cursor: 2 }));
    await engine({ device, heartbeat, onReported }).pull(VENUE);
    expect(fx.server.pullPaths()).toEqual([
      `venue/${VENUE}/floor/changes/?cursor=0&device_id=tablet%201&pending_writes=1&app_version=1.2.3`,
    ]);
    expect(onReported).toHaveBeenCalledWith(heartbeatAnswer('tablet 1'));
    expect(send).not.toHaveBeenCalled();

    // A server of before answers no heartbeat: the engine sends its own.
    fx.server.answerHeartbeatsOfPulls(false);
    const alone = vi.fn();
    await engine({ device, heartbeat: alone, onReported }).pull(VENUE);
    expect(fx.server.pullPaths()[1]).toContain('cursor=1&device_id=');
    expect(onReported).toHaveBeenCalledTimes(1);
    expect(alone).toHaveBeenCalledTimes(1);
  });

  it('a flush pulls the venue it sent to, unless it was pulled within the gap before', async () => {
    const sync = engine();
    const pulled = () => fx.server.pullPaths().length;
    fx.server.answerPull(changes({ cursor: 1 }), changes({ cursor: 2 }), changes({ cursor: 3 }));
    await sync.pull(VENUE);
    expect(pulled()).toBe(1);
    await queue(1);
    fx.clock += PULL_AFTER_FLUSH_GAP_MS - 1;
    await sync.flush();
    expect(fx.server.effects).toEqual(['key-1']);
    expect(pulled()).toBe(1);
    await saveWrite(fx.db, USER, chargeWrite(VENUE, 'key-2'));
    fx.clock += 1;
    await sync.flush();
    expect(pulled()).toBe(2);
  });

  it('sends up to 100 writes in one request; a refused 37th is shown, the others leave the queue', async () => {
    const all = await queue(150);
    const invalid = { error: 'validation', message: 'Check errors above.', fields: { quantity: ['too_big'] } };
    fx.server.setFault(({ key }) => (key === 'key-37' ? { status: 400, body: invalid } : undefined));
    await engine().flush();
    expect(fx.server.batches.map((b) => (b.body as { writes: unknown[] }).writes.length)).toEqual([100, 50]);
    expect(fx.server.effects).toEqual(all.filter((key) => key !== 'key-37'));
    expect(await queued()).toEqual([]);
    expect(await fx.db.attention.toArray()).toEqual([
      expect.objectContaining({ key: 'key-37', status: 400, error: invalid, user: USER, path: 'transaction/' }),
    ]);
    expect(await fx.db.transactions.get('key-37')).toMatchObject({ rejected: 1 });
    expect(await fx.db.transactions.where('pending').equals(1).count()).toBe(0);
  });

  it('a write the server must retry keeps it and every later one queued, in order', async () => {
    const all = await queue(5);
    let failures = 1;
    fx.server.setFault(({ key }) =>
      key === 'key-3' && failures-- > 0 ? { status: 503, body: { error: 'maintenance' } } : undefined,
    );
    const sync = engine();
    await sync.flush();
    expect(fx.server.effects).toEqual(all.slice(0, 2));
    expect(await queued()).toEqual(all.slice(2));
    expect(fx.server.attemptsOf('key-4')).toBe(0);
    await sync.flush({ ignoreBackoff: true });
    expect(fx.server.effects).toEqual(all);
    expect(await queued()).toEqual([]);
  });

  it('falls back to one write per request when the server does not take the batch', async () => {
    const all = await queue(3);
    const real = fx.server.transport;
    const sync = engine({
      transport: (request) =>
        request.path === 'floor/writes/'
          ? Promise.resolve({ status: 404, body: { error: 'not_found' } })
          : real(request),
    });
    await sync.flush();
    expect(fx.server.effects).toEqual(all);
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
