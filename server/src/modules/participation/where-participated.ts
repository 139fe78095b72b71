import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { participationVenue } from '@shared/schemas/participation';
import { fieldError } from '../../app-error';
import type { Db } from '../../db/client';
import { officialParticipations, officials, riders, venueParticipations, venues } from '../../db/schema';
import type { RequestUser } from '../../types';

type ParticipationVenue = z.infer<typeof participationVenue>;

/**
 * Admins see every venue; the show office only its own. To the show office, a person who does
 * not take part at its venue is unknown, as if the id did not exist: the answer must not tell
 * another show's people apart from ids that were never used.
 */
const visibleVenue = (user: RequestUser): SQL | undefined =>
  user.roles.includes('admin') ? undefined : eq(venues.id, user.assignedVenueId ?? 0);

const venueColumns = {
  venue: venues.id,
  venue_name: venues.name,
  start_date: venues.startDate,
  end_date: venues.endDate,
};

export async function whereRiderParticipated(db: Db, user: RequestUser, riderId: number) {
  const [rider] = await db.select({ id: riders.id }).from(riders).where(eq(riders.id, riderId));
  if (!rider) throw fieldError('rider', 'does_not_exist');
  const results: ParticipationVenue[] = await db
    .select({ ...venueColumns, participation: venueParticipations.id })
    .from(venueParticipations)
    .innerJoin(venues, eq(venues.id, venueParticipations.venueId))
    .where(and(eq(venueParticipations.riderId, riderId), visibleVenue(user)))
    .orderBy(asc(venues.startDate), asc(venues.id));
  if (!results.length && !user.roles.includes('admin')) throw fieldError('rider', 'does_not_exist');
  return { results };
}

export async function whereOfficialParticipated(db: Db, user: RequestUser, officialId: number) {
  const [official] = await db.select({ id: officials.id }).from(officials).where(eq(officials.id, officialId));
  if (!official) throw fieldError('official', 'does_not_exist');
  const results: ParticipationVenue[] = await db
    .select({ ...venueColumns, participation: officialParticipations.id })
    .from(officialParticipations)
    .innerJoin(venues, eq(venues.id, officialParticipations.venueId))
    .where(and(eq(officialParticipations.officialId, officialId), visibleVenue(user)))
    .orderBy(asc(venues.startDate), asc(venues.id), asc(officialParticipations.id));
  if (!results.length && !user.roles.includes('admin')) throw fieldError('official', 'does_not_exist');
  return { results };
}
