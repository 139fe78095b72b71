import type { Role } from './roles';
import { ROLES } from './roles';

/**
 * Roles and policies as data (CONVENTIONS 4). The server's authorization preHandler and the
 * client's route guard both read this table; a test walks every API route × role.
 *
 * `'authenticated'` means any signed-in user; ownership of the records touched is checked
 * again by the service that touches them.
 */
export const AUTHENTICATED = 'authenticated' as const;

export const POLICIES = {
  // session
  'auth.user.read': AUTHENTICATED,
  'auth.user.update': AUTHENTICATED,
  'auth.session': AUTHENTICATED,
  'auth.impersonate': ['admin'],
  'user.search': ['admin'],
  // deactivating and reactivating accounts (a deactivated account's sessions end at once)
  'user.manage': ['admin'],
  // dashboards (client route groups)
  'dashboard.admin': ['admin'],
  'dashboard.rider': ['rider'],
  'dashboard.employer': ['employer'],
  'dashboard.official': ['official'],
  'dashboard.simpleuser': ['simpleuser'],
  'dashboard.merchant': ['merchant'],
  'dashboard.organizer': ['organizer', 'showoffice'],
  'dashboard.stable': ['stable'],
  'dashboard.welcomedesk': ['welcomedesk'],
  'dashboard.signin': ['signin'],
  'dashboard.vetcheck': ['vetcheck'],
  // employee edit pages allow employer and admin (spec §6)
  'employee.edit': ['employer', 'admin'],
  // terms: only the rider may accept (spec §6)
  'terms.accept': ['rider'],
  // venues: reading one's own venue is checked for membership in the service
  'venue.read': AUTHENTICATED,
  'venue.list': ['admin'],
  'venue.sync': ['admin'],
  // spectators registered for a venue: membership of that venue is checked in the service
  'attendance.read': ['admin', 'organizer', 'showoffice', 'welcomedesk'],
  // configuration: everyone signed in reads the reference data, admins write it (spec §6)
  'config.read': AUTHENTICATED,
  // venue setup: admins create venues; a venue's organizer sets up its own show (details and
  // invoicing, events, prices, taxes, competitions, staff, head numbers, bank account) — the
  // service admits an organizer only for the venue it is assigned to; the show office reads
  'venue.create': ['admin'],
  'venue.manage': ['admin', 'organizer'],
  'venue.setup.read': ['admin', 'organizer', 'showoffice'],
  'venue.users': ['admin', 'organizer'],
  'venue.bankAccount': ['admin', 'organizer'],
  'emailTemplate.manage': ['admin'],
  // participations: the venue's show office (membership checked in the service); the floor reads
  // what its screens need from the floor changes feed
  'participation.read': ['admin', 'organizer', 'showoffice'],
  'participation.manage': ['admin', 'organizer', 'showoffice'],
  // finding people is need-to-know: the stable and the show office search the people of their
  // own venue (checked in the service), the show office with contact details; only admins search
  // everyone. Someone new to the venue is found by an exact e-mail, FEI id or national id, which
  // answers a name and an id, never contact details.
  'people.search': ['admin', 'organizer', 'showoffice', 'stable'],
  'people.search.all': ['admin'],
  'people.contact': ['admin', 'organizer', 'showoffice'],
  'people.lookup': ['admin', 'organizer', 'showoffice'],
  // the people at a venue with their balance there: the roles with a money screen
  'people.atVenue': ['admin', 'organizer', 'showoffice', 'stable'],
  'bookkeeping.read': ['admin', 'organizer', 'showoffice'],
  // the ledger: parties read their own entries, the roles with a money screen their venue's; the
  // service narrows to ownership and venue. Welcome desk, sign-in and vet-check have no money screen.
  'transaction.read': [
    'admin',
    'organizer',
    'showoffice',
    'stable',
    'merchant',
    'rider',
    'employer',
    'official',
    'simpleuser',
  ],
  'transaction.venue': ['admin', 'organizer', 'showoffice', 'stable'],
  'transaction.write': ['admin', 'organizer', 'showoffice', 'stable', 'merchant'],
  'transaction.correct': ['admin', 'organizer', 'showoffice'],
  'balance.own': AUTHENTICATED,
  // the floor: the venue's staff; membership of the venue is checked in the service
  'floor.read': ['admin', 'organizer', 'showoffice', 'stable', 'welcomedesk', 'signin', 'vetcheck'],
  'attendee.write': ['admin', 'organizer', 'showoffice', 'welcomedesk'],
  'signin.write': ['admin', 'organizer', 'showoffice', 'signin'],
  'inspection.write': ['admin', 'organizer', 'showoffice', 'vetcheck'],
  // the outbox's batched push: the roles of any floor write above; each write of a batch is
  // checked against its own write's policy and rules in the service
  'floor.write': ['admin', 'organizer', 'showoffice', 'stable', 'merchant', 'welcomedesk', 'signin', 'vetcheck'],
  // floor devices: a device registers itself and reports while someone of the
  // venue's staff is signed in on it (venue checked in the service); the venue's office lists,
  // renames, revokes and restores them (membership checked in the service); admins list them all
  'device.report': ['admin', 'organizer', 'showoffice', 'stable', 'welcomedesk', 'signin', 'vetcheck'],
  'device.manage': ['admin', 'organizer', 'showoffice'],
  'device.list': ['admin'],
  'rider.qr': ['rider'],
  // people and self-service: the owner's user, an admin, a rider's active employer — ownership
  // checked in server/src/modules/owner/owner-access.ts. Anyone signed in may register as an
  // employer, so being one unlocks nothing beyond the employer's own employees: no rider look-ups
  // and no horse list (an employer finds a new employee by exact match, rate-limited).
  'owner.read': AUTHENTICATED,
  'owner.write': AUTHENTICATED,
  'profile.create': ['admin'],
  'employer.register': AUTHENTICATED,
  'rider.lookup': ['admin', 'organizer', 'showoffice'],
  'employment.manage': ['employer', 'admin'],
  'employment.respond': ['rider'],
  'invite.accept': AUTHENTICATED,
  'attendee.invite': ['admin', 'organizer', 'showoffice', 'welcomedesk'],
  'merchant.fees': ['merchant', 'admin'],
  'horse.merge': ['admin'],
  // horses: every horse on record for the office and riders; the stable sees the horses entered
  // at its venue, an employer its employees' horses (both narrowed in the service)
  'horse.search': ['admin', 'organizer', 'showoffice', 'stable', 'rider', 'employer'],
  'horse.search.all': ['admin', 'organizer', 'showoffice', 'rider'],
  // closing the books: the venue's show office runs invoices, compensation bills and
  // venue reports (membership checked in the service); a party reads its own documents
  // (ownership checked in the service); e-mail runs to participants are admin actions (spec §2)
  'invoice.manage': ['admin', 'organizer', 'showoffice'],
  'invoice.read': AUTHENTICATED,
  'jobs.read': ['admin', 'organizer', 'showoffice'],
  'report.venue': ['admin', 'organizer', 'showoffice'],
  'compensation.manage': ['admin', 'organizer', 'showoffice'],
  'emailRun.manage': ['admin'],
  // card payments: a user's saved cards (the user themself or an admin, checked in
  // the service); paying a balance (a party the user is, or an admin: checked in the service);
  // a payment's outcome (its payer, the party's users, the venue's office, admins: checked in the
  // service); self-checkout (the rider, their employer, admins); the venue's office charges saved
  // cards, lists the card payments and refunds them (membership checked in the service)
  'card.manage': ['admin', 'rider', 'employer', 'official', 'simpleuser'],
  'payment.pay': ['admin', 'rider', 'employer', 'official', 'simpleuser'],
  'payment.read': AUTHENTICATED,
  'payment.checkout': ['admin', 'rider', 'employer'],
  'payment.office': ['admin', 'organizer', 'showoffice'],
  // payouts and bank statements: the venue's show office (membership checked in the service)
  'payout.manage': ['admin', 'organizer', 'showoffice'],
  'bankStatement.manage': ['admin', 'organizer', 'showoffice'],
  // FEI entries in and results out: the venue's show office (membership checked in the service)
  'fei.manage': ['admin', 'organizer', 'showoffice'],
  // results, rankings, publication, results upload and prize money: the venue's
  // show office (membership checked in the service)
  'results.manage': ['admin', 'organizer', 'showoffice'],
  // entries and start lists: the venue's show office (membership checked in the service)
  'startlist.manage': ['admin', 'organizer', 'showoffice'],
  // admin-only areas (spec §6)
  'config.manage': ['admin'],
  'balances.read': ['admin'],
  'audit.read': ['admin'],
  'errorReport.read': ['admin'],
} as const satisfies Record<string, readonly Role[] | typeof AUTHENTICATED>;

export type Policy = keyof typeof POLICIES;

/** May a user holding `roles` pass `policy`? Anonymous users pass nothing. */
export function can(roles: readonly Role[] | null | undefined, policy: Policy): boolean {
  if (!roles) return false;
  const rule: readonly Role[] | typeof AUTHENTICATED = POLICIES[policy];
  if (rule === AUTHENTICATED) return true;
  return rule.some((r) => roles.includes(r));
}

/** The roles a policy admits (every role for `authenticated`): handy for tests and docs. */
export function rolesFor(policy: Policy): readonly Role[] {
  const rule: readonly Role[] | typeof AUTHENTICATED = POLICIES[policy];
  return rule === AUTHENTICATED ? ROLES : rule;
}
