import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { DISCIPLINES } from '@shared/schemas/configuration';
import {
  MAX_SEED,
  type EntryCandidate,
  type EntryInput,
  type FromEventResult,
  type StartList,
  type StartListCompetition,
  type StartListEntry,
  type StartlistOverview,
} from '@shared/schemas/startlists';
import { drawStartList } from '@shared/sport/draw';
import { feiNationOf } from '@shared/sport/nations';
import { AppError, fieldError } from '../../app-error';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { competitions } from '../../db/schema';
import { idempotent, type IdempotencyClaim, type Outcome } from '../../http/idempotency';
import { sessionOf } from '../../http/session';
import type { RequestUser } from '../../types';
import { reverseSystemEntries } from '../ledger/system-postings';
import type { EntrySpec } from '../ledger/entry';
import { postManyToRiders } from '../ledger/post-many';
import { postOnce } from '../ledger/system-entry';
import { assertKnownVenueAccess, assertVenueAccess } from '../venue/venue-access';
import {
  candidatesOf,
  closeGap,
  competitionOf,
  entriesOf,
  entryCompetition,
  entryOf,
  findEntry,
  insertEntry,
  isHorseOf,
  nextOrder,
  overviewOf,
  setOrder,
  insertEventEntries,
  unenteredOfEvent,
  updateEntry,
  vecParticipationFor,
  vecParticipationOf,
  venueParticipationOf,
  type CompetitionInfo,
  type EntryRow,
} from './startlists.repo';

type Discipline = (typeof DISCIPLINES)[number];

const iso = (value: Date | string | null | undefined): string | null =>
  value == null ? null : new Date(value).toISOString();

/** The reference of an entry's fee in the ledger: posted once per entry. */
export const entryFeeRef = (entryId: number) => `entry_fee:${entryId}`;

/** The ledger entry that charges a competition's entry fee to a rider. */
const feeSpec = (c: CompetitionInfo, riderId: number, occurredAt: Date): EntrySpec => ({
  venueId: c.venueId,
  kind: 'charge',
  partyType: 'rider',
  partyId: riderId,
  consumableId: null,
  vecId: c.vecId,
  category: 'entry_fee',
  description: `Entry fee ${c.number} ${c.name}`.trim(),
  quantity: 1,
  unitPrice: c.entryFeeMinor,
  taxTypeId: null,
  merchantId: null,
  source: 'office',
  deviceId: null,
  occurredAt,
  idempotencyKey: null,
  replacesId: null,
});

export const summaryOf = (c: CompetitionInfo): StartListCompetition => ({
  id: c.id,
  venue: c.venueId,
  vec: c.vecId,
  vec_name: c.vecName,
  number: c.number,
  name: c.name,
  starts_at: iso(c.startsAt),
  arena: c.arena,
  discipline: (DISCIPLINES as readonly string[]).includes(c.discipline) ? (c.discipline as Discipline) : 'other',
  ranking_rule: c.rankingRule,
  height_cm: c.heightCm,
  start_interval_seconds: c.startIntervalSeconds,
  entry_deadline: iso(c.entryDeadline),
  entry_fee: c.entryFeeMinor,
  currency: c.currency,
  time_zone: c.timeZone,
  draw_seed: c.drawSeed,
  drawn_at: iso(c.drawnAt),
  published_at: iso(c.publishedAt),
});

/** starts_at + (order − 1) × interval. */
export function startTimeOf(c: CompetitionInfo, order: number | null): string | null {
  if (!c.startsAt || order === null) return null;
  return new Date(c.startsAt.getTime() + (order - 1) * c.startIntervalSeconds * 1000).toISOString();
}

export const entryOfRow = (c: CompetitionInfo, row: EntryRow): StartListEntry => {
  const en = row.entry;
  return {
    id: en.id,
    competition: en.competitionId,
    start_order: en.status === 'entered' ? en.startOrder : null,
    start_time: en.status === 'entered' ? startTimeOf(c, en.startOrder) : null,
    rider: {
      id: en.riderId,
      name: `${row.riderFirst} ${row.riderLast}`.trim(),
      // Start lists name nations as the FEI does (GER, SUI); people keep ISO 3166 (DE, CH).
      nationality: feiNationOf(row.nationality) ?? row.nationality,
    },
    horse: { id: en.horseId, name: row.horseName, fei_id: row.horseFei },
    head_number: row.headNumber,
    status: en.status,
    late: en.late,
    entry_fee: en.entryFeeMinor,
    fee_transaction: en.feeTransactionId,
    fee_reversal: en.feeReversalId,
    has_result: en.resultStatus !== null,
    vec_participation: en.vecParticipationId,
    venue_participation: en.venueParticipationId,
    withdrawn_at: iso(en.withdrawnAt),
  };
};

