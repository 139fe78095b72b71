import type { VenueParticipation } from '@shared/schemas/participation';
import type { Db } from '../../db/client';
import { personName, toPersonSummary } from '../people/person-summary';
import { partyBalances, partyKey } from './party-balances';
import type { ParticipationRepo, ParticipationRow } from './participation.repo';

/** Participations as the wire shows them: rider, payer, horses, events and the payer's balance. */
export async function toVenueParticipations(
  db: Db,
  repo: ParticipationRepo,
  rows: readonly ParticipationRow[],
): Promise<VenueParticipation[]> {
  const ids = rows.map((r) => r.id);
  const employerIds = rows.filter((r) => r.payerType === 'employer').map((r) => r.payerId);
  const payers = rows.map((r) => ({ venueId: r.venueId, type: r.payerType, id: r.payerId }));
  const [riderRows, employerRows, horseRows, eventRows, balances] = await Promise.all([
    repo.riders([...new Set(rows.map((r) => r.riderId))]),
    repo.employers([...new Set(employerIds)]),
    repo.horsesOf(ids),
    repo.eventsOf(ids),
    partyBalances(db, payers),
  ]);
  return rows.map((row) => {
    const rider = riderRows.find((r) => r.id === row.riderId)!;
    const employer = row.payerType === 'employer' ? employerRows.find((e) => e.id === row.payerId) : undefined;
    return {
      id: row.id,
      venue: row.venueId,
      rider: toPersonSummary(rider),
      payer: employer
        ? { type: 'employer', id: employer.id, name: personName(employer) }
        : { type: 'rider', id: rider.id, name: personName(rider) },
      horses: horseRows
        .filter((h) => h.participationId === row.id)
        .map((h) => ({ id: h.id, horse: h.horse, head_number: h.headNumber })),
      events: eventRows
        .filter((e) => e.participationId === row.id)
        .map((e) => ({ id: e.id, vec: e.vec, name: e.name, horse: e.horse })),
      arrived_at: row.arrivedAt?.toISOString() ?? null,
      signed_in_at: row.signedInAt?.toISOString() ?? null,
      balance: balances.get(partyKey({ venueId: row.venueId, type: row.payerType, id: row.payerId })) ?? 0,
    };
  });
}
