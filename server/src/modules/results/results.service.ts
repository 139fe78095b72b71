import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { PartyType } from '@shared/ledger';
import {
  resultProblems,
  type PrizePayment,
  type Ranking,
  type RankingRow,
  type RankingSummaryList,
  type ResultInput,
} from '@shared/schemas/results';
import { toHundredthsMs } from '@shared/sport/ranking';
import { AppError, fieldError } from '../../app-error';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { prizePostings } from '../../db/schema';
import { idempotent, type IdempotencyClaim, type Outcome } from '../../http/idempotency';
import { sessionOf } from '../../http/session';
import type { RequestUser } from '../../types';
import { postingLines, totalsOf } from '../ledger/effects';
import { postSystemEntries, settlementValues, type SystemEntry } from '../ledger/system-postings';
import { assertKnownVenueAccess, assertVenueAccess } from '../venue/venue-access';
import { runTask } from '../../workers/pool';
import { chartOf, rankingOf, rowOf } from './ranking-of';
import { sameStartList, startListOf, type StartListEntry } from './results-upload';
import {
  entriesOf,
  findCompetition,
  findEntry,
  lockEntry,
  paidByParty,
  postingCounts,
  venueCompetitions,
  type CompetitionRow,
  type EntryRow,
} from './results.repo';

/** The columns of a result, from its input (null clears a part). */
function resultColumns(input: ResultInput | null) {
  const round = input?.round ?? null;
  const jumpOff = input?.jump_off ?? null;
  return {
    // Kept in hundredths as FEI timing counts them (toHundredthsMs): the ranking, the pages and
    // the results XML all read the same time.

    result_status: input?.status ?? null,
    round_faults: round?.faults ?? null,
    round_time_faults: round ? (round.time_faults ?? 0) : null,
    round_time_ms: round ? toHundredthsMs(round.time_ms) : null,
    round_knock_downs: round?.knock_downs ?? null,
    jump_off_faults: jumpOff?.faults ?? null,
    jump_off_time_faults: jumpOff ? (jumpOff.time_faults ?? 0) : null,
    jump_off_time_ms: jumpOff ? toHundredthsMs(jumpOff.time_ms) : null,
    jump_off_knock_downs: jumpOff?.knock_downs ?? null,
    jump_off_status: input?.status === 'R' ? (input.jump_off_status ?? null) : null,
    score_thousandths: input?.score_thousandths ?? null,
  };
}

/**
 * Writes results in one statement (json_to_recordset): each entry's result columns, when and by
 * whom. `input` null clears the result.
 */
async function writeResults(tx: Db, userId: number, results: { entry: number; input: ResultInput | null }[]) {
  if (!results.length) return;
  const records = results.map((r) => ({ id: r.entry, ...resultColumns(r.input) }));
  // The records parsed once (MATERIALIZED), then joined by id: the JSON is not read again per row.
  await tx.execute(sql`WITH x AS MATERIALIZED (
      SELECT * FROM json_to_recordset(${JSON.stringify(records)}::json) AS r(
        id int, result_status text, round_faults int, round_time_faults int, round_time_ms int, round_knock_downs int,
        jump_off_faults int, jump_off_time_faults int, jump_off_time_ms int, jump_off_knock_downs int, jump_off_status text,
        score_thousandths int))
    UPDATE competition_entries e SET
      result_status = x.result_status,
      round_faults = x.round_faults, round_time_faults = x.round_time_faults,
      round_time_ms = x.round_time_ms, round_knock_downs = x.round_knock_downs,
      jump_off_faults = x.jump_off_faults, jump_off_time_faults = x.jump_off_time_faults,
      jump_off_time_ms = x.jump_off_time_ms, jump_off_knock_downs = x.jump_off_knock_downs,
      jump_off_status = x.jump_off_status,
      score_thousandths = x.score_thousandths,
      result_at = CASE WHEN x.result_status IS NULL THEN NULL ELSE now() END,
      result_by = CASE WHEN x.result_status IS NULL THEN NULL ELSE ${userId}::int END,
      updated_at = now()
    FROM x WHERE e.id = x.id`);
}

const partyKeyOf = (type: string, id: number) => `${type}:${id}`;

