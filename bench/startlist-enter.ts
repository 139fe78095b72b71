import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { adminToken, report, round, seededDataDir, startServer } from './harness';

/**
 * The figure `startlist.enter_2000_s`: the real server on PGlite enters every one of an event's
 * 2,000 participations (rider + horse) into one of its competitions — the entries, each entry
 * fee charged with the event's VAT to the rider, the ledger's running totals, the audit — timed
 * from the request to its answer. A loop of single entries took 58 s; the bound is 2 s.
 *
 * The show is seeded with plain SQL before the server starts (one process may open a PGlite
 * directory): 2,000 riders, each with a participation, a horse and its VEC participation in the
 * event, a competition with an entry fee, and the event's VAT for entry fees.
 */

const VENUE = 2;
const STARTERS = 2_000;
const SERVER_ENV = { NODE_ENV: 'test', LOG_LEVEL: 'warn', RATE_LIMIT_AUTH_MAX: '1000000' };

async function seedShow(exec: (text: string) => Promise<unknown>): Promise<void> {
  await exec(`INSERT INTO venues (id, name, country, city, currency, time_zone)
    VALUES (${VENUE}, 'Bench Entries', 'DE', 'Aachen', 'EUR', 'Europe/Berlin')`);
  await exec(`SELECT setval(pg_get_serial_sequence('venues', 'id'), (SELECT max(id) FROM venues))`);
  await exec(`INSERT INTO event_categories (code, name) VALUES ('CSI3*', 'CSI3*') ON CONFLICT DO NOTHING`);
  await exec(`INSERT INTO venue_event_categories (venue_id, event_category_id, name)
    SELECT ${VENUE}, id, 'CSI3* Bench' FROM event_categories WHERE code = 'CSI3*'`);
  await exec(`INSERT INTO tax_types (code, name) VALUES ('BENCH_ENTRY_VAT', 'Bench VAT 19 %')`);
  await exec(`INSERT INTO tax_rates (tax_type_id, rate_bp, valid_from)
    SELECT id, 1900, '2000-01-01' FROM tax_types WHERE code = 'BENCH_ENTRY_VAT'`);
  await exec(`INSERT INTO tax_configurations (vec_id, category, tax_type_id)
    SELECT v.id, 'entry_fee', t.id FROM venue_event_categories v, tax_types t
    WHERE v.venue_id = ${VENUE} AND t.code = 'BENCH_ENTRY_VAT'`);
  await exec(`INSERT INTO competitions (vec_id, number, name, ranking_rule, entry_fee_minor)
    SELECT id, '1', 'Bench Grand Prix', 'table_a', 4500 FROM venue_event_categories WHERE venue_id = ${VENUE}`);
  await exec(`INSERT INTO riders (first_name, last_name, email)
    SELECT 'Bench', 'Starter ' || lpad(g::text, 4, '0'), 'enter-' || g || '@bench.test' FROM generate_series(1, ${STARTERS}) g`);
  await exec(`INSERT INTO venue_participations (venue_id, rider_id, payer_type, payer_id)
    SELECT ${VENUE}, id, 'rider', id FROM riders WHERE email LIKE 'enter-%@bench.test'`);
  await exec(`INSERT INTO horses (name, fei_id)
    SELECT 'Bench Horse ' || g, 'BE' || lpad(g::text, 5, '0') FROM generate_series(1, ${STARTERS}) g`);
  await exec(`INSERT INTO vec_participations (vec_id, venue_participation_id, horse_id)
    SELECT v.id, vp.id, h.id
    FROM riders r JOIN venue_participations vp ON vp.rider_id = r.id AND vp.venue_id = ${VENUE}
    JOIN horses h ON h.fei_id = 'BE' || lpad(substr(r.email, 7, position('@' IN r.email) - 7), 5, '0')
    CROSS JOIN venue_event_categories v WHERE v.venue_id = ${VENUE} AND r.email LIKE 'enter-%@bench.test'`);
}

export async function benchStartlistEnter(port: number): Promise<void> {
  const { dataDir } = await seededDataDir('startlist-enter', (exec) => seedShow(exec));
  try {
    const server = await startServer({ ...SERVER_ENV, DATA_DIR: dataDir }, port);
    try {
      const token = await adminToken(server.url);
      const headers = { authorization: `Bearer ${token}` };
      const list = (await (await fetch(`${server.url}/api/v1/venue/${VENUE}/startlists/`, { headers })).json()) as {
        events: { competitions: { id: number }[] }[];
      };
      const competition = list.events[0]!.competitions[0]!.id;
      const t0 = performance.now();
      const res = await fetch(`${server.url}/api/v1/competition/${competition}/entries/fromEvent/`, {
        method: 'POST',
        headers: { ...headers, 'idempotency-key': randomUUID() },
      });
      const seconds = (performance.now() - t0) / 1000;
      const body = (await res.json()) as { created: number; list: { entries: { fee_transaction: number | null }[] } };
      if (res.status !== 200) throw new Error(`entering answered ${res.status}: ${JSON.stringify(body)}`);
      if (body.created !== STARTERS) throw new Error(`entered ${body.created} of ${STARTERS}`);
      const charged = body.list.entries.filter((e) => e.fee_transaction !== null).length;
      if (charged !== STARTERS) throw new Error(`${charged} of ${STARTERS} entry fees charged`);
      console.info(`bench: ${body.created} participations entered into one competition, each fee charged`);
      report({ name: 'startlist.enter_2000_s', value: round(seconds), unit: 's', limit: { max: 2 } });
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
