import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { FloorDb } from '@/offline/db';
import { createFloorSync } from '@/offline/sync';
import { outboxFixture, USER } from './offline-fakes';

const { fx, engine, queue, queued } = outboxFixture('flushers-test');

describe('flushers', () => {
  it('the tab closed between saving and flushing: a new engine over the reopened database sends it once', async () => {
    const name = fx.db.name;
    const all = await queue(2);
    createFloorSync({ db: fx.db, transport: fx.server.transport, user: () => USER }); // never flushed
    fx.db.close();
    fx.db = new FloorDb(name);
    await engine().flush();
    expect(fx.server.effects).toEqual(all);
    expect(await queued()).toEqual([]);
    for (const key of all) expect(fx.server.attemptsOf(key)).toBe(1);
  });

  it('two tabs flushing at once send every item exactly once', async () => {
    const all = await queue(8);
    const tabA = engine();
    const tabB = engine();
    await Promise.all([tabA.flush(), tabB.flush(), tabA.flush(), tabB.flush()]);
    expect(fx.server.effects).toEqual(all);
    for (const key of all) expect(fx.server.attemptsOf(key)).toBe(1);
  });

  it('uses the Web Lock paddock-outbox where the browser has one', async () => {
    const all = await queue(4);
    const names: string[] = [];
    let tail: Promise<unknown> = Promise.resolve();
    const locks = {
      request: (name: string, task: () => Promise<unknown>) => {
        names.push(name);
        const run = tail.then(task);
        tail = run.catch(() => undefined);
        return run;
      },
    };
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
    try {
      await Promise.all([engine().flush(), engine().flush()]);
    } finally {
      Reflect.deleteProperty(navigator, 'locks');
    }
    expect(names).toEqual(['paddock-outbox', 'paddock-outbox']);
    expect(fx.server.effects).toEqual(all);
    for (const key of all) expect(fx.server.attemptsOf(key)).toBe(1);
  });

  it('401 stops and keeps everything for the next sign-in', async () => {
    const all = await queue(3);
    fx.server.setFault(() => ({ status: 401, body: { error: 'unauthorized' } }));
    await engine().flush();
    expect(fx.server.requests).toHaveLength(1);
    expect(await queued()).toEqual(all);
    expect(await fx.db.outbox.get(1)).toMatchObject({ attempts: 0, notBefore: 0 });
    expect(await fx.db.attention.count()).toBe(0);
    expect(await fx.db.transactions.where('pending').equals(1).count()).toBe(3);
  });

  it('426 marks the client outdated and stops sending', async () => {
    const all = await queue(2);
    let told = 0;
    fx.server.setFault(() => ({ status: 426, body: { error: 'sync_outdated' } }));
    const sync = engine({ onOutdated: () => (told += 1) });
    await sync.flush();
    expect(sync.state.getState().outdated).toBe(true);
    expect(told).toBe(1);
    await sync.flush();
    expect(fx.server.requests).toHaveLength(1);
    expect(await queued()).toEqual(all);
  });
});