interface PrizePlan {
  entry: EntryRow;
  partyType: PartyType;
  partyId: number;
  amount: number;
  rank: number | null;
}

/** Results, rankings, publication, results upload and prize money. */
export function createResultsService(ctx: AppContext) {
  const { db } = ctx;

  /** The competition for the office of its venue: 404 for an unknown one, then 403. */
  async function accessCompetition(user: RequestUser, id: number, conn: Db = db): Promise<CompetitionRow> {
    const competition = await findCompetition(conn, id);
    if (!competition) throw new AppError('not_found');
    assertVenueAccess(user, competition.venueId, { office: true });
    return competition;
  }

  async function rankingBody(conn: Db, competition: CompetitionRow): Promise<Ranking> {
    return rankingOf(competition, await entriesOf(conn, competition.id)).body;
  }

  /** The row of one entry as the competition's ranking shows it now. */
  async function rowIn(conn: Db, competition: CompetitionRow, entryId: number): Promise<RankingRow> {
    const body = await rankingBody(conn, competition);
    const row = body.rows.find((r) => r.entry === entryId);
    if (row) return row;
    return rowOf((await findEntry(conn, entryId))!, null, 0);
  }

  /** The entry, locked, and its competition, for the office of the venue; a withdrawn entry takes no result. */
  async function lockedEntry(tx: Db, user: RequestUser, entryId: number) {
    const locked = await lockEntry(tx, entryId);
    if (!locked) throw new AppError('not_found');
    const competition = await accessCompetition(user, locked.competitionId, tx);
    return { locked, competition };
  }

  async function planPrizes(tx: Db, competition: CompetitionRow): Promise<PrizePlan[]> {
    const entries = await entriesOf(tx, competition.id);
    const { prizes, body } = rankingOf(competition, entries);
    const rankOf = new Map(body.rows.map((r) => [r.entry, r.rank]));
    const paid = await paidByParty(tx, competition.id);
    const plans: PrizePlan[] = [];
    for (const entry of entries) {
      const target = prizes.get(entry.id) ?? 0;
      const payer = partyKeyOf(entry.payerType, entry.payerId);
      const byParty = paid.get(entry.id) ?? new Map<string, number>();
      // What another payer got before the participation's payer changed goes back first.
      for (const [key, amount] of byParty) {
        if (key === payer || amount === 0) continue;
        const [type, id] = key.split(':');
        plans.push({ entry, partyType: type as PartyType, partyId: Number(id), amount: -amount, rank: null });
      }
      const difference = target - (byParty.get(payer) ?? 0);
      // Prize money goes to the payer of a start at this show, never to a party of another venue.
      if (difference > 0 && entry.participationVenueId !== competition.venueId)
        throw fieldError('__all__', 'not_at_venue');
      if (difference !== 0)
        plans.push({
          entry,
          partyType: entry.payerType as PartyType,
          partyId: entry.payerId,
          amount: difference,
          rank: rankOf.get(entry.id) ?? null,
        });
    }
    return plans;
  }

  /** The ledger entry of one prize posting: a prize_money credit, or a prize_money charge taking some back. */
  function prizeEntry(
    user: RequestUser,
    competition: CompetitionRow,
    plan: PrizePlan,
    externalRef: string,
    at: Date,
  ): SystemEntry {
    const kind = plan.amount > 0 ? ('credit' as const) : ('charge' as const);
    const amount = Math.abs(plan.amount);
    const title = `${competition.number} ${competition.name}`.trim();
    const description =
      kind === 'credit'
        ? `Prize money ${title}${plan.rank !== null ? `, place ${plan.rank}` : ''}: ${plan.entry.horseName}`
        : `Prize money correction ${title}: ${plan.entry.horseName}`;
    const figures = {
      kind,
      partyType: plan.partyType,
      partyId: plan.partyId,
      merchantId: null,
      category: 'prize_money',
      source: 'system',
      taxRateBp: 0,
      gross: amount,
      net: amount,
      tax: 0,
      fee: 0,
    };
    const base = settlementValues({
      venueId: competition.venueId,
      kind: 'payout',
      partyType: plan.partyType,
      partyId: plan.partyId,
      merchantId: null,
      description,
      amount,
      fee: 0,
      currency: competition.currency,
      pricesIncludeTax: competition.pricesIncludeTax,
      source: 'system',
      userId: user.id,
      impersonatorId: user.impersonatorId,
      occurredAt: at,
    });
    return {
      values: {
        ...base,
        kind,
        category: 'prize_money',
        beneficiaryRiderId: plan.entry.riderId,
        vecId: competition.vecId,
      },
      lines: postingLines(figures),
      totals: totalsOf(figures, 1),
      externalRef,
    };
  }

  return {
    async venueRankings(user: RequestUser, venueId: number): Promise<RankingSummaryList> {
      await assertKnownVenueAccess(db, user, venueId, { office: true });
      const rows = await venueCompetitions(db, venueId);
      return {
        results: rows.map((c) => ({
          id: c.id,
          venue: c.venueId,
          vec: c.vecId,
          vec_name: c.vecName,
          number: c.number,
          name: c.name,
          starts_at: c.startsAt?.toISOString() ?? null,
          ranking_rule: c.rankingRule,
          knock_down_seconds: c.knockDownSeconds,
          currency: c.currency,
          prize_money: c.prizeMoneyMinor,
          prize_chart: chartOf(c),
          published_at: c.publishedAt?.toISOString() ?? null,
          entries: c.entries,
          results: c.results,
          paid_total: c.paid,
        })),
      };
    },

    async ranking(user: RequestUser, competitionId: number): Promise<Ranking> {
      const competition = await accessCompetition(user, competitionId);
      return rankingBody(db, competition);
    },

    /** Saves one starter's result (validated against the competition's rule); audited; live after commit. */
    async saveResult(request: FastifyRequest, entryId: number, input: ResultInput): Promise<RankingRow> {
      const user = sessionOf(request);
      const { row, competition } = await db.transaction(async (tx) => {
        const { locked, competition } = await lockedEntry(tx, user, entryId);
        if (locked.status === 'withdrawn') throw fieldError('__all__', 'entry_withdrawn');
        const problems = resultProblems(competition.rankingRule, input);
        if (Object.keys(problems).length) throw new AppError('validation', { fields: problems });
        await writeResults(tx, user.id, [{ entry: entryId, input }]);
        await ctx.audit.record(
          request,
          {
            action: 'result.save',
            details: { entry: entryId, competition: competition.id, venue: competition.venueId, ...input },
          },
          tx,
        );
        return { row: await rowIn(tx, competition, entryId), competition };
      });
      ctx.live.publish({ venueId: competition.venueId, competitionId: competition.id, kind: 'result', entryId });
      return row;
    },

    async clearResult(request: FastifyRequest, entryId: number): Promise<RankingRow> {
      const user = sessionOf(request);
      const { row, competition } = await db.transaction(async (tx) => {
        const { competition } = await lockedEntry(tx, user, entryId);
        await writeResults(tx, user.id, [{ entry: entryId, input: null }]);
        await ctx.audit.record(
          request,
          {
            action: 'result.clear',
            details: { entry: entryId, competition: competition.id, venue: competition.venueId },
          },
          tx,
        );
        return { row: await rowIn(tx, competition, entryId), competition };
      });
      ctx.live.publish({ venueId: competition.venueId, competitionId: competition.id, kind: 'result', entryId });
      return row;
    },

    /** Publishes the ranking (results public from then) or holds it back. */
    async publish(request: FastifyRequest, competitionId: number, published: boolean): Promise<Ranking> {
      const user = sessionOf(request);
      const competition = await db.transaction(async (tx) => {
        const found = await findCompetition(tx, competitionId, true);
        if (!found) throw new AppError('not_found');
        assertVenueAccess(user, found.venueId, { office: true });
        if (published !== (found.publishedAt !== null)) {
          await tx.execute(sql`UPDATE competitions SET published_at = ${published ? sql`now()` : sql`NULL`},
            updated_at = now() WHERE id = ${competitionId}`);
          await ctx.audit.record(
            request,
            {
              action: published ? 'ranking.publish' : 'ranking.hold',
              details: { competition: competitionId, venue: found.venueId },
            },
            tx,
          );
        }
        return (await findCompetition(tx, competitionId))!;
      });
      ctx.live.publish({ venueId: competition.venueId, competitionId, kind: 'publish' });
      return rankingBody(db, competition);
    },

    /**
     * Pays the competition's prize money, under its row lock and an Idempotency-Key: per entry,
     * the difference between its prize by the latest (published) ranking and what it was paid,
     * posted once (prize:<competition>:<entry>:<n>) with a prize_postings row each.
     */
    async payPrizeMoney(
      request: FastifyRequest,
      competitionId: number,
      claim: IdempotencyClaim,
    ): Promise<Outcome<PrizePayment>> {
      const user = sessionOf(request);
      await accessCompetition(user, competitionId);
      return idempotent(db, claim, async (tx) => {
        const competition = (await findCompetition(tx, competitionId, true))!;
        if (!competition.publishedAt) throw fieldError('__all__', 'not_published');
        const plans = await planPrizes(tx, competition);
        const counts = await postingCounts(tx, competitionId);
        const at = new Date();
        const refs: string[] = [];
        const entries = plans.map((plan) => {
          const n = (counts.get(plan.entry.id) ?? 0) + 1;
          counts.set(plan.entry.id, n);
          const ref = `prize:${competitionId}:${plan.entry.id}:${n}`;
          refs.push(ref);
          return prizeEntry(user, competition, plan, ref, at);
        });
        const amount = plans.reduce((sum, p) => sum + p.amount, 0);
        const { ids } = await postSystemEntries(tx, request, competition.venueId, entries, {
          action: 'prize.pay',
          details: { competition: competitionId, venue: competition.venueId, count: plans.length, amount },
        });
        if (plans.length)
          await tx.insert(prizePostings).values(
            plans.map((plan, i) => ({
              competitionId,
              entryId: plan.entry.id,
              partyType: plan.partyType,
              partyId: plan.partyId,
              amountMinor: plan.amount,
              transactionId: ids.get(refs[i]!)!,
            })),
          );
        return {
          status: 200,
          body: {
            competition: competitionId,
            posted: plans.length,
            amount,
            ranking: await rankingBody(tx, competition),
          },
        };
      });
    },

    /** The venue, for the office (404 before 403), before an upload's body is read. */
    async assertVenue(user: RequestUser, venueId: number): Promise<void> {
      await assertKnownVenueAccess(db, user, venueId, { office: true });
    },

    /**
     * A results file for one competition of the venue: every row with its errors (preview), or
     * (commit) every row saved in one transaction — nothing when any row has an error. Answers
     * the ResultsUpload as JSON text, read, matched and built on a parsing thread.
     */
    async upload(
      request: FastifyRequest,
      venueId: number,
      competitionId: number,
      commit: boolean,
      file: { bytes: Buffer; fileName: string },
    ): Promise<string> {
      const user = sessionOf(request);
      await assertKnownVenueAccess(db, user, venueId, { office: true });
      const found = await findCompetition(db, competitionId);
      if (!found || found.venueId !== venueId) throw fieldError('competition', 'does_not_exist');
      const head = { competition: competitionId, fileName: file.fileName, commit };
      const plan = (startList: StartListEntry[]) =>
        runTask('resultsUpload', { bytes: file.bytes, rule: found.rankingRule, startList, head });
      const startList = startListOf(await entriesOf(db, competitionId));
      let { json, saves } = await plan(startList);
      if (saves.length) {
        await db.transaction(async (tx) => {
          // The start list was read before the file: should it have changed since, the file is
          // matched again to the list as it is now, inside the transaction that saves.
          const now = startListOf(await entriesOf(tx, competitionId));
          if (!sameStartList(now, startList)) ({ json, saves } = await plan(now));
          if (!saves.length) return;
          await writeResults(tx, user.id, saves);
          await ctx.audit.record(
            request,
            {
              action: 'result.upload',
              details: { competition: competitionId, venue: venueId, file: file.fileName, count: saves.length },
            },
            tx,
          );
        });
      }
      // One event for the whole competition (no entry): listeners reload it once, not once per row
      // (500 per-row updates kept the live scores busy for many seconds on one database).
      if (saves.length) ctx.live.publish({ venueId, competitionId, kind: 'result', entryId: null });
      return json;
    },
  };
}

export type ResultsService = ReturnType<typeof createResultsService>;
