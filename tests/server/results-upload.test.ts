import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Ranking, ResultsUpload } from '../../src/shared/schemas/results';
import type { LiveEvent } from '../../server/src/modules/livescore/live-bus';
import { formatScore, formatSeconds, parsePercentThousandths, parseSeconds } from '../../src/shared/schemas/results';
import { useSeededServer } from './helpers/use-server';
import { addCompetition, enter, resultOf, seedResultsFixtures, uploadBody } from './results-fixtures';

const { server, f, db, call } = useSeededServer(seedResultsFixtures);

async function upload(content: string | Buffer, competition: number, commit: boolean, fileName = 'results.csv') {
  const body = uploadBody(content, { competition: String(competition), commit: String(commit) }, fileName);
  return server().app.inject({
    method: 'POST',
    url: '/api/v1/venue/1/uploadResults/',
    headers: { ...(await server().auth('organizer')), ...body.headers },
    payload: body.payload,
  });
}

const BOM = '\uFEFF';

describe('decimal text without floats', () => {
  it('reads seconds into milliseconds and percentages into thousandths (exactly)', () => {
    expect(parseSeconds('63.45')).toBe(63_450);
    expect(parseSeconds('63,45')).toBe(63_450);
    expect(parseSeconds('0.1')).toBe(100);
    expect(parseSeconds('72')).toBe(72_000);
    expect(parseSeconds('999.999')).toBe(999_999);
    expect(parseSeconds('1000')).toBe('too_big');
    expect(parseSeconds('10000')).toBe('too_big');
    expect(parseSeconds('-1')).toBe('too_small');
    expect(parseSeconds('1.2345')).toBe('invalid');
    expect(parseSeconds('abc')).toBe('invalid');
    // Three decimals kept exactly (FEI Dressage Rules): 71.235 and 71.240 are not a tie.
    expect(parsePercentThousandths('71.235')).toBe(71_235);
    expect(parsePercentThousandths('71.24')).toBe(71_240);
    expect(parsePercentThousandths('68,5')).toBe(68_500);
    expect(parsePercentThousandths('100')).toBe(100_000);
    expect(parsePercentThousandths('100.001')).toBe('too_big');
    expect(formatSeconds(63_450)).toBe('63.45');
    expect(formatSeconds(36_999)).toBe('36.99');
    expect(formatSeconds(72_000)).toBe('72.00');
    expect(formatScore(71_235)).toBe('71.235');
    expect(formatScore(68_050)).toBe('68.050');
  });
});

