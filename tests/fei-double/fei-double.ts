import { startHttpDouble, type HttpDouble, type HttpDoubleOptions } from '../support/http-double';

/*
 * A local stand-in for the FEI's web service (server/src/modules/fei/fei-client.ts describes the
 * two calls): GET /shows/{id}/entries (XML) and GET /shows/{id}/competitions (JSON), HTTP Basic
 * with the user and password given. `mode` makes it misbehave: `garbage` answers 200 with junk,
 * `error` answers 500. Unknown shows are 404. Tests start it on a free port; the e2e setup can
 * run it with `npx tsx tests/fei-double/fei-double.ts` (FEI_DOUBLE_PORT, default 4636).
 */

export interface FeiDoubleShow {
  entries: string;
  competitions: unknown[];
}

export type FeiDoubleMode = 'ok' | 'garbage' | 'error';

/** Its requests are e.g. "GET /shows/2026_CI_0139/entries". */
export interface FeiDouble extends HttpDouble<FeiDoubleMode> {
  shows: Map<string, FeiDoubleShow>;
}

export async function startFeiDouble(
  options: HttpDoubleOptions & { shows?: Record<string, FeiDoubleShow> } = {},
): Promise<FeiDouble> {
  const state = { shows: new Map(Object.entries(options.shows ?? {})) };
  return startHttpDouble<FeiDoubleMode, typeof state>(options, state, (req, res, double) => {
    const m = /^\/shows\/([^/]+)\/(entries|competitions)$/.exec(req.url ?? '');
    const show = m ? double.shows.get(decodeURIComponent(m[1]!)) : undefined;
    if (!m || !show) {
      res.writeHead(404).end('not found');
      return;
    }
    if (double.mode === 'garbage') {
      res.writeHead(200, { 'content-type': m[2] === 'entries' ? 'application/xml' : 'application/json' });
      res.end(m[2] === 'entries' ? '<html><body>Service temporarily unavailable' : '{"Competitions": "soon"');
      return;
    }
    if (m[2] === 'entries') {
      res.writeHead(200, { 'content-type': 'application/xml; charset=utf-8' }).end(show.entries);
    } else {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ ShowFEIID: decodeURIComponent(m[1]!), Competitions: show.competitions }));
    }
  });
}

/** The schedule the tests and the e2e double serve for the sample show. */
export const SAMPLE_COMPETITIONS = [
  {
    FEIID: '2026_CI_0139_S_S_01_01',
    No: '1',
    Name: 'Speed Table A',
    StartDateTime: '2026-06-11T09:00:00+02:00',
    EventFEIID: '2026_CI_0139_S_S_01',
    Rule: 'Table A, 238.2.1',
    Ranking: 'table_a',
    HeightCm: 135,
    PrizeMoney: '5000.00',
  },
  {
    FEIID: '2026_CI_0139_S_S_01_02',
    No: '2',
    Name: 'Grand Prix',
    StartDateTime: '2026-06-14T14:00:00+02:00',
    EventFEIID: '2026_CI_0139_S_S_01',
    Rule: 'Table A, 238.2.2 with jump-off',
    Ranking: 'table_a_jump_off',
    HeightCm: 145,
    PrizeMoney: 25000,
  },
  {
    FEIID: '2026_CI_0139_S_Y_02_01',
    No: '3',
    Name: 'Young Riders Table C',
    StartDateTime: '2026-06-12T10:30:00+02:00',
    EventFEIID: '2026_CI_0139_S_Y_02',
    Rule: 'Table C, 239',
    Ranking: 'table_c',
    HeightCm: 130,
    PrizeMoney: '1500.50',
  },
];

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const { readFileSync } = await import('node:fs');
  const entries = readFileSync(new URL('../fixtures/fei/fei-entry-jumping.xml', import.meta.url), 'utf8');
  const double = await startFeiDouble({
    port: Number(process.env.FEI_DOUBLE_PORT ?? 4636),
    shows: { '2026_CI_0139': { entries, competitions: SAMPLE_COMPETITIONS } },
  });
  console.info(`FEI double at ${double.url}`);
}
