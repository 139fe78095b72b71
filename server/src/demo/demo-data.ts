import type { Language } from '@shared/constants';
import type { Role } from '@shared/roles';

/** `YYYY-MM-DD`, `days` after `from` (UTC). */
export function isoDay(days: number, from: Date | string = new Date()): string {
  return new Date(new Date(from).getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Today in `timeZone` (`YYYY-MM-DD`). */
export function localDay(timeZone: string, at: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(at);
}

const DEMO_TIME_ZONE = 'Europe/Ljubljana';
const DEMO_FIRST_DAY = localDay(DEMO_TIME_ZONE);

/**
 * Demo data. Every demo user signs in with DEMO_PASSWORD. The demo show runs four days from the
 * day the data is seeded (the venue's day), so whoever tries it finds a show day in progress
 * (seed-show-day.ts) with days still ahead for spectators to register for.
 */
export const DEMO_VENUE = {
  id: 1,
  name: 'Paddock Classic',
  feiId: '2026_CI_0139',
  city: 'Lipica',
  country: 'SI',
  currency: 'EUR',
  currencyDisplay: '€',
  startDate: DEMO_FIRST_DAY,
  endDate: isoDay(3, DEMO_FIRST_DAY),
  timeZone: DEMO_TIME_ZONE,
  whitelabelDomain: 'whitelabel.localhost',
  whitelabelLogoUrl: '/media/whitelabel-demo.svg',
  headNumberFrom: 1,
  headNumberTo: 999,
  // Riders settle the rest of the show from their phone.
  selfCheckout: true,
  // The issuer on its invoices.
  legalName: 'Paddock Classic d.o.o.',
  address: 'Lipica 5',
  postalCode: '6210',
  vatId: 'SI12345678',
  invoiceEmail: 'office@paddock.demo',
  // The show office's contact on its e-invoices (XRechnung BR-DE-2, BR-DE-6, BR-DE-7).
  contactName: 'Show office',
  contactPhone: '+386 5 739 15 80',
  contactEmail: 'office@paddock.demo',
};

/** The demo people's postal address (an invoice names its buyer's: EN 16931 BG-8). */
export const DEMO_ADDRESS = { address: 'Lipica 2', postalCode: '6210', city: 'Sežana', country: 'SI' };

export const DEMO_TERMS = { version: '2026-01', publishedAt: new Date('2026-01-01T00:00:00Z') };

export const DEMO_EMAIL_DOMAIN = 'paddock.demo';

export interface DemoUser {
  username: string;
  roles: Role[];
  language: Language;
  firstName: string;
  lastName: string;
  venue: boolean;
  termsAccepted: boolean;
  /** Employer and merchant profiles carry a company name. */
  company: string | null;
}

const user = (
  username: string,
  roles: Role[],
  language: Language,
  [firstName, lastName]: [string, string],
  flags: { venue?: boolean; terms?: boolean; company?: string } = {},
): DemoUser => ({
  username,
  roles,
  language,
  firstName,
  lastName,
  venue: !!flags.venue,
  termsAccepted: !!flags.terms,
  company: flags.company ?? null,
});

export const DEMO_USERS: DemoUser[] = [
  user('admin', ['admin'], 'en', ['Ada', 'Admin']),
  user('organizer', ['organizer'], 'de', ['Otto', 'Veranstalter'], { venue: true }),
  user('stable', ['stable'], 'de', ['Stefan', 'Stall'], { venue: true }),
  user('welcomedesk', ['welcomedesk'], 'de', ['Wilma', 'Empfang'], { venue: true }),
  user('signin', ['signin'], 'de', ['Sigrid', 'Meldestelle'], { venue: true }),
  user('vetcheck', ['vetcheck'], 'de', ['Viktor', 'Tierarzt'], { venue: true }),
  user('rider', ['rider'], 'en', ['Rosa', 'Rider'], { terms: true }),
  user('employer', ['employer'], 'de', ['Emil', 'Arbeitgeber'], { company: 'Gestüt Arbeitgeber GmbH' }),
  user('official', ['official'], 'fr', ['Odile', 'Officielle']),
  user('merchant', ['merchant'], 'it', ['Marco', 'Mercante'], { company: 'Selleria Mercante' }),
  user('simpleuser', ['simpleuser'], 'pl', ['Szymon', 'Prosty']),
  user('multi', ['rider', 'official'], 'en', ['Morgan', 'Multi'], { terms: true }),
];
