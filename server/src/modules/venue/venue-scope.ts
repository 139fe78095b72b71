import { AppError } from '../../app-error';
import type { RequestUser } from '../../types';
import { assertVenueAccess, venueOfRequest } from './venue-access';

/**
 * The venue a list is narrowed to: `?venue=` if given (membership checked), else a staff user's
 * assigned venue. Admins without `?venue=` see every venue (undefined).
 */
export function listVenue(user: RequestUser, venue: number | undefined, options: { office?: boolean } = {}) {
  const venueId = venueOfRequest(user, venue);
  if (venueId === undefined) {
    if (user.roles.includes('admin')) return undefined;
    throw new AppError('no_assigned_venue', { status: 403 });
  }
  assertVenueAccess(user, venueId, options);
  return venueId;
}
