import { rmSync } from 'node:fs';
import WebSocket from 'ws';
import { adminToken, report, round, seededDataDir, startServer } from './harness';

/**
 * The figure `livescore.fanout_p99_ms`: the real server with 1,000 clients subscribed to a
 * venue's live updates over raw websockets (graphql-transport-ws, as the graphql-ws client
 * speaks it); a result is saved through the real API (PUT /api/v1/competitionEntry/{id}/result/)
 * and every client's receipt of that result is timed from the save's request start. p99 over
 * all receipts of several saves (after one warm-up save).
 */

const VENUE = 2;
const CLIENTS = Number(process.env.BENCH_LIVE_CLIENTS ?? 1000);
const SAVES = 10;
const STARTERS = 40;
const SERVER_ENV = { NODE_ENV: 'test', LOG_LEVEL: 'warn', RATE_LIMIT_AUTH_MAX: '1000000' };

const SUBSCRIPTION = `subscription($v: Int!) { liveUpdates(venueId: $v) { kind venueId competitionId published
  starter { entryId order riderName nationality horseName headNumber result { status rank faults timeFaults timeMs at } } } }`;

async function seedShow(exec: (text: string) => Promise<unknown>): Promise<void> {
  await exec(`INSERT INTO venues (id, name, country, city, currency, time_zone)
    VALUES (${VENUE}, 'Bench Live Show', 'DE', 'Aachen', 'EUR', 'Europe/Berlin')`);
  await exec(`SELECT setval(pg_get_serial_sequence('venues', 'id'), (SELECT max(id) FROM venues))`);
  await exec(`INSERT INTO event_categories (code, name) VALUES ('BENCH-LIVE', 'CSI3*')`);
  await exec(`INSERT INTO venue_event_categories (venue_id, event_category_id, name)
    SELECT ${VENUE}, id, 'CSI3*' FROM event_categories WHERE code = 'BENCH-LIVE'`);
  await exec(`INSERT INTO competitions (vec_id, number, name, starts_at, arena, ranking_rule, published_at)
    SELECT id, '1', 'Bench Grand Prix', now(), 'Main arena', 'table_a', now() FROM venue_event_categories WHERE venue_id = ${VENUE}`);
  await exec(`INSERT INTO riders (first_name, last_name, nationality)
    SELECT 'Rider', 'No. ' || g, 'GER' FROM generate_series(1, ${STARTERS}) g`);
  await exec(`INSERT INTO horses (name) SELECT 'Bench Horse ' || g FROM generate_series(1, ${STARTERS}) g`);
  await exec(`INSERT INTO venue_participations (venue_id, rider_id, payer_type, payer_id)
    SELECT ${VENUE}, id, 'rider', id FROM riders WHERE last_name LIKE 'No. %'`);
  await exec(`INSERT INTO participation_horses (venue_participation_id, venue_id, horse_id, head_number)
    SELECT vp.id, ${VENUE}, h.id, 100 + row_number() OVER (ORDER BY vp.id)
    FROM (SELECT id, row_number() OVER (ORDER BY id) n FROM venue_participations WHERE venue_id = ${VENUE}) vp
    JOIN (SELECT id, row_number() OVER (ORDER BY id) n FROM horses WHERE name LIKE 'Bench Horse %') h ON h.n = vp.n`);
  await exec(`INSERT INTO competition_entries (competition_id, venue_participation_id, rider_id, horse_id, start_order)
    SELECT (SELECT max(id) FROM competitions), ph.venue_participation_id, vp.rider_id, ph.horse_id,
      row_number() OVER (ORDER BY ph.id)
    FROM participation_horses ph JOIN venue_participations vp ON vp.id = ph.venue_participation_id
    WHERE ph.venue_id = ${VENUE}`);
}

interface Subscriber {
  socket: WebSocket;
  /** Called with the arrival time of each pushed result's entry id. */
  onResult: (entryId: number, at: number) => void;
}

