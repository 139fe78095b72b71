import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { riderVenueParticipation } from '@shared/schemas/people';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import {
  horses,
  participationHorses,
  vecParticipations,
  venueEventCategories,
  venueParticipations,
  venues,
} from '../../db/schema';
import { partyName } from '../ledger/names';
import { partyBalances, partyKey } from '../participation/party-balances';

type RiderVenueParticipation = z.infer<typeof riderVenueParticipation>;

/**
 * Per venue: the rider's entries posted from outside the show office (source `import`), as the
 * rider owes them: charges, fees and sales count, credits take off; reversed entries and the
 * reversals themselves are left out.
 */
const externalCosts = (riderId: number) => sql`
  SELECT t.venue_id AS venue, COALESCE(sum(CASE WHEN t.kind = 'credit' THEN -t.gross_minor ELSE t.gross_minor END), 0)::bigint AS total
  FROM transactions t
  WHERE t.source = 'import' AND t.kind IN ('charge', 'fee', 'sale', 'credit')
    AND ((t.party_type = 'rider' AND t.party_id = ${riderId}) OR t.beneficiary_rider_id = ${riderId})
    AND NOT EXISTS (SELECT 1 FROM transactions r WHERE r.reversal_of_id = t.id)
  GROUP BY t.venue_id`;

/** Where the rider takes part: payer, horses with head numbers, events, external costs, balance. */
export async function riderVenueParticipations(db: Db, riderId: number): Promise<RiderVenueParticipation[]> {
  const rows = await db
    .select({
      id: venueParticipations.id,
      venue: venues.id,
      venueName: venues.name,
      currency: venues.currency,
      payerType: venueParticipations.payerType,
      payerId: venueParticipations.payerId,
      payerName: partyName(venueParticipations.payerType, venueParticipations.payerId),
    })
    .from(venueParticipations)
    .innerJoin(venues, eq(venues.id, venueParticipations.venueId))
    .where(eq(venueParticipations.riderId, riderId))
    .orderBy(asc(venues.startDate), asc(venues.id));
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const theirHorses = await db
    .select({
      participation: participationHorses.venueParticipationId,
      id: horses.id,
      name: horses.name,
      head: participationHorses.headNumber,
    })
    .from(participationHorses)
    .innerJoin(horses, eq(horses.id, participationHorses.horseId))
    .where(inArray(participationHorses.venueParticipationId, ids))
    .orderBy(asc(participationHorses.headNumber), asc(horses.name));
  const events = await db
    .select({
      participation: vecParticipations.venueParticipationId,
      id: vecParticipations.id,
      name: venueEventCategories.name,
      horse: horses.name,
    })
    .from(vecParticipations)
    .innerJoin(venueEventCategories, eq(venueEventCategories.id, vecParticipations.vecId))
    .leftJoin(horses, eq(horses.id, vecParticipations.horseId))
    .where(inArray(vecParticipations.venueParticipationId, ids))
    .orderBy(asc(venueEventCategories.name), asc(vecParticipations.id));
  const costs = new Map(
    rowsOf<{ venue: number; total: string | number }>(await db.execute(externalCosts(riderId))).map((c) => [
      Number(c.venue),
      Number(c.total),
    ]),
  );
  const payers = rows.map((r) => ({ venueId: r.venue, type: r.payerType, id: r.payerId }));
  const balances = await partyBalances(db, payers);
  return rows.map((r, i) => ({
    id: r.id,
    venue: r.venue,
    venue_name: r.venueName,
    currency: r.currency,
    payer: { type: r.payerType as 'rider' | 'employer', id: r.payerId, name: r.payerName ?? '' },
    horses: theirHorses
      .filter((h) => h.participation === r.id)
      .map((h) => ({ id: h.id, name: h.name, head_number: h.head })),
    events: events.filter((e) => e.participation === r.id).map((e) => ({ id: e.id, name: e.name, horse: e.horse })),
    external_costs_minor: costs.get(r.venue) ?? 0,
    balance_minor: balances.get(partyKey(payers[i]!)) ?? 0,
  }));
}
