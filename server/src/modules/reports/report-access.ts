import { eq } from 'drizzle-orm';
import type { ReportPartyType } from '@shared/schemas/reports';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { isPartyAtVenue } from '../participation/party-at-venue';
import type { RequestUser } from '../../types';
import { ownerFor } from '../owner/owner-access';
import { PROFILE_TABLES } from '../user/profile.repo';
import { assertVenueAccess, canActOnVenue } from '../venue/venue-access';

export interface ReportReach {
  type: ReportPartyType;
  id: number;
  /** The venues the reader may see the party at: undefined, every venue. */
  venue: number | undefined;
}

/**
 * Who reads a party's reports: the owner's own user, an admin, a rider's active employer
 * (ownerFor), for the venues the party takes part at; the show office of a venue (organizer,
 * showoffice) the party's figures there while the party takes part in it — its own venue when
 * none is named, 403 for another. A venue's office learns nothing of people who never came to
 * its show, not even that they exist. Anyone else, or a venue the party is not at: 404, as for
 * a party that does not exist.
 */
export async function reportReach(
  db: Db,
  user: RequestUser,
  type: ReportPartyType,
  id: number,
  venue: number | undefined,
): Promise<ReportReach> {
  const table = PROFILE_TABLES[type];
  const [party] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
  if (!party) throw new AppError('not_found');
  const owner = await ownerFor(db, user, type, id).catch((err: unknown) => {
    if (err instanceof AppError && err.code === 'not_found') return null;
    throw err;
  });
  if (owner) {
    // a party's own reports only of shows it took part in (an admin reads every venue's)
    if (venue !== undefined && owner.access !== 'admin' && !(await isPartyAtVenue(db, type, venue, id))) {
      throw new AppError('not_found');
    }
    return { type, id, venue };
  }
  const office = venue ?? user.assignedVenueId;
  if (office === null || !canActOnVenue(user, office, { office: true })) {
    if (venue !== undefined && user.roles.some((role) => role === 'organizer' || role === 'showoffice')) {
      assertVenueAccess(user, venue, { office: true });
    }
    throw new AppError('not_found');
  }
  // The office reads only the parties of its own show: a stranger there is as unknown as none.
  if (!(await isPartyAtVenue(db, type, office, id))) throw new AppError('not_found');
  return { type, id, venue: office };
}
