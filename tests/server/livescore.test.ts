import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveNow, LiveRanking, LiveStarter, LiveUpdate } from '@shared/schemas/livescore';
import { useSeededServer } from './helpers/use-server';
import { saveResult, seedLiveFixtures } from './livescore-fixtures';

const { server, f, db } = useSeededServer(seedLiveFixtures);

const STARTER =
  'entryId order startTime riderName nationality horseName headNumber withdrawn result { status rank faults timeMs at }';

async function gql<T>(query: string, variables: Record<string, unknown> = {}, username: string | null = null) {
  const res = await server().app.inject({
    method: 'POST',
    url: '/api/graphql',
    headers: username ? await server().auth(username) : {},
    payload: { query, variables },
  });
  return {
    status: res.statusCode,
    body: res.json<{ data?: T; errors?: { message: string; extensions?: { code?: string } }[] }>(),
  };
}

const ranking = (competitionId: number, username: string | null = null) =>
  gql<{ ranking: LiveRanking | null }>(
    `query($id: Int!) { ranking(competitionId: $id) { competitionId published rows { ${STARTER} } } }`,
    { id: competitionId },
    username,
  );

describe('live score queries', () => {
  it('serves the start list in start order with head numbers and start times, to anyone', async () => {
    const { status, body } = await gql<{ startList: LiveStarter[] }>(
      `query($id: Int!) { startList(competitionId: $id) { ${STARTER} } }`,
      { id: f.published },
    );
    expect(status).toBe(200);
    const list = body.data!.startList;
    expect(list.map((s) => s.order)).toEqual([1, 2, 3, 4]);
    expect(list.map((s) => s.entryId)).toEqual(f.entries[f.published]);
    expect(list[0]).toMatchObject({
      riderName: 'Daria Duda P',
      nationality: 'POL',
      horseName: 'Tornado P',
      headNumber: 104,
    });
    expect(list.map((s) => s.startTime)).toEqual([
      '2026-06-01T09:00:00.000Z',
      '2026-06-01T09:01:30.000Z',
      '2026-06-01T09:03:00.000Z',
      '2026-06-01T09:04:30.000Z',
    ]);
    // A held-back competition's start list is public too, without its results.
    const [first] = f.entries[f.heldBack]!;
    await saveResult(db(), first!, { faults: 0, timeMs: 61_000 });
    const held = await gql<{ startList: LiveStarter[] }>(
      `query($id: Int!) { startList(competitionId: $id) { ${STARTER} } }`,
      {
        id: f.heldBack,
      },
    );
    expect(held.body.data!.startList).toHaveLength(4);
    expect(held.body.data!.startList.every((s) => s.result === null)).toBe(true);
  });

  it('ranks a published competition by its rule for the public; ties share a rank, only R is ranked', async () => {
    const [a, b, c, d] = f.entries[f.published]!;
    await saveResult(db(), a!, { faults: 4, timeMs: 60_000 });
    await saveResult(db(), b!, { faults: 0, timeMs: 65_000 });
    await saveResult(db(), c!, { faults: 4, timeMs: 60_000 });
    await saveResult(db(), d!, { faults: 0, timeMs: 0, status: 'EL' });
    const { body } = await ranking(f.published);
    const rows = body.data!.ranking!.rows;
    expect(rows.map((r) => [r.entryId, r.result!.rank, r.result!.status])).toEqual([
      [b, 1, 'R'],
      [a, 2, 'R'],
      [c, 2, 'R'],
      [d, null, 'EL'],
    ]);
  });

  it('holds an unpublished ranking back from the public and from other venues, not from the venue office', async () => {
    const [a] = f.entries[f.heldBack]!;
    await saveResult(db(), a!, { faults: 0, timeMs: 61_000 });
    expect((await ranking(f.heldBack)).body.data!.ranking).toBeNull();
    expect((await ranking(f.heldBack, 'rider')).body.data!.ranking).toBeNull();
    expect((await ranking(f.heldBack, 'stable')).body.data!.ranking).toBeNull();
    const office = (await ranking(f.heldBack, 'organizer')).body.data!.ranking!;
    expect(office.published).toBe(false);
    expect(office.rows).toMatchObject([{ entryId: a, result: { rank: 1, timeMs: 61_000 } }]);
    expect((await ranking(f.heldBack, 'admin')).body.data!.ranking!.rows).toHaveLength(1);
    // The other venue's organizer? The demo organizer is the demo venue's; its published ranking is public.
    expect((await ranking(f.otherVenueCompetition)).body.data!.ranking!.published).toBe(true);
  });

  it('says what is running now, who starts next and the latest results the viewer may see', async () => {
    const [p1, p2] = f.entries[f.published]!;
    const [h1] = f.entries[f.heldBack]!;
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
    await saveResult(db(), p1!, { faults: 0, timeMs: 70_000, at: minutesAgo(30) });
    await saveResult(db(), p2!, { faults: 0, timeMs: 69_000, at: minutesAgo(20) });
    await saveResult(db(), h1!, { faults: 8, timeMs: 75_000, at: minutesAgo(1) });
    const query = `query($v: Int!) { live(venueId: $v) { venueId current { id published entries results }
      nextStarters { entryId order } latestResults { entryId competitionId result { rank } } } }`;
    const pub = (await gql<{ live: LiveNow }>(query, { v: f.venue })).body.data!.live;
    // The held-back competition has the latest result: it is running now, its results stay hidden.
    expect(pub.current).toMatchObject({ id: f.heldBack, published: false, entries: 4, results: 1 });
    expect(pub.nextStarters.map((s) => s.entryId)).toEqual(f.entries[f.heldBack]!.slice(1, 4));
    expect(pub.latestResults.map((s) => s.entryId).sort()).toEqual([p1, p2].sort());
    expect(pub.latestResults.find((s) => s.entryId === p2)!.result!.rank).toBe(1);

    const office = (await gql<{ live: LiveNow }>(query, { v: f.venue }, 'organizer')).body.data!.live;
    expect(office.latestResults[0]).toMatchObject({ entryId: h1, competitionId: f.heldBack, result: { rank: 1 } });
    expect(office.latestResults).toHaveLength(3);
  });

  it('lists venues with a published competition to the public, every venue to admins', async () => {
    const { body } = await gql<{ venues: { id: number }[] }>('{ venues { id name } }');
    expect(body.data!.venues.map((v) => v.id).sort()).toEqual([f.venue, f.otherVenue].sort());
    await db().execute(
      // Nothing published any more at the other venue: the public no longer finds it.
      (await import('drizzle-orm'))
        .sql`UPDATE competitions SET published_at = NULL WHERE id = ${f.otherVenueCompetition}`,
    );
    expect((await gql<{ venues: { id: number }[] }>('{ venues { id } }')).body.data!.venues.map((v) => v.id)).toEqual([
      f.venue,
    ]);
    const admin = await gql<{ venues: { id: number }[] }>('{ venues { id } }', {}, 'admin');
    expect(admin.body.data!.venues.map((v) => v.id).sort()).toEqual([f.venue, f.otherVenue].sort());
  });

  it("serves the live page's own manifest, which installs that venue's live page", async () => {
    const res = await server().app.inject({ method: 'GET', url: `/api/v1/venue/${f.venue}/live.webmanifest` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = res.json<{ start_url: string; scope: string; id: string; name: string; icons: unknown[] }>();
    expect(manifest).toMatchObject({
      start_url: `/live/${f.venue}`,
      scope: `/live/${f.venue}`,
      id: `/live/${f.venue}`,
    });
    expect(manifest.name).toMatch(/— Live$/);
    expect(manifest.icons.length).toBeGreaterThan(0);
    const unknown = await server().app.inject({ method: 'GET', url: '/api/v1/venue/999999/live.webmanifest' });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers an unknown venue or competition with not_found', async () => {
    const { body } = await gql('{ live(venueId: 999999) { venueId } }');
    expect(body.errors?.[0]?.extensions?.code).toBe('not_found');
    const r = await ranking(999999);
    expect(r.body.errors?.[0]?.extensions?.code).toBe('not_found');
  });

  it('refuses operations that are too deep, too wide or too long, before running them', async () => {
    const wide = `{ ${Array.from({ length: 20 }, (_, i) => `a${i}: venues { id }`).join(' ')} }`;
    const res = await gql(wide);
    expect(res.body.errors?.[0]?.message).toMatch(/root fields/);
    expect(res.body.data).toBeFalsy();
    const fragments = `query { live(venueId: 1) { ...L } } fragment L on Live { ${Array.from(
      { length: 60 },
      (_, i) => `n${i}: nextStarters { ...S }`,
    ).join(' ')} } fragment S on Starter { entryId riderName horseName headNumber order startTime withdrawn late }`;
    expect((await gql(fragments)).body.errors?.[0]?.message).toMatch(/too many fields/);
    const long = `{ venues { id ${' '.repeat(9000)} } }`;
    expect((await gql(long)).body.errors?.[0]?.message).toMatch(/too long/);
  });
});

describe('live score subscription', () => {
  const clients: Client[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.dispose()));
  });

  /** The test app listens once (its database is reset between tests, the server stays). */
  let address: string | undefined;
  async function listening() {
    address ??= await server().app.listen({ port: 0, host: '127.0.0.1' });
    return address.replace(/^http/, 'ws') + '/api/graphql';
  }

  /** A graphql-ws client subscribed to the venue's updates; `next()` waits for the following push. */
  /** The subscriptions the server holds, as its metrics report them. */
  async function subscriptionsHeld(): Promise<number> {
    const gauge = server().app.metrics.registry.getSingleMetric('paddock_live_subscriptions');
    return (await gauge!.get()).values[0]?.value ?? 0;
  }

  async function subscribe(url: string, venueId: number, token?: string) {
    const held = await subscriptionsHeld();
    const client = createClient({
      url,
      webSocketImpl: WebSocket,
      connectionParams: token ? { authorization: `Bearer ${token}` } : {},
      retryAttempts: 0,
    });
    clients.push(client);
    const received: LiveUpdate[] = [];
    const waiting: ((u: LiveUpdate) => void)[] = [];
    let ready!: () => void;
    const connected = new Promise<void>((resolve) => (ready = resolve));
    client.on('connected', () => ready());
    client.subscribe<{ liveUpdates: LiveUpdate }>(
      {
        query: `subscription($v: Int!) { liveUpdates(venueId: $v) { kind venueId competitionId published
          starter { entryId riderName headNumber result { status rank faults timeMs } } } }`,
        variables: { v: venueId },
      },
      {
        next: ({ data }) => {
          const update = data!.liveUpdates;
          const w = waiting.shift();
          if (w) w(update);
          else received.push(update);
        },
        error: (err) => {
          const close = err as { code?: number; reason?: string };
          throw err instanceof Error
            ? err
            : new Error(`subscription failed: ${close.code} ${close.reason ?? JSON.stringify(err)}`);
        },
        complete: () => undefined,
      },
    );
    await connected;
    // The subscription is registered on the server once its first message is handled.
    await vi.waitFor(async () => expect(await subscriptionsHeld()).toBe(held + 1), { timeout: 30_000 });
    return {
      next: (timeoutMs = 30_000) =>
        new Promise<LiveUpdate>((resolve, reject) => {
          const queued = received.shift();
          if (queued) return resolve(queued);
          const timer = setTimeout(() => reject(new Error(`no update within ${timeoutMs} ms`)), timeoutMs);
          waiting.push((u) => {
            clearTimeout(timer);
            resolve(u);
          });
        }),
      pending: () => received.length,
    };
  }

  it('pushes a saved result with its new rank to a public subscriber within a second', async () => {
    const url = await listening();
    const sub = await subscribe(url, f.venue);
    const [a, b] = f.entries[f.published]!;
    await saveResult(db(), a!, { faults: 4, timeMs: 60_000 });
    const started = performance.now();
    server().app.live.publish({ venueId: f.venue, competitionId: f.published, kind: 'result', entryId: a! });
    const first = await sub.next(1000);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(first).toMatchObject({
      kind: 'result',
      competitionId: f.published,
      published: true,
      starter: { entryId: a, riderName: 'Daria Duda P', headNumber: 104, result: { status: 'R', rank: 1, faults: 4 } },
    });
    // A faster clear round: it leads, and says so.
    await saveResult(db(), b!, { faults: 0, timeMs: 70_000 });
    server().app.live.publish({ venueId: f.venue, competitionId: f.published, kind: 'result', entryId: b! });
    expect((await sub.next(1000)).starter).toMatchObject({ entryId: b, result: { rank: 1 } });
  });

  it('keeps unpublished results from public subscribers, not from the venue office; start lists and publication reach all', async () => {
    const url = await listening();
    const pub = await subscribe(url, f.venue);
    const office = await subscribe(url, f.venue, await server().login('organizer'));
    const other = await subscribe(url, f.otherVenue);
    const [h1] = f.entries[f.heldBack]!;
    const [p1] = f.entries[f.published]!;

    await saveResult(db(), h1!, { faults: 0, timeMs: 61_000 });
    server().app.live.publish({ venueId: f.venue, competitionId: f.heldBack, kind: 'result', entryId: h1! });
    expect(await office.next()).toMatchObject({
      kind: 'result',
      competitionId: f.heldBack,
      published: false,
      starter: { entryId: h1 },
    });

    await saveResult(db(), p1!, { faults: 0, timeMs: 62_000 });
    server().app.live.publish({ venueId: f.venue, competitionId: f.published, kind: 'result', entryId: p1! });
    // The public's first push is the published result: the held-back one never came.
    expect(await pub.next()).toMatchObject({ competitionId: f.published, starter: { entryId: p1 } });
    expect(await office.next()).toMatchObject({ competitionId: f.published, starter: { entryId: p1 } });

    server().app.live.publish({ venueId: f.venue, competitionId: f.heldBack, kind: 'startlist' });
    expect(await pub.next()).toMatchObject({ kind: 'startlist', competitionId: f.heldBack, starter: null });
    await office.next();

    // Another venue's subscriber hears nothing of this venue.
    await new Promise((r) => setTimeout(r, 200));
    expect(other.pending()).toBe(0);
    expect(pub.pending()).toBe(0);
  });

  it('treats a bad token on the socket as the public', async () => {
    const url = await listening();
    const sub = await subscribe(url, f.venue, 'not-a-token');
    const [h1] = f.entries[f.heldBack]!;
    const [p1] = f.entries[f.published]!;
    await saveResult(db(), h1!, { faults: 0, timeMs: 61_000 });
    server().app.live.publish({ venueId: f.venue, competitionId: f.heldBack, kind: 'result', entryId: h1! });
    await saveResult(db(), p1!, { faults: 0, timeMs: 62_000 });
    server().app.live.publish({ venueId: f.venue, competitionId: f.published, kind: 'result', entryId: p1! });
    expect(await sub.next()).toMatchObject({ competitionId: f.published });
  });
});
