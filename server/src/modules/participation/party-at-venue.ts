import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PARTY_TYPES, type PartyType } from '@shared/ledger';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

/**
 * Whether a party of a type takes part in a venue, the tenant wall of the ledger: a rider
 * through its participation; an employer as the payer of a rider's participation there, or as
 * the confirmed employer of a rider taking part (its costs follow the rider); an official through
 * an official participation; a merchant registered at the show; a simple user assigned to the
 * venue, or one already with an account there. Whoever is not at the venue cannot be charged,
 * credited or paid out there, so no other venue's office reads their bank account.
 */
export function partyAtVenue(partyType: PartyType, venue: SQLWrapper, party: SQLWrapper): SQL<boolean> {
  // Aliases of their own (pav_*): the venue and party may be columns of the caller's query.
  switch (partyType) {
    case 'rider':
      return sql`EXISTS (SELECT 1 FROM venue_participations pav_p
        WHERE pav_p.venue_id = ${venue} AND pav_p.rider_id = ${party})`;
    case 'employer':
      return sql`(EXISTS (SELECT 1 FROM venue_participations pav_p
          WHERE pav_p.venue_id = ${venue} AND pav_p.payer_type = 'employer' AND pav_p.payer_id = ${party})
        OR EXISTS (SELECT 1 FROM employments pav_e JOIN venue_participations pav_p ON pav_p.rider_id = pav_e.rider_id
          WHERE pav_e.employer_id = ${party} AND pav_e.status = 'confirmed' AND pav_p.venue_id = ${venue}))`;
    case 'official':
      return sql`EXISTS (SELECT 1 FROM official_participations pav_o
        WHERE pav_o.venue_id = ${venue} AND pav_o.official_id = ${party})`;
    case 'merchant':
      return sql`EXISTS (SELECT 1 FROM merchant_participations pav_m
        WHERE pav_m.venue_id = ${venue} AND pav_m.merchant_id = ${party})`;
    case 'simpleuser':
      return sql`(EXISTS (SELECT 1 FROM simple_users pav_s JOIN users pav_u ON pav_u.id = pav_s.user_id
          WHERE pav_s.id = ${party} AND pav_u.assigned_venue_id = ${venue})
        OR EXISTS (SELECT 1 FROM accounts pav_a WHERE pav_a.venue_id = ${venue} AND pav_a.kind = 'party'
          AND pav_a.party_type = 'simpleuser' AND pav_a.party_id = ${party}))`;
  }
}

/** partyAtVenue for a party whose type is a column or parameter (PARTY_TYPES). */
export const anyPartyAtVenue = (partyType: SQLWrapper, venue: SQLWrapper, party: SQLWrapper): SQL<boolean> =>
  sql`CASE ${partyType}::text ${sql.join(
    PARTY_TYPES.map((t) => sql`WHEN ${sql.raw(`'${t}'`)} THEN ${partyAtVenue(t, venue, party)}`),
    sql` `,
  )} ELSE false END`;

/** partyAtVenue as a question of its own (one query), for use cases outside the ledger's post. */
export async function isPartyAtVenue(db: Db, partyType: PartyType, venueId: number, partyId: number): Promise<boolean> {
  const [row] = rowsOf<{ ok: boolean }>(
    await db.execute(sql`SELECT ${partyAtVenue(partyType, sql`${venueId}::int`, sql`${partyId}::int`)} AS ok`),
  );
  return row?.ok === true;
}
