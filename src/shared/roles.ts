/** Every role a Paddock user can hold (spec §6). A user may hold several. */
export const ROLES = [
  'admin',
  'rider',
  'employer',
  'official',
  'simpleuser',
  'merchant',
  'organizer',
  'showoffice',
  'stable',
  'welcomedesk',
  'signin',
  'vetcheck',
] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Roles whose dashboards work at one venue: the user needs an assigned venue (spec §5). */
export const VENUE_BOUND_ROLES: readonly Role[] = [
  'stable',
  'organizer',
  'showoffice',
  'welcomedesk',
  'signin',
  'vetcheck',
];

/** User role types in the rider context (team members, spec §3). */
export const RIDER_CONTEXT_ROLES = ['groom', 'trainer', 'horse_owner', 'family', 'rider', 'staff', 'guest'] as const;
export type RiderContextRole = (typeof RIDER_CONTEXT_ROLES)[number];
