import { sql } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/client';
import { rowsOf } from '../../server/src/db/rows';
import type { FeiResultList } from '../../src/shared/schemas/fei';
import { rank } from '../../src/shared/sport/ranking';
import { useSeededServer } from './helpers/use-server';
import { prize } from './payouts-fixtures';

/**
 * A venue with one event and riders, horses and head numbers; competitions and their results are
 * written straight into the tables (results and rankings are another part's pages).
 */
async function seedResults(db: Db) {
  const one = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(q))[0]!;
  const category = await one<{ id: number }>(
    sql`INSERT INTO event_categories (code, name) VALUES ('CSI2*', 'International jumping 2*') RETURNING id`,
  );
  const vec = await one<{
    id: number;
  }>(sql`INSERT INTO venue_event_categories (venue_id, event_category_id, name, fei_id)
    VALUES (1, ${category.id}, 'CSI2* Lipica', '2026_CI_0139_S_S_01') RETURNING id`);
  const riders: { id: number; vp: number; horse: number; fei: string }[] = [];
  const people = [
    // Nationalities as people keep them (ISO 3166); the XML writes the FEI's codes.
    ['10234567', 'Maja', 'NOVAK', 'SI', '105IG70', 'CARDENIO Z', 12],
    ['10198765', 'Lukas', 'HUBER', 'AT', '106AB12', 'LADY LUCK', 7],
    ['10277001', 'Zofia', 'WÓJCIK', 'PL', '107CD34', 'BURSZTYN', 31],
    ['10150333', 'Giulia', 'ROSSI', 'IT', '105XY09', 'VENTO DEL SUD', 44],
    ['10000005', 'Emil', 'LARSEN', 'DK', '108EE05', 'ECHO', 5],
  ] as const;
  for (const [fei, first, last, noc, horseFei, horseName, head] of people) {
    const rider = await one<{ id: number }>(sql`INSERT INTO riders (fei_id, first_name, last_name, nationality)
      VALUES (${fei}, ${first}, ${last}, ${noc}) RETURNING id`);
    const horse = await one<{ id: number }>(
      sql`INSERT INTO horses (fei_id, name) VALUES (${horseFei}, ${horseName}) RETURNING id`,
    );
    const vp = await one<{ id: number }>(sql`INSERT INTO venue_participations (venue_id, rider_id, payer_type, payer_id)
      VALUES (1, ${rider.id}, 'rider', ${rider.id}) RETURNING id`);
    await db.execute(sql`INSERT INTO participation_horses (venue_participation_id, venue_id, horse_id, head_number)
      VALUES (${vp.id}, 1, ${horse.id}, ${head})`);
    riders.push({ id: rider.id, vp: vp.id, horse: horse.id, fei });
  }
  /** A competition with an FEI id and the rule text "Table A, 238.2.2" unless told otherwise. */
  const competition = async (
    number: string,
    rule: string,
    published: boolean,
    fields: { feiId?: string | null; ruleText?: string | null } = {},
  ) =>
    (
      await one<{
        id: number;
      }>(sql`INSERT INTO competitions (vec_id, number, name, ranking_rule, rule, fei_id, prize_money_minor,
        prize_chart_minor, published_at, starts_at)
      VALUES (${vec.id}, ${number}, ${`Competition ${number}`}, ${rule},
        ${fields.ruleText === undefined ? 'Table A, 238.2.2' : fields.ruleText},
        ${fields.feiId === undefined ? `2026_CI_0139_S_S_01_0${number}` : fields.feiId}, 500000,
        '{200000,150000,100000,50000}', ${published ? sql`now()` : sql`NULL`}, '2026-06-11T09:00:00Z') RETURNING id`)
    ).id;
  return { vec: vec.id, riders, competition };
}

const { server, f, db, call } = useSeededServer(seedResults);

interface Result {
  status: string;
  round?: [faults: number, timeFaults: number, ms: number];
  jumpOff?: [faults: number, timeFaults: number, ms: number];
}