describe('POST /api/v1/venue/{id}/uploadResults/', () => {
  it('CSV with a BOM and semicolons: preview shows every row and saves nothing; commit saves all and goes live', async () => {
    const c = await addCompetition(db(), f.vec, { rule: 'table_a_jump_off', chart: [50_000, 30_000] });
    const ids = await enter(db(), c, f.starters.slice(0, 4));
    const [s0, s1, s2, s3] = f.starters as [
      (typeof f.starters)[0],
      (typeof f.starters)[0],
      (typeof f.starters)[0],
      (typeof f.starters)[0],
    ];
    const csv =
      BOM +
      'Head number;Rider;Status;Faults;Time faults;Time;Jump-off faults;Jump-off time\r\n' +
      `${s0.head};Rosa Rider;R;0;0;63,45;0;38,2\r\n` +
      `${s1.head};Eva Employed;r;4;1;70.01;;\r\n` +
      `${s2.head};;EL;;;;;\r\n` +
      `${s3.head};;R;0;;64.5;4;36.999\r\n`;
    const preview = await upload(csv, c, false);
    expect(preview.statusCode, preview.body).toBe(200);
    // sent as built, still as JSON the app reads as such
    expect(preview.headers['content-type']).toMatch(/^application\/json/);
    const body = preview.json<ResultsUpload>();
    expect(body).toMatchObject({ committed: false, errors: 0, saved: 0 });
    expect(
      body.rows.map((r) => [r.row, r.entry, r.status, r.round?.time_ms ?? null, r.jump_off?.time_ms ?? null]),
    ).toEqual([
      [2, ids[0], 'R', 63_450, 38_200],
      [3, ids[1], 'R', 70_010, null],
      [4, ids[2], 'EL', null, null],
      // 36.999 s is kept as FEI timing counts it: 36.99 s (the thousandth cut off).
      [5, ids[3], 'R', 64_500, 36_990],
    ]);
    expect(body.rows[1]!.round).toEqual({ faults: 4, time_faults: 1, time_ms: 70_010, knock_downs: null });
    expect((await resultOf(db(), ids[0]!))!.result_status).toBeNull();

    const events: LiveEvent[] = [];
    const stop = server().app.live.subscribe((e) => events.push(e));
    const committed = await upload(csv, c, true);
    expect(committed.statusCode, committed.body).toBe(200);
    expect(committed.json()).toMatchObject({ committed: true, errors: 0, saved: 4 });
    // One live event for the competition (listeners reload it), not one per row.
    await expect
      .poll(() => events, { timeout: 30_000 })
      .toEqual([{ venueId: 1, competitionId: c, kind: 'result', entryId: null }]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    stop();
    expect(events).toHaveLength(1);
    const ranking = (await call('organizer', 'GET', `/api/v1/competition/${c}/ranking/`)).json<Ranking>();
    expect(ranking.rows.map((r) => [r.entry, r.rank, r.status])).toEqual([
      [ids[0], 1, 'R'],
      [ids[3], 2, 'R'],
      [ids[1], 3, 'R'],
      [ids[2], null, 'EL'],
    ]);
  });

  it('an xlsx workbook (made with exceljs), starters found by head number or horse FEI id, dressage scores', async () => {
    const c = await addCompetition(db(), f.vec, { rule: 'dressage' });
    const ids = await enter(db(), c, f.starters.slice(0, 3));
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Results');
    sheet.addRow(['head_number', 'horse_fei_id', 'status', 'score']);
    sheet.addRow([f.starters[0]!.head, null, 'R', 71.235]);
    sheet.addRow([null, f.starters[1]!.horseFeiId.toLowerCase(), 'R', '68,5']);
    sheet.addRow([f.starters[2]!.head, null, 'RT', null]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await upload(bytes, c, true, 'results.xlsx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ committed: true, saved: 3, errors: 0 });
    expect((await resultOf(db(), ids[0]!))!.score_thousandths).toBe(71_235);
    expect((await resultOf(db(), ids[1]!))!.score_thousandths).toBe(68_500);
    expect((await resultOf(db(), ids[2]!))!.result_status).toBe('RT');
  });

  it('row errors (not on the start list, bad status, bad time) are shown per row; a commit then saves nothing', async () => {
    const c = await addCompetition(db(), f.vec, { rule: 'table_a' });
    const ids = await enter(db(), c, f.starters.slice(0, 2));
    const notEntered = f.starters[5]!.head;
    const csv = [
      'head_number,status,faults,time',
      `${f.starters[0]!.head},R,0,61.5`,
      `${notEntered},R,0,60`,
      `${f.starters[1]!.head},XX,0,60`,
      `${f.starters[0]!.head},R,0,-1`,
      `999,R,0,10000`,
      `${f.starters[1]!.head},R,,`,
    ].join('\n');
    const res = await upload(csv, c, true);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ResultsUpload>();
    expect(body).toMatchObject({ committed: false, saved: 0, errors: 5 });
    expect(body.rows.map((r) => [r.row, r.errors])).toEqual([
      [2, null],
      [3, { head_number: ['not_on_start_list'] }],
      [4, { status: ['unknown_status'] }],
      [5, { time: ['too_small'], head_number: ['duplicate'] }],
      [6, { time: ['too_big'], head_number: ['not_on_start_list'] }],
      [7, { time: ['required'], head_number: ['duplicate'] }],
    ]);
    for (const id of ids) expect((await resultOf(db(), id))!.result_status).toBeNull();
  });

  it('refuses the whole file: a wrong column, a missing column, latin-1 bytes, an empty file', async () => {
    const c = await addCompetition(db(), f.vec, { rule: 'table_a' });
    const [entry] = (await enter(db(), c, f.starters.slice(0, 1))) as [number];
    const head = f.starters[0]!.head;
    const cases: [string | Buffer, string][] = [
      [`head_number,status,faults,time,colour\n${head},R,0,60,grey`, 'wrong_columns'],
      [`head_number,faults,time\n${head},0,60`, 'wrong_columns'],
      [`rider,status,faults,time\nRosa,R,0,60`, 'wrong_columns'],
      [
        Buffer.concat([
          Buffer.from('head_number;status;faults;time;rider\n'),
          Buffer.from(`${head};R;0;60;Jos\xe9`, 'latin1'),
        ]),
        'wrong_encoding',
      ],
      ['', 'empty_file'],
      ['head_number,status,faults,time\n', 'empty_file'],
    ];
    for (const [content, code] of cases) {
      const res = await upload(content, c, true);
      expect(res.statusCode, `${code}: ${res.body}`).toBe(400);
      expect(res.json().fields, code).toEqual({ file: [code] });
    }
    expect((await resultOf(db(), entry))!.result_status).toBeNull();
  });

  it('checks the form and the competition: another venue’s competition, a missing competition, other users', async () => {
    const other = await addCompetition(db(), f.vec2, { rule: 'table_a' });
    const csv = 'head_number,status\n201,NS';
    expect((await upload(csv, other, false)).json().fields).toEqual({ competition: ['does_not_exist'] });
    const body = uploadBody(csv, { commit: 'false' });
    const missing = await server().app.inject({
      method: 'POST',
      url: '/api/v1/venue/1/uploadResults/',
      headers: { ...(await server().auth('organizer')), ...body.headers },
      payload: body.payload,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ competition: ['required'] });
    const rider = await server().app.inject({
      method: 'POST',
      url: '/api/v1/venue/1/uploadResults/',
      headers: { ...(await server().auth('rider')), ...body.headers },
      payload: body.payload,
    });
    expect(rider.statusCode).toBe(403);
  });
});
