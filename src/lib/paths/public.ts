import type { PathEntry } from './entry';

/** Pages anyone can open: signing in, registration, the public show pages and invitations. */
export const PUBLIC_PATHS = {
  chooseDashboard: { path: '/', label: 'chooseDashboard', whitelabelSafe: true },
  // Signed-in, like the choice of dashboard (both routes live with the dashboards).
  changePassword: { path: '/password', label: 'changePassword', whitelabelSafe: true },
  login: { path: '/login', label: 'login', whitelabelSafe: true },
  registration: { path: '/registration', label: 'registration' },
  registrationConfirm: { path: '/registration/confirm', label: 'registrationConfirm' },
  forgotPassword: { path: '/forgotPassword', label: 'forgotPassword' },
  passwordReset: { path: '/passwordReset', label: 'passwordReset' },
  forbidden: { path: '/403', label: 'forbidden' },
  attendance: { path: '/attendance/:venueId?', label: 'attendance' },
  magicLogin: { path: '/magic-login', label: 'magicLogin' },
  confirmPayment: { path: '/confirmPayment/', label: 'confirmPayment', whitelabelSafe: true },
  preshow: { path: '/preshow/:show', label: 'preshow', whitelabelSafe: true },
  teamMembershipInvite: { path: '/team-membership-invite/', label: 'teamMembershipInvite' },
  attendeeInvite: { path: '/attendee-invite/', label: 'attendeeInvite' },
} as const satisfies Record<string, PathEntry>;