async function enter(competition: number, results: Result[]): Promise<number[]> {
  const ids: number[] = [];
  for (const [i, r] of results.entries()) {
    const rider = f.riders[i]!;
    const [row] = rowsOf<{ id: number }>(
      await db()
        .execute(sql`INSERT INTO competition_entries (competition_id, venue_participation_id, rider_id, horse_id,
        start_order, result_status, round_faults, round_time_faults, round_time_ms, jump_off_faults, jump_off_time_faults, jump_off_time_ms)
        VALUES (${competition}, ${rider.vp}, ${rider.id}, ${rider.horse}, ${i + 1}, ${r.status},
          ${r.round?.[0] ?? null}, ${r.round?.[1] ?? null}, ${r.round?.[2] ?? null},
          ${r.jumpOff?.[0] ?? null}, ${r.jumpOff?.[1] ?? null}, ${r.jumpOff?.[2] ?? null}) RETURNING id`),
    );
    ids.push(row!.id);
  }
  return ids;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseAttributeValue: false,
  isArray: (name) => ['Event', 'Competition', 'Starter', 'Round'].includes(name),
});

describe('FEI results XML', () => {
  it('writes the published competitions ranked by their rule, and reads back as the ranking', async () => {
    const jumpOff = await f.competition('1', 'table_a_jump_off', true);
    const results: Result[] = [
      { status: 'R', round: [0, 0, 71_230], jumpOff: [4, 0, 38_100] },
      { status: 'R', round: [0, 0, 69_990], jumpOff: [0, 0, 40_550] },
      { status: 'R', round: [4, 1, 72_000] },
      { status: 'EL' },
      { status: 'R', round: [4, 1, 72_000] },
    ];
    const ids = await enter(jumpOff, results);
    const hidden = await f.competition('2', 'table_a', false);
    await enter(hidden, [{ status: 'R', round: [0, 0, 60_000] }]);

    // Paid so far (a credit and a part taken back): the XML does not report this, but what each
    // athlete won by the published ranking.
    const auth = await server().auth('organizer');
    const paid = async (entry: number, rider: number, amount: number) => {
      const tx = await prize(server().app, auth, 'rider', rider, Math.abs(amount));
      await db()
        .execute(sql`INSERT INTO prize_postings (competition_id, entry_id, party_type, party_id, amount_minor, transaction_id)
        VALUES (${jumpOff}, ${entry}, 'rider', ${rider}, ${amount}, ${tx.id})`);
    };
    await paid(ids[1]!, f.riders[1]!.id, 200_000);
    await paid(ids[0]!, f.riders[0]!.id, 150_000);
    await paid(ids[0]!, f.riders[0]!.id, -25_000);

    const list = await call('organizer', 'GET', '/api/v1/venue/1/feiResults/');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<FeiResultList>()).toMatchObject({
      show: '2026_CI_0139',
      results: [
        {
          id: jumpOff,
          number: '1',
          starters: 5,
          ranked: 4,
          event_fei_id: '2026_CI_0139_S_S_01',
          rule: '238.2.2',
          problems: [],
        },
      ],
    });

    const res = await call('organizer', 'GET', '/api/v1/venue/1/generateXMLresults/');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="results-2026_CI_0139.xml"');

    const doc = parser.parse(res.body);
    const root = doc.HorseSport;
    expect(root['@xmlns']).toBe('http://www.fei.org/Result');
    expect(root.Generated['@Software']).toBe('Paddock');
    expect(root.Issuer['@Name']).toBeTruthy();
    expect(root.ShowResults.Show['@FEIID']).toBe('2026_CI_0139');
    expect(root.ShowResults.Event).toHaveLength(1);
    const event = root.ShowResults.Event[0];
    expect(event['@FEIID']).toBe('2026_CI_0139_S_S_01');
    // Only the published competition.
    expect(event.Competition.map((c: Record<string, string>) => c['@No'])).toEqual(['1']);
    // The competition's FEI id and the FEI rule code read from its rule text.
    expect(event.Competition[0]['@FEIID']).toBe('2026_CI_0139_S_S_01_01');
    expect(event.Competition[0]['@Rule']).toBe('238.2.2');
    const starters = event.Competition[0].Starter as Record<string, Record<string, string>>[];

    // The ranking by the same rule over the same results.
    const expected = rank(
      'table_a_jump_off',
      results.map((r, i) => ({
        id: ids[i]!,
        status: r.status as 'R',
        round: r.round ? { faults: r.round[0], timeFaults: r.round[1], timeMs: r.round[2] } : null,
        jumpOff: r.jumpOff ? { faults: r.jumpOff[0], timeFaults: r.jumpOff[1], timeMs: r.jumpOff[2] } : null,
      })),
    );
    const heads = new Map(ids.map((id, i) => [id, [12, 7, 31, 44, 5][i]!]));
    const feiIds = new Map(ids.map((id, i) => [id, f.riders[i]!.fei]));
    expect(
      starters.map((s) => [
        s.Athlete!['@FEIID'],
        s.Horse!['@HeadNumber'],
        s.Position!['@Status'],
        s.Position!['@Rank'],
      ]),
    ).toEqual(
      expected.map((r) => [
        feiIds.get(r.id),
        String(heads.get(r.id)),
        r.status,
        r.rank === null ? undefined : String(r.rank),
      ]),
    );
    // Lukas (clear jump-off) 1st, Maja 2nd, the two with 5 penalties in the round share 3rd, Giulia eliminated without rank.
    expect(starters.map((s) => s.Position!['@Rank'])).toEqual(['1', '2', '3', '3', undefined]);
    expect(starters[4]!.Position).toEqual({ '@Status': 'EL' });

    const lukas = starters[0] as unknown as { Round: Record<string, string>[]; PrizeMoney: Record<string, string> };
    expect(lukas.Round).toEqual([
      {
        '@No': '1',
        '@Type': 'Round',
        '@ObstaclePenalties': '0',
        '@TimePenalties': '0',
        '@Penalties': '0',
        '@Time': '69.99',
      },
      {
        '@No': '2',
        '@Type': 'JumpOff',
        '@ObstaclePenalties': '0',
        '@TimePenalties': '0',
        '@Penalties': '0',
        '@Time': '40.55',
      },
    ]);
    expect(lukas.PrizeMoney).toEqual({ '@Value': '2000.00', '@Currency': 'EUR' });
    expect(starters[0]!.Athlete!['@CompetingFor']).toBe('AUT');
    const maja = starters[1] as unknown as {
      Athlete: Record<string, string>;
      Horse: Record<string, string>;
      PrizeMoney: Record<string, string>;
    };
    expect(maja.Horse).toEqual({ '@FEIID': '105IG70', '@Name': 'CARDENIO Z', '@HeadNumber': '12' });
    expect(maja.Athlete['@CompetingFor']).toBe('SLO');
    // Second place of the chart, though only 1250.00 of it was paid so far.
    expect(maja.PrizeMoney['@Value']).toBe('1500.00');
    const third = starters[2] as unknown as { Round: Record<string, string>[] };
    expect(third.Round[0]).toMatchObject({ '@ObstaclePenalties': '4', '@TimePenalties': '1', '@Penalties': '5' });
    // Tied third: places 3 and 4 (1000.00 + 500.00) shared.
    expect(starters[2]!.PrizeMoney!['@Value']).toBe('750.00');
    expect(starters[3]!.PrizeMoney!['@Value']).toBe('750.00');
    expect(starters[4]!.PrizeMoney!['@Value']).toBe('0.00');
  });

  it('writes no file the FEI would refuse: a competition without FEI id or FEI rule code is named instead', async () => {
    const ok = await f.competition('1', 'table_a', true);
    const noId = await f.competition('2', 'table_a', true, { feiId: null });
    const noRule = await f.competition('3', 'table_c', true, { ruleText: 'Speed' });
    for (const c of [ok, noId, noRule]) await enter(c, [{ status: 'R', round: [0, 0, 60_000] }]);
    const list = (await call('organizer', 'GET', '/api/v1/venue/1/feiResults/')).json<FeiResultList>();
    expect(list.results.map((r) => [r.number, r.rule, r.problems])).toEqual([
      ['1', '238.2.2', []],
      ['2', '238.2.2', ['no_fei_id']],
      ['3', null, ['no_fei_rule']],
    ]);
    const res = await call('organizer', 'GET', '/api/v1/venue/1/generateXMLresults/');
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ error: 'fei_results_incomplete', params: { competitions: '2, 3' } });
    // With both set, the file is written.
    await db().execute(sql`UPDATE competitions SET fei_id = 'X_02' WHERE id = ${noId}`);
    await db().execute(sql`UPDATE competitions SET rule = 'Table C, 239' WHERE id = ${noRule}`);
    expect((await call('organizer', 'GET', '/api/v1/venue/1/generateXMLresults/')).statusCode).toBe(200);
  });

  it('writes a jump-off not completed with its status, times in hundredths and dressage to three decimals', async () => {
    const c = await f.competition('1', 'table_a_jump_off', true);
    const [, eliminated] = (await enter(c, [
      { status: 'R', round: [0, 0, 70_000], jumpOff: [4, 0, 40_000] },
      { status: 'R', round: [0, 0, 69_000] },
      { status: 'R', round: [4, 0, 63_459] },
    ])) as [number, number, number];
    await db().execute(sql`UPDATE competition_entries SET jump_off_status = 'EL' WHERE id = ${eliminated}`);
    const dressage = await f.competition('2', 'dressage', true, { ruleText: 'FEI Grand Prix' });
    const [scored] = (await enter(dressage, [{ status: 'R' }])) as [number];
    await db().execute(sql`UPDATE competition_entries SET score_thousandths = 71235 WHERE id = ${scored}`);

    const res = await call('organizer', 'GET', '/api/v1/venue/1/generateXMLresults/');
    expect(res.statusCode, res.body).toBe(200);
    const [jumping, dressageXml] = parser.parse(res.body).HorseSport.ShowResults.Event[0].Competition as {
      '@Rule': string;
      Starter: { Position: Record<string, string>; Round?: Record<string, string>[]; Score?: Record<string, string> }[];
    }[];
    // Art. 245: after the one who completed the jump-off, before the one who did not reach it.
    expect(jumping!.Starter.map((s) => s.Position['@Rank'])).toEqual(['1', '2', '3']);
    expect(jumping!.Starter[1]!.Round![1]).toEqual({ '@No': '2', '@Type': 'JumpOff', '@Status': 'EL' });
    expect(jumping!.Starter[2]!.Round![0]!['@Time']).toBe('63.45');
    expect(dressageXml!['@Rule']).toBe('FEI Grand Prix');
    expect(dressageXml!.Starter[0]!.Score).toEqual({ '@Percentage': '71.235' });
  });

  it('holds nothing while no competition is published; only the show office may ask', async () => {
    await enter(await f.competition('1', 'table_a', false), [{ status: 'R', round: [0, 0, 60_000] }]);
    const res = await call('organizer', 'GET', '/api/v1/venue/1/generateXMLresults/');
    const doc = parser.parse(res.body);
    expect(doc.HorseSport.ShowResults.Event ?? []).toEqual([]);
    expect((await call('rider', 'GET', '/api/v1/venue/1/generateXMLresults/')).statusCode).toBe(403);
    expect((await call('stable', 'GET', '/api/v1/venue/1/generateXMLresults/')).statusCode).toBe(403);
    expect((await call('admin', 'GET', '/api/v1/venue/99/generateXMLresults/')).statusCode).toBe(404);
  });
});
