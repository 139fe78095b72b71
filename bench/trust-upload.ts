import { rmSync } from 'node:fs';
import { MAX_FEI_FILE_BYTES } from '@shared/schemas/fei';
import { MAX_RESULT_ROWS } from '@shared/schemas/results';
import { percentile, prepareUploads, startPinger } from '../tests/support/load-clients';
import { feiEntryFile, resultsXlsx } from '../tests/server/upload-files';
import { adminToken, report, round, seededDataDir, startServer } from './harness';

/**
 * The figure `trust.health_p99_during_upload_ms`: the real server on PGlite answers /api/health
 * (checked every 10 ms from a thread of its own, each check timed from when it was due) while
 * the largest allowed results workbook (MAX_RESULT_ROWS rows) and the largest allowed FEI entry
 * file (MAX_FEI_FILE_BYTES) are uploaded at the same time. Bound: p99 at most 100 ms.
 */

const VENUE = 2;
const SHOW = '2026_CI_9002';
const SERVER_ENV = { NODE_ENV: 'test', LOG_LEVEL: 'warn', RATE_LIMIT_AUTH_MAX: '1000000' };

async function seedShow(exec: (text: string) => Promise<unknown>): Promise<number> {
  await exec(`INSERT INTO venues (id, name, country, city, currency, time_zone, fei_id)
    VALUES (${VENUE}, 'Bench Show', 'DE', 'Aachen', 'EUR', 'Europe/Berlin', '${SHOW}')`);
  await exec(`SELECT setval(pg_get_serial_sequence('venues', 'id'), (SELECT max(id) FROM venues))`);
  await exec(`INSERT INTO event_categories (code, name) VALUES ('CSI3*', 'CSI3*') ON CONFLICT DO NOTHING`);
  await exec(`INSERT INTO venue_event_categories (venue_id, event_category_id, name)
    SELECT ${VENUE}, id, 'CSI3* Bench' FROM event_categories WHERE code = 'CSI3*'`);
  await exec(`INSERT INTO competitions (vec_id, number, name, ranking_rule, prize_chart_minor, prize_money_minor)
    SELECT id, '1', 'Bench Grand Prix', 'table_a_jump_off', '{}', 0 FROM venue_event_categories WHERE venue_id = ${VENUE}`);
  return 1;
}

/** A multipart body of `file` and text fields. */
function form(file: Buffer, name: string, type: string, fields: Record<string, string> = {}) {
  const boundary = `----paddockbench${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function benchTrustUpload(port: number): Promise<void> {
  const { dataDir, seeded: competition } = await seededDataDir('trust-upload', (exec) => seedShow(exec));
  try {
    const xlsx = form(await resultsXlsx(MAX_RESULT_ROWS), 'results.xlsx', 'application/octet-stream', {
      competition: String(competition),
      commit: 'false',
    });
    const fei = form(feiEntryFile(SHOW, 1000, MAX_FEI_FILE_BYTES - 1024), 'entries.xml', 'application/xml');
    const server = await startServer({ ...SERVER_ENV, DATA_DIR: dataDir }, port);
    try {
      const authorization = `Bearer ${await adminToken(server.url)}`;
      // Both clients are set up before the clock starts: their start is not the server's time.
      const uploaders = await Promise.all([
        prepareUploads(server.url, [
          {
            path: `/api/v1/venue/${VENUE}/uploadResults/`,
            headers: { authorization, 'content-type': xlsx.contentType },
            body: xlsx.body,
          },
        ]),
        prepareUploads(server.url, [
          {
            path: `/api/v1/venue/${VENUE}/uploadFeiParticipations/`,
            headers: { authorization, 'content-type': fei.contentType },
            body: fei.body,
          },
        ]),
      ]);
      const pinger = await startPinger(server.url);
      const answers = await Promise.all(uploaders.map((u) => u.send()));
      const pings = await pinger.stop();
      const [results, entries] = answers.map((a) => a[0]!);
      if (results!.status !== 200 || entries!.status !== 201)
        throw new Error(`uploads answered ${results!.status} and ${entries!.status}: ${entries!.body.slice(0, 300)}`);
      if (pings.failures.length)
        throw new Error(
          `${pings.failures.length} of ${pings.latencies.length} health checks failed (max ${round(Math.max(...pings.latencies), 1)} ms): ${pings.failures.slice(0, 3).join(', ')}`,
        );
      console.info(
        `bench: ${pings.latencies.length} health checks during the uploads (xlsx ${Math.round(xlsx.body.length / 1024)} kB, FEI ${Math.round(fei.body.length / 1024 / 1024)} MB), max ${round(Math.max(...pings.latencies), 1)} ms`,
      );
      report({
        name: 'trust.health_p99_during_upload_ms',
        value: round(percentile(pings.latencies, 99), 1),
        unit: 'ms',
        limit: { max: 100 },
      });
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
