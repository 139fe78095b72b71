import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REFRESH_WINDOW_MS, sharedAfter } from '../../server/src/modules/floor/changes-log';
import { changesRepo } from '../../server/src/modules/floor/changes.repo';
import { pull, seedFloorFixtures, write, type FloorFixtures } from './floor-fixtures';
import { useTestServer } from './helpers/use-server';

/*
 * Pulls that arrive close together share one read of the log's new rows (changes-log.ts
 * sharedAfter): the read starts after each of them arrived, so each still sees what was
 * committed before it was sent — a tablet reads its own writes.
 */

describe('sharedAfter', () => {
  afterEach(() => void vi.useRealTimers());

  it('starts one run for the calls within the window, after the last of them arrived', async () => {
    vi.useFakeTimers();
    const started: number[] = [];
    const shared = sharedAfter(50, async () => void started.push(Date.now()));
    const t0 = Date.now();
    const first = shared();
    await vi.advanceTimersByTimeAsync(20);
    const second = shared();
    expect(second).toBe(first);
    expect(started).toEqual([]);
    await vi.advanceTimersByTimeAsync(30);
    await Promise.all([first, second]);
    expect(started).toEqual([t0 + 50]);
    // A call after the window gets a run of its own, again started after it.
    const third = shared();
    expect(third).not.toBe(first);
    await vi.advanceTimersByTimeAsync(50);
    await third;
    expect(started).toEqual([t0 + 50, t0 + 100]);
  });

  it('never overlaps two runs: a call during a run waits for the next one, which starts after it', async () => {
    vi.useFakeTimers();
    const events: string[] = [];
    let release: () => void = () => undefined;
    let n = 0;
    const shared = sharedAfter(10, async () => {
      const run = ++n;
      events.push(`start ${run}`);
      if (run === 1) await new Promise<void>((resolve) => (release = resolve));
      events.push(`end ${run}`);
    });
    const first = shared();
    await vi.advanceTimersByTimeAsync(10);
    expect(events).toEqual(['start 1']);
    // Arrives while run 1 reads: run 1 may have started before this call's write committed.
    let secondDone = false;
    const second = shared().then(() => void (secondDone = true));
    expect(second).not.toBe(first);
    await vi.advanceTimersByTimeAsync(100);
    expect(events).toEqual(['start 1']);
    expect(secondDone).toBe(false);
    release();
    await first;
    await second;
    expect(events).toEqual(['start 1', 'end 1', 'start 2', 'end 2']);
  });

  it('fails each waiting call with its run, and the next run goes ahead', async () => {
    vi.useFakeTimers();
    let fail = true;
    const shared = sharedAfter(5, async () => {
      if (fail) throw new Error('read failed');
    });
    const failed = expect(shared()).rejects.toThrow('read failed');
    await vi.advanceTimersByTimeAsync(5);
    await failed;
    fail = false;
    const next = shared();
    await vi.advanceTimersByTimeAsync(5);
    await expect(next).resolves.toBeUndefined();
  });
});

describe('pulls that arrive together', () => {
  const server = useTestServer();
  let f: FloorFixtures;
  beforeEach(async () => {
    f = await seedFloorFixtures(server().database.db);
  });
  afterEach(() => void vi.restoreAllMocks());

  it('share one read of the new rows, and each sees the charge written before it', async () => {
    const app = server().app;
    const stable = await server().auth('stable');
    const cursor = (await pull(app, stable, 1)).changes().cursor;
    expect((await pull(app, stable, 1, cursor)).statusCode).toBe(200); // the log is up to date
    const key = randomUUID();
    const posted = await write(
      app,
      stable,
      'transaction/',
      { venue: 1, kind: 'charge', party_type: 'rider', party_id: f.rider, source: 'stable', consumable: f.box },
      key,
    );
    expect(posted.statusCode, posted.body).toBe(201);
    const id = posted.json<{ id: number }>().id;
    const reads = vi.spyOn(changesRepo, 'numbered');
    const answers = await Promise.all(Array.from({ length: 5 }, () => pull(app, stable, 1, cursor)));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.changes().transactions.map((t) => t.id)).toContain(id);
    }
    expect(reads).toHaveBeenCalledTimes(1);
    // A pull after the window reads again, and sees nothing new.
    await new Promise((resolve) => setTimeout(resolve, REFRESH_WINDOW_MS));
    const later = await pull(app, stable, 1, answers[0]!.changes().cursor);
    expect(later.changes().transactions).toEqual([]);
    expect(reads).toHaveBeenCalledTimes(2);
  });
});
