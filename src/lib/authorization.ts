import { AUDIENCES, audiencesFor, type AudienceKey } from '@shared/audiences';
import { can, type Policy } from '@shared/permissions';
import type { CurrentUser } from '@shared/schemas/auth';
import { href, matchesPath, safeNext, WHITELABEL_SAFE_PATHS } from './paths';

/**
 * The client route guards as plain functions (CONVENTIONS 4): the router's loaders apply
 * them, tests call them directly. Roles and policies come from src/shared.
 */
export type Access = { allowed: true } | { allowed: false; redirect: string; notice?: 'no_assigned_venue' };

const ALLOWED: Access = { allowed: true };

/** Login required: a guest goes to /login and comes back afterwards. */
export function checkSignedIn(user: CurrentUser | null, requested: string): Access {
  if (user) return ALLOWED;
  const next = safeNext(requested);
  return { allowed: false, redirect: href('login', {}, { next: next === '/' ? null : next }) };
}

/** Guests only (magic login). */
export function checkGuest(user: CurrentUser | null): Access {
  return user ? { allowed: false, redirect: href('chooseDashboard') } : ALLOWED;
}

/**
 * A dashboard group: the role from the policy table, then an assigned venue for the floor
 * and organizer dashboards (spec §5: the notice is shown and the navigation cancelled).
 */
export function checkAudience(user: CurrentUser | null, key: AudienceKey, requested: string): Access {
  if (!user) return checkSignedIn(user, requested);
  if (!can(user.roles, `dashboard.${key}` as Policy)) return { allowed: false, redirect: href('forbidden') };
  if (AUDIENCES[key].venueRequired && user.assigned_venue === null) {
    return { allowed: false, redirect: href('chooseDashboard'), notice: 'no_assigned_venue' };
  }
  return ALLOWED;
}

/**
 * A venue's set-up pages: admins for every venue, an organizer for the venue it is assigned to
 * (the server checks the same on every write); anyone else is forbidden.
 */
export function checkVenueSetup(user: CurrentUser | null, venueId: number, requested: string): Access {
  if (!user) return checkSignedIn(user, requested);
  if (can(user.roles, 'dashboard.admin')) return ALLOWED;
  if (can(user.roles, 'venue.manage') && user.assigned_venue === venueId) return ALLOWED;
  return { allowed: false, redirect: href('forbidden') };
}

/** May this user open the set-up of this venue (the links offered match the guard above)? */
export const canSetUpVenue = (user: CurrentUser | null, venueId: number): boolean =>
  checkVenueSetup(user, venueId, '/').allowed;

/** Every rider page except the profile needs the terms accepted (spec §5). */
export function checkRiderTerms(user: CurrentUser | null): Access {
  return user?.terms_accepted ? ALLOWED : { allowed: false, redirect: href('riderProfile') };
}

/** The dashboards to offer at `/`, and whether the user can enter each one. */
export function dashboardsFor(user: CurrentUser): { key: AudienceKey; path: string; enterable: boolean }[] {
  return audiencesFor(user.roles).map((audience) => ({
    key: audience.key,
    path: audience.path,
    enterable: checkAudience(user, audience.key, audience.path).allowed,
  }));
}

/**
 * Spec §4: after each navigation, a rider on a whitelabeled domain is sent to `/` unless the
 * page is whitelabel-safe (chooseDashboard, login, the admin venues list and the rider
 * overview are marked so in PATHS). Returns where to go, or null to stay.
 */
export function whitelabelRedirect(
  pathname: string,
  user: CurrentUser | null,
  whitelabelVenue: number | null,
): string | null {
  if (!user?.roles.includes('rider') || whitelabelVenue === null) return null;
  return matchesPath(pathname, WHITELABEL_SAFE_PATHS) ? null : href('chooseDashboard');
}

/** Spec §4: preshow-only mode survives only on /preshow/ pages and the magic login. */
export function preshowAllows(pathname: string): boolean {
  return matchesPath(pathname, ['preshow', 'magicLogin']);
}