/** One raw graphql-transport-ws client: init, subscribe, answer pings. Resolves once subscribed. */
function connect(url: string, onResult: Subscriber['onResult']): Promise<Subscriber> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, 'graphql-transport-ws');
    socket.on('error', reject);
    socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: {} })));
    socket.on('message', (raw: Buffer) => {
      const at = performance.now();
      const message = JSON.parse(String(raw)) as {
        type: string;
        payload?: { data?: { liveUpdates?: { starter?: { entryId: number } | null } } };
      };
      if (message.type === 'connection_ack') {
        socket.send(
          JSON.stringify({ id: '1', type: 'subscribe', payload: { query: SUBSCRIPTION, variables: { v: VENUE } } }),
        );
        // The server registers the subscription as it handles that message; a moment later it listens.
        setTimeout(() => resolve({ socket, onResult }), 50);
      } else if (message.type === 'ping') socket.send(JSON.stringify({ type: 'pong' }));
      else if (message.type === 'next') {
        const entryId = message.payload?.data?.liveUpdates?.starter?.entryId;
        if (entryId) onResult(entryId, at);
      } else if (message.type === 'error') reject(new Error(JSON.stringify(message.payload)));
    });
  });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

export async function benchLivescore(port: number): Promise<void> {
  const { dataDir } = await seededDataDir('live', (exec) => seedShow(exec));
  try {
    const server = await startServer({ ...SERVER_ENV, DATA_DIR: dataDir }, port);
    const sockets: WebSocket[] = [];
    try {
      const token = await adminToken(server.url);
      const startList = (await (
        await fetch(`${server.url}/api/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            query: `{ competitions(venueId: ${VENUE}) { id } }`,
          }),
        })
      ).json()) as { data: { competitions: { id: number }[] } };
      const competitionId = startList.data.competitions[0]!.id;
      const list = (await (
        await fetch(`${server.url}/api/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: `{ startList(competitionId: ${competitionId}) { entryId } }` }),
        })
      ).json()) as { data: { startList: { entryId: number }[] } };
      const entries = list.data.startList.map((s) => s.entryId);

      // Receipts per saved entry: arrival times of each client.
      const receipts = new Map<number, number[]>();
      const onResult = (entryId: number, at: number) => receipts.get(entryId)?.push(at);
      const wsUrl = `${server.url.replace(/^http/, 'ws')}/api/graphql`;
      const t0 = performance.now();
      for (let i = 0; i < CLIENTS; i += 100) {
        const batch = await Promise.all(
          Array.from({ length: Math.min(100, CLIENTS - i) }, () => connect(wsUrl, onResult)),
        );
        sockets.push(...batch.map((s) => s.socket));
      }
      console.info(`bench: ${sockets.length} live clients subscribed in ${round((performance.now() - t0) / 1000)} s`);
      await new Promise((r) => setTimeout(r, 500));

      const latencies: number[] = [];
      for (let save = 0; save <= SAVES; save++) {
        const entryId = entries[save]!;
        const arrivals: number[] = [];
        receipts.set(entryId, arrivals);
        const start = performance.now();
        const res = await fetch(`${server.url}/api/v1/competitionEntry/${entryId}/result/`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({
            status: 'R',
            round: { faults: (save % 3) * 4, time_faults: 0, time_ms: 60_000 + save * 137 },
          }),
        });
        if (process.env.BENCH_DEBUG_LIVE)
          console.info(`save ${save}: answered in ${round(performance.now() - start)} ms`);
        if (res.status !== 200) throw new Error(`saving a result answered ${res.status}: ${await res.text()}`);
        const deadline = Date.now() + 10_000;
        while (arrivals.length < sockets.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
        if (arrivals.length < sockets.length)
          throw new Error(`only ${arrivals.length} of ${sockets.length} clients received save ${save}`);
        // The first save warms the server up (JIT, caches): not counted.
        if (save > 0) latencies.push(...arrivals.map((at) => at - start));
        await new Promise((r) => setTimeout(r, 200));
      }
      console.info(
        `bench: ${SAVES} saves to ${sockets.length} clients: p50 ${round(percentile(latencies, 50))} ms, max ${round(Math.max(...latencies))} ms`,
      );
      report({
        name: 'livescore.fanout_p99_ms',
        value: round(percentile(latencies, 99)),
        unit: 'ms',
        limit: { max: 500 },
      });
    } finally {
      for (const s of sockets) s.terminate();
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
