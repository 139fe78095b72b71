import type { Role } from './roles';

/**
 * The dashboards a signed-in user can choose from at `/` (spec §2). One audience per route group;
 * `roles` are the roles that may enter it, `venueRequired` marks the floor and organizer
 * dashboards that need an assigned venue, `termsRequired` the rider area (all but profile).
 */
export interface Audience {
  key: AudienceKey;
  /** Where the dashboard lives. */
  path: string;
  roles: readonly Role[];
  venueRequired: boolean;
  termsRequired: boolean;
}

export const AUDIENCE_KEYS = [
  'admin',
  'rider',
  'employer',
  'official',
  'simpleuser',
  'merchant',
  'organizer',
  'stable',
  'welcomedesk',
  'signin',
  'vetcheck',
] as const;
export type AudienceKey = (typeof AUDIENCE_KEYS)[number];

export const AUDIENCES: Record<AudienceKey, Audience> = {
  admin: { key: 'admin', path: '/venues', roles: ['admin'], venueRequired: false, termsRequired: false },
  rider: { key: 'rider', path: '/rider/overview', roles: ['rider'], venueRequired: false, termsRequired: true },
  employer: {
    key: 'employer',
    path: '/employer/overview',
    roles: ['employer'],
    venueRequired: false,
    termsRequired: false,
  },
  official: {
    key: 'official',
    path: '/official/overview',
    roles: ['official'],
    venueRequired: false,
    termsRequired: false,
  },
  simpleuser: {
    key: 'simpleuser',
    path: '/simpleuser/overview',
    roles: ['simpleuser'],
    venueRequired: false,
    termsRequired: false,
  },
  merchant: {
    key: 'merchant',
    path: '/merchant/dashboard',
    roles: ['merchant'],
    venueRequired: false,
    termsRequired: false,
  },
  organizer: {
    key: 'organizer',
    path: '/organizer/list',
    roles: ['organizer', 'showoffice'],
    venueRequired: true,
    termsRequired: false,
  },
  stable: { key: 'stable', path: '/stable/dashboard', roles: ['stable'], venueRequired: true, termsRequired: false },
  welcomedesk: {
    key: 'welcomedesk',
    path: '/welcomedesk/list',
    roles: ['welcomedesk'],
    venueRequired: true,
    termsRequired: false,
  },
  signin: { key: 'signin', path: '/signin/list', roles: ['signin'], venueRequired: true, termsRequired: false },
  vetcheck: { key: 'vetcheck', path: '/vetcheck', roles: ['vetcheck'], venueRequired: true, termsRequired: false },
};

/** The dashboards this set of roles may enter, in a stable order. */
export function audiencesFor(roles: readonly Role[]): Audience[] {
  return AUDIENCE_KEYS.map((k) => AUDIENCES[k]).filter((a) => a.roles.some((r) => roles.includes(r)));
}
