import { eq } from 'drizzle-orm';
import type { Role } from '@shared/roles';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { venues } from '../../db/schema';
import type { RequestUser } from '../../types';

/** Roles that act for the venue they are assigned to. */
const VENUE_STAFF: readonly Role[] = ['organizer', 'showoffice', 'stable', 'welcomedesk', 'signin', 'vetcheck'];
const SHOW_OFFICE: readonly Role[] = ['organizer', 'showoffice'];

/**
 * May this user act on this venue's data? Admins act on every venue; show office and floor
 * staff only on their assigned venue. `office` narrows staff to the show office (organizer,
 * showoffice). A venue the user does not belong to is 403, never a silent empty answer.
 */
export function canActOnVenue(user: RequestUser, venueId: number, { office = false } = {}): boolean {
  if (user.roles.includes('admin')) return true;
  if (user.assignedVenueId !== venueId) return false;
  const allowed = office ? SHOW_OFFICE : VENUE_STAFF;
  return user.roles.some((role) => allowed.includes(role));
}

export function assertVenueAccess(user: RequestUser, venueId: number, options: { office?: boolean } = {}): void {
  if (!canActOnVenue(user, venueId, options)) throw new AppError('forbidden');
}

/** The venue a staff user works at, for lists whose `?venue=` is optional for staff; admins must name one. */
export function venueOfRequest(user: RequestUser, venue: number | undefined): number | undefined {
  if (venue !== undefined) return venue;
  if (user.roles.includes('admin')) return undefined;
  return user.assignedVenueId ?? undefined;
}

/** An unknown venue is 404 for everyone (before the 403 of a venue that is not theirs). */
export async function assertKnownVenueAccess(
  db: Db,
  user: RequestUser,
  venueId: number,
  options: { office?: boolean } = {},
): Promise<void> {
  const [venue] = await db.select({ id: venues.id }).from(venues).where(eq(venues.id, venueId));
  if (!venue) throw new AppError('not_found');
  assertVenueAccess(user, venueId, options);
}

/** Roles that set up the show of the venue they are assigned to (besides admins, who set up every venue). */
const SHOW_MANAGERS: readonly Role[] = ['organizer'];

/**
 * May this user change the set-up of this venue (details, invoicing, events, prices, taxes,
 * competitions, staff, bank accounts)? Admins: every venue; an organizer: only its own.
 */
export function canManageVenue(user: RequestUser, venueId: number): boolean {
  if (user.roles.includes('admin')) return true;
  return user.assignedVenueId === venueId && user.roles.some((role) => SHOW_MANAGERS.includes(role));
}

export function assertManagesVenue(user: RequestUser, venueId: number): void {
  if (!canManageVenue(user, venueId)) throw new AppError('forbidden');
}
