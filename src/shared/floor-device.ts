import type { Role } from './roles';

/*
 * Who may keep a floor-device session, without the wire schemas: the client's
 * first screen needs this rule, and importing it must not pull the schema library into /login.
 */

/** The roles whose screens work offline on a floor device. */
export const FLOOR_DEVICE_ROLES = [
  'stable',
  'welcomedesk',
  'signin',
  'vetcheck',
  'organizer',
] as const satisfies readonly Role[];

/**
 * Who gets a device credential: a floor role and an assigned venue. Never an admin: an admin
 * account's power must not outlive the browser session on a shared tablet.
 */
export function floorDeviceAllowed(roles: readonly string[], assignedVenue: number | null): boolean {
  if (assignedVenue === null || roles.includes('admin')) return false;
  return FLOOR_DEVICE_ROLES.some((role) => roles.includes(role));
}
