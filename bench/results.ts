import { rmSync } from 'node:fs';
import { adminToken, report, round, seededDataDir, startServer } from './harness';

/**
 * The figure `results.upload_500_s`: the real server on PGlite previews and then commits a
 * results file of 500 rows (CSV, semicolons, decimal commas) for a competition of 500 starters —
 * parse, find each starter by head number, check each row by the rule, save all in one
 * transaction — timed from the first request to the second answer.
 *
 * The show is seeded with plain SQL before the server starts (one process may open a PGlite
 * directory): 500 riders with a participation, a horse with a head number each, and an entry.
 */

const VENUE = 2;
const STARTERS = 500;
const SERVER_ENV = { NODE_ENV: 'test', LOG_LEVEL: 'warn', RATE_LIMIT_AUTH_MAX: '1000000' };

async function seedShow(exec: (text: string) => Promise<unknown>): Promise<number> {
  await exec(`INSERT INTO venues (id, name, country, city, currency, time_zone)
    VALUES (${VENUE}, 'Bench Show', 'DE', 'Aachen', 'EUR', 'Europe/Berlin')`);
  await exec(`SELECT setval(pg_get_serial_sequence('venues', 'id'), (SELECT max(id) FROM venues))`);
  await exec(`INSERT INTO event_categories (code, name) VALUES ('CSI3*', 'CSI3*') ON CONFLICT DO NOTHING`);
  await exec(`INSERT INTO venue_event_categories (venue_id, event_category_id, name)
    SELECT ${VENUE}, id, 'CSI3* Bench' FROM event_categories WHERE code = 'CSI3*'`);
  await exec(`INSERT INTO competitions (vec_id, number, name, ranking_rule, prize_chart_minor, prize_money_minor)
    SELECT id, '1', 'Bench Grand Prix', 'table_a_jump_off', '{500000,300000,200000}', 1000000
    FROM venue_event_categories WHERE venue_id = ${VENUE}`);
  await exec(`INSERT INTO riders (first_name, last_name, email)
    SELECT 'Bench', 'Rider ' || lpad(g::text, 4, '0'), 'results-' || g || '@bench.test' FROM generate_series(1, ${STARTERS}) g`);
  await exec(`INSERT INTO venue_participations (venue_id, rider_id, payer_type, payer_id)
    SELECT ${VENUE}, id, 'rider', id FROM riders WHERE email LIKE 'results-%@bench.test'`);
  await exec(`INSERT INTO horses (name, fei_id)
    SELECT 'Bench Horse ' || g, 'BX' || lpad(g::text, 5, '0') FROM generate_series(1, ${STARTERS}) g`);
  await exec(`INSERT INTO participation_horses (venue_participation_id, venue_id, horse_id, head_number)
    SELECT vp.id, ${VENUE}, h.id, substr(h.fei_id, 3)::int
    FROM horses h JOIN riders r ON r.last_name = 'Rider ' || lpad(substr(h.fei_id, 3)::int::text, 4, '0')
    JOIN venue_participations vp ON vp.rider_id = r.id AND vp.venue_id = ${VENUE}
    WHERE h.fei_id LIKE 'BX%'`);
  await exec(`INSERT INTO competition_entries (competition_id, venue_participation_id, rider_id, horse_id, start_order)
    SELECT c.id, ph.venue_participation_id, vp.rider_id, ph.horse_id, ph.head_number
    FROM participation_horses ph JOIN venue_participations vp ON vp.id = ph.venue_participation_id
    CROSS JOIN competitions c WHERE ph.venue_id = ${VENUE}`);
  return 1;
}

/** 500 rows: most ranked (some with a jump-off), some eliminated or retired. */
function resultsFile(): string {
  const lines = ['head_number;status;faults;time_faults;time;jump_off_faults;jump_off_time'];
  for (let n = 1; n <= STARTERS; n++) {
    const status = n % 25 === 0 ? 'EL' : n % 31 === 0 ? 'RT' : 'R';
    if (status !== 'R') lines.push(`${n};${status};;;;;`);
    else {
      const faults = (n % 4) * 4;
      const time = `${60 + (n % 20)},${String((n * 37) % 100).padStart(2, '0')}`;
      const jumpOff = faults === 0 && n % 3 === 0 ? `${(n % 2) * 4};${38 + (n % 7)},${n % 10}` : ';';
      lines.push(`${n};R;${faults};${n % 5 === 0 ? 1 : 0};${time};${jumpOff}`);
    }
  }
  return '\uFEFF' + lines.join('\r\n') + '\r\n';
}

export async function benchResults(port: number): Promise<void> {
  const { dataDir, seeded: competition } = await seededDataDir('results', (exec) => seedShow(exec));
  try {
    const server = await startServer({ ...SERVER_ENV, DATA_DIR: dataDir }, port);
    try {
      const token = await adminToken(server.url);
      const csv = resultsFile();
      const upload = async (commit: boolean) => {
        const form = new FormData();
        form.append('competition', String(competition));
        form.append('commit', String(commit));
        form.append('file', new Blob([csv], { type: 'text/csv' }), 'bench-results.csv');
        const res = await fetch(`${server.url}/api/v1/venue/${VENUE}/uploadResults/`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: form,
        });
        const body = (await res.json()) as { rows: unknown[]; errors: number; saved: number; committed: boolean };
        if (res.status !== 200) throw new Error(`the upload answered ${res.status}: ${JSON.stringify(body)}`);
        return body;
      };
      const t0 = performance.now();
      const preview = await upload(false);
      const commit = await upload(true);
      const seconds = (performance.now() - t0) / 1000;
      if (preview.rows.length !== STARTERS || preview.errors !== 0 || !commit.committed || commit.saved !== STARTERS)
        throw new Error(`unexpected upload: ${preview.errors} row errors, ${commit.saved} saved`);
      console.info(`bench: ${STARTERS} result rows in ${Math.round(csv.length / 1024)} kB previewed and saved`);
      report({ name: 'results.upload_500_s', value: round(seconds), unit: 's', limit: { max: 2 } });
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
