import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MAX_FEI_FILE_BYTES } from '@shared/schemas/fei';
import { MAX_RESULT_ROWS } from '@shared/schemas/results';
import { rowsOf } from '../../server/src/db/rows';
import { MAX_FEI_RECORDS } from '../../server/src/modules/fei/fei-entry';
import { multipart } from './bank-statements-fixtures';
import { useSeededServer } from './helpers/use-server';
import { addCompetition, uploadBody } from './results-fixtures';
import { seedPayoutFixtures } from './payouts-fixtures';
import { feiEntryFile, resultsCsv, resultsXlsx, zipBomb } from './upload-files';

/*
 * Uploads are bounded before they are inflated or read to the end: a workbook that inflates
 * beyond its bound (whether its headers say so or lie) is refused before a workbook reader opens
 * it, a results file of one row too many is refused as it is read, an FEI file of more records
 * than a show has is refused before anything is looked up. (no-stall.test.ts times them.)
 */

const { server, f, db } = useSeededServer(seedPayoutFixtures);

async function results(content: Buffer, name: string) {
  const competition = await addCompetition(db(), f.vec, { rule: 'table_a_jump_off' });
  const body = uploadBody(content, { competition: String(competition), commit: 'true' }, name);
  const res = await server().app.inject({
    method: 'POST',
    url: '/api/v1/venue/1/uploadResults/',
    headers: { ...(await server().auth('organizer')), ...body.headers },
    payload: body.payload,
  });
  return { status: res.statusCode, fields: res.json<{ fields?: unknown }>().fields };
}

describe('bounded uploads', () => {
  it('refuses a zip bomb as a results workbook, whether its headers tell its size or lie about it', async () => {
    expect(await results(zipBomb(200), 'bomb.xlsx')).toEqual({ status: 400, fields: { file: ['inflates_too_much'] } });
    expect(await results(zipBomb(200, true), 'bomb.xlsx')).toEqual({
      status: 400,
      fields: { file: ['inflates_too_much'] },
    });
  });

  it('takes a workbook and a CSV of the most rows allowed, and refuses one row more', async () => {
    expect((await results(await resultsXlsx(MAX_RESULT_ROWS), 'results.xlsx')).status).toBe(200);
    expect(await results(await resultsXlsx(MAX_RESULT_ROWS + 1), 'results.xlsx')).toEqual({
      status: 400,
      fields: { file: ['too_big'] },
    });
    expect((await results(resultsCsv(MAX_RESULT_ROWS, 400_000), 'results.csv')).status).toBe(200);
    expect(await results(resultsCsv(MAX_RESULT_ROWS + 1, 400_000), 'results.csv')).toEqual({
      status: 400,
      fields: { file: ['too_big'] },
    });
  });

  it('refuses an FEI file of more entries than a show has', async () => {
    // Six entries per athlete: a few more than MAX_FEI_RECORDS, in a file of a few MB.
    const athletes = Math.ceil(MAX_FEI_RECORDS / 6) + 1;
    const form = multipart(feiEntryFile('2026_CI_0139', athletes, 0), 'entries.xml');
    const res = await server().app.inject({
      method: 'POST',
      url: '/api/v1/venue/1/uploadFeiParticipations/',
      headers: { ...(await server().auth('organizer')), ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ file: ['too_big'] });
  });

  it('refuses an FEI file past its size as it streams in, and keeps nothing of it', async () => {
    const imports = async () =>
      rowsOf<{ n: number }>(await db().execute(sql`SELECT count(*)::int AS n FROM fei_imports`))[0]!.n;
    const before = await imports();
    const send = async (content: Buffer) => {
      const form = multipart(content, 'entries.xml');
      const res = await server().app.inject({
        method: 'POST',
        url: '/api/v1/venue/1/uploadFeiParticipations/',
        headers: { ...(await server().auth('organizer')), ...form.headers },
        payload: form.payload,
      });
      return { status: res.statusCode, fields: res.json<{ fields?: unknown }>().fields };
    };
    expect(await send(feiEntryFile('2026_CI_0139', 10, MAX_FEI_FILE_BYTES + 1024))).toEqual({
      status: 400,
      fields: { file: ['too_big'] },
    });
    expect(await send(Buffer.alloc(0))).toEqual({ status: 400, fields: { file: ['empty_file'] } });
    expect(await imports()).toBe(before);
  });
});
