import { rmSync } from 'node:fs';
import { adminToken, report, round, seededDataDir, startServer } from './harness';

/**
 * The figure `fei.import_5000_s`: the real server on PGlite previews and commits an FEI
 * entry file of 1,000 athletes, 2,000 horses and 5,000 entries (three events; each athlete
 * rides its two horses in the first two events and the first one in the third), timed from the
 * upload until the commit's background run is done.
 */

const VENUE = 2;
const SHOW = '2026_CI_9001';
const ATHLETES = 1000;
const SERVER_ENV = { NODE_ENV: 'test', LOG_LEVEL: 'warn', RATE_LIMIT_AUTH_MAX: '1000000' };

export function benchEntryFile(): string {
  const athlete = (i: number) => String(30_000_000 + i);
  const horse = (i: number, k: number) => `9${String(i).padStart(4, '0')}${k ? 'B' : 'A'}Z`;
  const out: string[] = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<HorseSport xmlns="http://www.fei.org/Entry"><Generated Date="2026-06-02T09:15:00+00:00" Software="FEI Entry System" />',
    `<ShowEntries><Show FEIID="${SHOW}" TypeCode="CSI" StartDate="2026-06-11" EndDate="2026-06-14" TimeStamp="1780000000"><Venue Name="Bench" CountryNOC="GER" /></Show>`,
  ];
  for (let i = 0; i < ATHLETES; i++)
    out.push(
      `<Athlete FEIID="${athlete(i)}" NFID="" FirstName="Bench" FamilyName="RIDER ${i}" Gender="F" BirthDate="1990-01-01" CompetingFor="GER" TimeStamp="1779000000" />`,
    );
  for (let i = 0; i < ATHLETES; i++)
    for (const k of [0, 1])
      out.push(
        `<Horse FEIID="${horse(i, k)}" Name="BENCH HORSE ${i}-${k}" Gender="Mare" Stallion="false" Bedding="Shavings" BirthDate="2015-01-01" Pony="false" Owner="Bench Stables" TimeStamp="1779000400" />`,
      );
  const flags =
    'Definite="true" Withdrawn="false" Substituted="false" Accepted="true" Pending="false" Rejected="false"';
  ['CSI3*', 'CSI2*', 'CSI1*'].forEach((code, e) => {
    out.push(
      `<Event FEIID="${SHOW}_S_S_0${e + 1}" DisciplineCode="S" Discipline="Jumping" Category="Senior" Code="${code}" StartDate="2026-06-11" EndDate="2026-06-14">`,
    );
    for (let i = 0; i < ATHLETES; i++) {
      const horses = e < 2 ? [0, 1] : [0];
      out.push(
        `<AthleteEntry FEIID="${athlete(i)}" ${flags}>${horses.map((k) => `<HorseEntry FEIID="${horse(i, k)}" ${flags} />`).join('')}</AthleteEntry>`,
      );
    }
    out.push('</Event>');
  });
  out.push('</ShowEntries></HorseSport>');
  return out.join('\n');
}

interface Preview {
  id: number;
  counts: { riders: { create: number }; horses: { create: number }; entries: { create: number; match: number } };
}

export async function benchFei(port: number): Promise<void> {
  const { dataDir } = await seededDataDir('fei', async (exec) => {
    await exec(`INSERT INTO venues (id, name, country, city, currency, time_zone, fei_id)
      VALUES (${VENUE}, 'Bench Show', 'DE', 'Aachen', 'EUR', 'Europe/Berlin', '${SHOW}')`);
    await exec(`SELECT setval(pg_get_serial_sequence('venues', 'id'), (SELECT max(id) FROM venues))`);
  });
  try {
    const server = await startServer({ ...SERVER_ENV, DATA_DIR: dataDir }, port);
    try {
      const token = await adminToken(server.url);
      const headers = { authorization: `Bearer ${token}` };
      const xml = benchEntryFile();
      const importOnce = async () => {
        const t0 = performance.now();
        const form = new FormData();
        form.append('file', new Blob([xml], { type: 'application/xml' }), 'bench-entries.xml');
        const res = await fetch(`${server.url}/api/v1/venue/${VENUE}/uploadFeiParticipations/`, {
          method: 'POST',
          headers,
          body: form,
        });
        if (res.status !== 201) throw new Error(`the upload answered ${res.status}: ${await res.text()}`);
        const preview = (await res.json()) as Preview;
        const previewSeconds = (performance.now() - t0) / 1000;
        const started = await fetch(`${server.url}/api/v1/venue/${VENUE}/feiImport/${preview.id}/commit/`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: '{}',
        });
        if (started.status !== 202) throw new Error(`the commit answered ${started.status}: ${await started.text()}`);
        let run = (await started.json()) as { id: number; status: string };
        while (run.status === 'queued' || run.status === 'running') {
          await new Promise((r) => setTimeout(r, 50));
          run = (await (await fetch(`${server.url}/api/v1/jobs/${run.id}/`, { headers })).json()) as typeof run;
        }
        if (run.status !== 'done') throw new Error(`the run ended ${run.status}: ${JSON.stringify(run)}`);
        return { preview, previewSeconds, seconds: (performance.now() - t0) / 1000 };
      };
      const first = await importOnce();
      const c = first.preview.counts;
      console.info(
        `bench: FEI file of ${Math.round(xml.length / 1024)} kB: ${c.riders.create} riders, ${c.horses.create} horses, ${c.entries.create} entries to create; preview ${round(first.previewSeconds)} s`,
      );
      if (c.riders.create !== ATHLETES || c.horses.create !== 2 * ATHLETES || c.entries.create !== 5 * ATHLETES)
        throw new Error(`unexpected preview: ${JSON.stringify(c)}`);
      report({ name: 'fei.import_5000_s', value: round(first.seconds), unit: 's', limit: { max: 10 } });
      const again = await importOnce();
      if (again.preview.counts.entries.match !== 5 * ATHLETES) throw new Error('the second import is not all matched');
      console.info(`bench: the same file again (all matched, nothing created) in ${round(again.seconds)} s`);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