/** Entries and start lists: entries with their fee, withdrawals, the draw, the order. */
export function createStartlistService(ctx: AppContext) {
  const { db } = ctx;

  /** The competition for the office of its venue: 404 for an unknown one, then 403. */
  async function accessCompetition(user: RequestUser, id: number, conn: Db = db, lock = false) {
    const c = await competitionOf(conn, id, { lock });
    if (!c) throw new AppError('not_found');
    assertVenueAccess(user, c.venueId, { office: true });
    return c;
  }

  async function listOf(conn: Db, c: CompetitionInfo): Promise<StartList> {
    const rows = await entriesOf(conn, c.id);
    return { competition: summaryOf(c), entries: rows.map((row) => entryOfRow(c, row)) };
  }

  async function entryView(conn: Db, c: CompetitionInfo, id: number): Promise<StartListEntry> {
    const row = (await entriesOf(conn, c.id)).find((r) => r.entry.id === id);
    if (!row) throw new AppError('not_found');
    return entryOfRow(c, row);
  }

  const published = (c: CompetitionInfo) =>
    ctx.live.publish({ venueId: c.venueId, competitionId: c.id, kind: 'startlist' });

  /** Enters rider + horse: the row, its place, and its fee posted once (ledger reference entry_fee:<id>). */
  async function enter(
    tx: Db,
    request: FastifyRequest,
    c: CompetitionInfo,
    found: { venueParticipationId: number; vecParticipationId: number | null; riderId: number; horseId: number },
  ): Promise<number> {
    const user = sessionOf(request);
    const existing = await findEntry(tx, c.id, found.riderId, found.horseId);
    if (existing) throw fieldError('horse', existing.status === 'withdrawn' ? 'entry_withdrawn' : 'already_entered');
    const order = await nextOrder(tx, c.id);
    const id = await insertEntry(tx, {
      competitionId: c.id,
      venueParticipationId: found.venueParticipationId,
      vecParticipationId: found.vecParticipationId,
      riderId: found.riderId,
      horseId: found.horseId,
      startOrder: order,
      late: c.drawnAt !== null,
      entryFeeMinor: c.entryFeeMinor,
    });
    let feeTransactionId: number | null = null;
    if (c.entryFeeMinor > 0) {
      const posted = await postOnce(tx, request, user, feeSpec(c, found.riderId, new Date()), entryFeeRef(id), {
        action: 'competition_entry.fee',
        details: { entry: id, competition: c.id },
      });
      feeTransactionId = posted.id;
      await updateEntry(tx, id, { feeTransactionId });
    }
    await ctx.audit.record(
      request,
      {
        action: 'competition_entry.create',
        details: { id, competition: c.id, rider: found.riderId, horse: found.horseId, fee: feeTransactionId },
      },
      tx,
    );
    return id;
  }

  return {
    async overview(user: RequestUser, venueId: number): Promise<StartlistOverview> {
      await assertKnownVenueAccess(db, user, venueId, { office: true });
      const rows = await overviewOf(db, venueId);
      const events = new Map<number, StartlistOverview['events'][number]>();
      for (const row of rows) {
        let event = events.get(row.vec_id);
        if (!event) {
          event = { id: row.vec_id, name: row.vec_name, competitions: [] };
          events.set(row.vec_id, event);
        }
        if (row.id === null) continue;
        event.competitions.push({
          id: row.id,
          number: row.number ?? '',
          name: row.name ?? '',
          starts_at: iso(row.starts_at),
          arena: row.arena,
          entries: Number(row.entries),
          withdrawn: Number(row.withdrawn),
          drawn_at: iso(row.drawn_at),
        });
      }
      return { venue: venueId, events: [...events.values()] };
    },

    async startList(user: RequestUser, id: number): Promise<StartList> {
      const c = await accessCompetition(user, id);
      return listOf(db, c);
    },

    /** The list and competition for the PDF. */
    async printable(user: RequestUser, id: number) {
      const c = await accessCompetition(user, id);
      return { competition: c, list: await listOf(db, c) };
    },

    async candidates(user: RequestUser, id: number): Promise<EntryCandidate[]> {
      const c = await accessCompetition(user, id);
      const rows = await candidatesOf(db, c.id, c.venueId, c.vecId);
      return rows.map((r) => ({
        venue_participation: Number(r.venue_participation),
        vec_participation: r.vec_participation === null ? null : Number(r.vec_participation),
        rider: { id: Number(r.rider_id), name: r.rider_name },
        horse: { id: Number(r.horse_id), name: r.horse_name },
        head_number: r.head_number === null ? null : Number(r.head_number),
      }));
    },

    /** One entry: from a VEC participation, or a rider's venue participation and one of their horses there. */
    async addEntry(
      request: FastifyRequest,
      id: number,
      input: EntryInput,
      claim: IdempotencyClaim | null,
    ): Promise<Outcome<StartListEntry>> {
      const user = sessionOf(request);
      let venueId = 0;
      const outcome = await idempotent(db, claim, async (tx) => {
        const c = await accessCompetition(user, id, tx, true);
        venueId = c.venueId;
        let found: {
          venueParticipationId: number;
          vecParticipationId: number | null;
          riderId: number;
          horseId: number;
        };
        if (input.vec_participation !== undefined) {
          const vp = await vecParticipationOf(tx, input.vec_participation);
          if (!vp) throw fieldError('vec_participation', 'does_not_exist');
          if (vp.venueId !== c.venueId) throw fieldError('vec_participation', 'not_at_venue');
          if (vp.vecId !== c.vecId || vp.horseId === null) throw fieldError('vec_participation', 'invalid');
          found = {
            venueParticipationId: vp.venueParticipationId,
            vecParticipationId: vp.id,
            riderId: vp.riderId,
            horseId: vp.horseId,
          };
        } else {
          const p = await venueParticipationOf(tx, input.venue_participation!);
          if (!p) throw fieldError('venue_participation', 'does_not_exist');
          if (p.venueId !== c.venueId) throw fieldError('venue_participation', 'not_at_venue');
          if (!(await isHorseOf(tx, p.id, input.horse!))) throw fieldError('horse', 'not_at_venue');
          found = {
            venueParticipationId: p.id,
            vecParticipationId: await vecParticipationFor(tx, c.vecId, p.id, input.horse!),
            riderId: p.riderId,
            horseId: input.horse!,
          };
        }
        const entryId = await enter(tx, request, c, found);
        return { status: 201, body: await entryView(tx, c, entryId) };
      });
      if (!outcome.replayed) ctx.live.publish({ venueId, competitionId: id, kind: 'startlist' });
      return outcome;
    },

    /** Enters every VEC participation (rider + horse) of the competition's event not entered yet. */
    async enterFromEvent(
      request: FastifyRequest,
      id: number,
      claim: IdempotencyClaim | null,
    ): Promise<Outcome<FromEventResult>> {
      const user = sessionOf(request);
      let venueId = 0;
      const outcome = await idempotent(db, claim, async (tx) => {
        const c = await accessCompetition(user, id, tx, true);
        venueId = c.venueId;
        // Set-based: the candidates with their ids in one statement, the fees posted together
        // (postManyToRiders), the entries in one INSERT … SELECT — a loop of single entries took a
        // minute for 2,000 starters.
        const rows = await unenteredOfEvent(tx, c.id, c.vecId);
        let feeIds: (number | null)[] = [];
        if (rows.length && c.entryFeeMinor > 0) {
          const now = new Date();
          feeIds = await postManyToRiders(
            tx,
            request,
            user,
            rows.map((row) => feeSpec(c, row.riderId, now)),
            rows.map((row) => entryFeeRef(row.id)),
            { action: 'competition_entry.fee', details: { competition: c.id, entries: rows.length } },
          );
        }
        await insertEventEntries(tx, c, rows, feeIds);
        if (rows.length)
          await ctx.audit.record(
            request,
            {
              action: 'competition_entry.create',
              details: { competition: c.id, from_event: c.vecId, entries: rows.map((row) => row.id) },
            },
            tx,
          );
        return { status: 200, body: { created: rows.length, list: await listOf(tx, c) } };
      });
      if (!outcome.replayed && outcome.body.created > 0)
        ctx.live.publish({ venueId, competitionId: id, kind: 'startlist' });
      return outcome;
    },

    /**
     * A withdrawal: the entry leaves the order (the rest close up); its fee is reversed when it
     * comes before the entry deadline (or, without one, before the competition starts), else it
     * stays charged. Withdrawing again changes nothing; a starter with a result cannot withdraw.
     */
    async withdraw(
      request: FastifyRequest,
      entryId: number,
      claim: IdempotencyClaim | null,
    ): Promise<Outcome<StartListEntry>> {
      const user = sessionOf(request);
      const competitionId = await entryCompetition(db, entryId);
      if (competitionId === undefined) throw new AppError('not_found');
      let changed = false;
      let venueId = 0;
      const outcome = await idempotent(db, claim, async (tx) => {
        const c = await accessCompetition(user, competitionId, tx, true);
        venueId = c.venueId;
        const entry = await entryOf(tx, entryId, { lock: true });
        if (!entry) throw new AppError('not_found');
        if (entry.status === 'withdrawn') return { status: 200, body: await entryView(tx, c, entryId) };
        if (entry.resultStatus !== null) throw fieldError('__all__', 'has_results');
        const now = new Date();
        const until = c.entryDeadline ?? c.startsAt;
        const refund = until === null || now < until;
        let feeReversalId: number | null = null;
        if (refund && entry.feeTransactionId !== null) {
          const reversals = await reverseSystemEntries(tx, request, user, c.venueId, [entry.feeTransactionId], {
            action: 'competition_entry.fee_reversal',
            details: { entry: entryId, competition: c.id },
          });
          feeReversalId = reversals.get(entry.feeTransactionId) ?? null;
        }
        await updateEntry(tx, entryId, { status: 'withdrawn', startOrder: null, withdrawnAt: now, feeReversalId });
        if (entry.startOrder !== null) await closeGap(tx, c.id, entry.startOrder);
        await ctx.audit.record(
          request,
          { action: 'competition_entry.withdraw', details: { id: entryId, competition: c.id, refund: feeReversalId } },
          tx,
        );
        changed = true;
        return { status: 200, body: await entryView(tx, c, entryId) };
      });
      if (changed) ctx.live.publish({ venueId, competitionId, kind: 'startlist' });
      return outcome;
    },

    /** The draw: a seeded shuffle of the entered starters with one rider's horses kept apart. */
    async draw(
      request: FastifyRequest,
      id: number,
      input: { seed?: number; gap: number },
      claim: IdempotencyClaim | null,
    ): Promise<Outcome<StartList>> {
      const user = sessionOf(request);
      let c0: CompetitionInfo | undefined;
      const outcome = await idempotent(db, claim, async (tx) => {
        const c = await accessCompetition(user, id, tx, true);
        const rows = await entriesOf(tx, c.id);
        if (rows.some((r) => r.entry.resultStatus !== null)) throw fieldError('__all__', 'has_results');
        const entered = rows
          .filter((r) => r.entry.status === 'entered')
          .map((r) => ({ id: r.entry.id, riderId: r.entry.riderId }))
          .sort((a, b) => a.id - b.id);
        const seed = input.seed ?? randomInt(0, MAX_SEED);
        const drawn = drawStartList(entered, seed, input.gap);
        await setOrder(tx, c.id, drawn.order, true);
        const drawnAt = new Date();
        await tx
          .update(competitions)
          .set({ drawSeed: seed, drawnAt, updatedAt: drawnAt })
          .where(eq(competitions.id, c.id));
        await ctx.audit.record(
          request,
          { action: 'competition.draw', details: { id: c.id, seed, gap: input.gap, entries: entered.length } },
          tx,
        );
        const fresh = { ...c, drawSeed: seed, drawnAt };
        c0 = fresh;
        return { status: 200, body: { ...(await listOf(tx, fresh)), conflicts: drawn.conflicts } };
      });
      if (c0) published(c0);
      return outcome;
    },

    /**
     * A new order by hand: exactly the entered entries, each once; a starter with a result keeps
     * their place (`has_results`), the others may move around them.
     */
    async reorder(request: FastifyRequest, id: number, ids: readonly number[]): Promise<StartList> {
      const user = sessionOf(request);
      let c0: CompetitionInfo | undefined;
      const list = await db.transaction(async (tx) => {
        const c = await accessCompetition(user, id, tx, true);
        const rows = (await entriesOf(tx, c.id)).filter((r) => r.entry.status === 'entered');
        if (new Set(ids).size !== ids.length) throw fieldError('entries', 'duplicate');
        const byId = new Map(rows.map((r) => [r.entry.id, r.entry]));
        if (ids.some((entryId) => !byId.has(entryId))) throw fieldError('entries', 'not_on_start_list');
        if (ids.length !== rows.length) throw fieldError('entries', 'invalid');
        // A starter who has a result stays where they started (their place was their time of go).
        const moved = ids.some((entryId, i) => {
          const entry = byId.get(entryId)!;
          return entry.resultStatus !== null && entry.startOrder !== i + 1;
        });
        if (moved) throw fieldError('entries', 'has_results');
        await setOrder(tx, c.id, ids);
        await ctx.audit.record(request, { action: 'competition.reorder', details: { id: c.id, entries: ids } }, tx);
        c0 = c;
        return listOf(tx, c);
      });
      if (c0) published(c0);
      return list;
    },
  };
}
