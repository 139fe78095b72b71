import { matchPath } from 'react-router-dom';

interface PathEntry {
  /** react-router pattern; `:name?` is an optional segment. */
  path: string;
  /** Key in the `routes` namespace: page title and breadcrumb. */
  label: string;
  /** A rider on a whitelabeled domain may stay here (spec §4). */
  whitelabelSafe?: boolean;
  /**
   * The page this one belongs under in the breadcrumbs when its URL does not nest there
   * (the admin's pages all sit at the root). A key of PATHS without parameters.
   */
  parent?: string;
}

/**
 * Every page of the app, once (CONVENTIONS 3). Components link with `href()`, the router
 * takes its patterns from here, and the whitelabel rule reads the flags.
 */
export const PATHS = {
  chooseDashboard: { path: '/', label: 'chooseDashboard', whitelabelSafe: true },
  login: { path: '/login', label: 'login', whitelabelSafe: true },
  registration: { path: '/registration', label: 'registration' },
  registrationConfirm: { path: '/registration/confirm', label: 'registrationConfirm' },
  forgotPassword: { path: '/forgotPassword', label: 'forgotPassword' },
  passwordReset: { path: '/passwordReset', label: 'passwordReset' },
  forbidden: { path: '/403', label: 'forbidden' },
  attendance: { path: '/attendance/:venueId?', label: 'attendance' },
  magicLogin: { path: '/magic-login', label: 'magicLogin' },
  confirmPayment: { path: '/confirmPayment/', label: 'confirmPayment' },
  preshow: { path: '/preshow/:show', label: 'preshow', whitelabelSafe: true },

  adminVenues: { path: '/venues', label: 'adminVenues', whitelabelSafe: true },
  adminVenueAdd: { path: '/venues/add', label: 'adminVenueAdd', parent: 'adminVenues' },
  venueConfig: { path: '/venues/:venueId/config', label: 'venueConfig', parent: 'adminVenues' },
  venueConfigEdit: { path: '/venues/:venueId/config/edit', label: 'venueConfigEdit' },
  venueEventCategories: { path: '/venues/:venueId/config/venueEventCategories', label: 'venueEventCategories' },
  venueCompetitions: { path: '/venues/:venueId/config/competitions', label: 'venueCompetitions' },
  venueCompetitionAdd: { path: '/venues/:venueId/config/competitions/add', label: 'venueCompetitionAdd' },
  venueCompetitionEdit: {
    path: '/venues/:venueId/config/competitions/edit/:competitionId',
    label: 'venueCompetitionEdit',
  },
  venueConsumables: { path: '/venues/:venueId/config/consumables', label: 'venueConsumables' },
  venueTaxConfigurations: { path: '/venues/:venueId/config/taxConfigurations', label: 'venueTaxConfigurations' },
  venueTaxConfigurationEdit: {
    path: '/venues/:venueId/config/taxConfigurations/edit/:VEC_ID',
    label: 'venueTaxConfigurationEdit',
  },
  venueUsers: { path: '/venues/:venueId/config/users', label: 'venueUsers' },
  venueOther: { path: '/venues/:venueId/config/other', label: 'venueOther' },
  venueEmails: { path: '/venues/:venueId/config/emails', label: 'venueEmails' },
  venueWhitelabels: { path: '/venues/:venueId/config/whitelabels', label: 'venueWhitelabels' },
  venueParticipants: { path: '/venues/:venueId/views/participants', label: 'venueParticipants', parent: 'adminVenues' },
  venueOfficials: { path: '/venues/:venueId/views/officials', label: 'venueOfficials', parent: 'adminVenues' },
  venueTransactions: { path: '/venues/:venueId/views/transactions', label: 'venueTransactions', parent: 'adminVenues' },
  venueTransactionNew: { path: '/venues/:venueId/views/transactions/new', label: 'venueTransactionNew' },
  venueTransactionEdit: {
    path: '/venues/:venueId/views/transactions/edit/:transactionId',
    label: 'venueTransactionEdit',
  },
  venueRiderTransactions: {
    path: '/venues/:venueId/views/transactions/rider/:riderId',
    label: 'venueRiderTransactions',
  },
  venueOfficialTransactions: {
    path: '/venues/:venueId/views/officialTransactions',
    label: 'venueOfficialTransactions',
    parent: 'adminVenues',
  },
  configCountries: { path: '/config/countries', label: 'configCountries', parent: 'adminVenues' },
  configCurrencies: { path: '/config/currencies', label: 'configCurrencies', parent: 'adminVenues' },
  configEventCategories: { path: '/config/eventCategories', label: 'configEventCategories', parent: 'adminVenues' },
  configTaxTypes: { path: '/config/taxTypes', label: 'configTaxTypes', parent: 'adminVenues' },
  configTermsAndConditions: {
    path: '/config/termsAndConditions',
    label: 'configTermsAndConditions',
    parent: 'adminVenues',
  },
  configBankAccounts: { path: '/config/bankAccounts', label: 'configBankAccounts', parent: 'adminVenues' },
  balances: { path: '/balances', label: 'balances', parent: 'adminVenues' },
  balancesSummary: { path: '/balances/summary', label: 'balancesSummary' },
  findClient: { path: '/findClient', label: 'findClient', parent: 'adminVenues' },
  errorReports: { path: '/errorReports', label: 'errorReports', parent: 'adminVenues' },
  auditLog: { path: '/auditLog', label: 'auditLog', parent: 'adminVenues' },
  rider: { path: '/rider', label: 'rider' },
  riderOverview: { path: '/rider/overview', label: 'riderOverview', whitelabelSafe: true },
  // The rider must reach the profile to see (and later accept) the terms on any domain.
  riderProfile: { path: '/rider/profile', label: 'riderProfile', whitelabelSafe: true },
  employer: { path: '/employer', label: 'employer' },
  employerOverview: { path: '/employer/overview', label: 'employerOverview' },
  official: { path: '/official', label: 'official' },
  officialOverview: { path: '/official/overview', label: 'officialOverview' },
  simpleuser: { path: '/simpleuser', label: 'simpleuser' },
  simpleuserOverview: { path: '/simpleuser/overview', label: 'simpleuserOverview' },
  merchant: { path: '/merchant', label: 'merchant' },
  merchantDashboard: { path: '/merchant/dashboard', label: 'merchantDashboard' },
  organizer: { path: '/organizer', label: 'organizer' },
  organizerList: { path: '/organizer/list', label: 'organizerList' },
  organizerParticipants: { path: '/organizer/participants', label: 'organizerParticipants' },
  organizerOfficials: { path: '/organizer/officials', label: 'organizerOfficials' },
  organizerTransactions: { path: '/organizer/transactions', label: 'organizerTransactions' },
  organizerOfficialTransactions: { path: '/organizer/officialTransactions', label: 'organizerOfficialTransactions' },
  organizerVetcheck: { path: '/organizer/vetcheck', label: 'organizerVetcheck' },
  organizerSignin: { path: '/organizer/signin', label: 'organizerSignin' },
  organizerWelcomedesk: { path: '/organizer/welcomedesk', label: 'organizerWelcomedesk' },
  stable: { path: '/stable', label: 'stable' },
  stableDashboard: { path: '/stable/dashboard', label: 'stableDashboard' },
  stableAddTransaction: { path: '/stable/addTransaction', label: 'stableAddTransaction' },
  stableTransactions: { path: '/stable/transactions', label: 'stableTransactions' },
  /** spec: qr/:userType:userId-:hash: one segment, parsed by parseQrCode (src/shared/qr.ts) */
  stableQr: { path: '/stable/qr/:code', label: 'stableQr' },
  welcomedesk: { path: '/welcomedesk', label: 'welcomedesk' },
  welcomedeskList: { path: '/welcomedesk/list', label: 'welcomedeskList' },
  welcomedeskAdd: { path: '/welcomedesk/add', label: 'welcomedeskAdd' },
  signin: { path: '/signin', label: 'signin' },
  signinList: { path: '/signin/list', label: 'signinList' },
  vetcheck: { path: '/vetcheck', label: 'vetcheck' },
  vetcheckList: { path: '/vetcheck/list', label: 'vetcheckList' },
} as const satisfies Record<string, PathEntry>;

export type PathKey = keyof typeof PATHS;

type Segments<P extends string> = P extends `${infer Head}/${infer Tail}` ? Head | Segments<Tail> : P;
type RequiredName<S> = S extends `:${string}?` ? never : S extends `:${infer Name}` ? Name : never;
type OptionalName<S> = S extends `:${infer Name}?` ? Name : never;
type ParamValue = string | number;

export type PathParams<P extends string> = { [K in RequiredName<Segments<P>>]: ParamValue } & {
  [K in OptionalName<Segments<P>>]?: ParamValue | null;
};
export type SearchParams = Record<string, string | number | null | undefined>;
type HrefArgs<P extends string> = [RequiredName<Segments<P>>] extends [never]
  ? [params?: PathParams<P>, search?: SearchParams]
  : [params: PathParams<P>, search?: SearchParams];

/** Pages without required parameters. */
export type StaticPathKey = {
  [K in PathKey]: [RequiredName<Segments<(typeof PATHS)[K]['path']>>] extends [never] ? K : never;
}[PathKey];

/** The breadcrumb parent of a page (PathEntry.parent), if it has one. */
export function parentOf(key: PathKey): StaticPathKey | null {
  return ((PATHS[key] as PathEntry).parent as StaticPathKey | undefined) ?? null;
}

/** The URL of a page: `href('preshow', { show: 1 })`, `href('login', {}, { next: '/x' })`. */
export function href<K extends PathKey>(key: K, ...[params, search]: HrefArgs<(typeof PATHS)[K]['path']>): string {
  const values = (params ?? {}) as Record<string, ParamValue | null | undefined>;
  const path = PATHS[key].path
    .split('/')
    .flatMap((segment) => {
      if (!segment.startsWith(':')) return [segment];
      const optional = segment.endsWith('?');
      const name = segment.slice(1, optional ? -1 : undefined);
      const value = values[name];
      if (value === null || value === undefined || value === '') {
        if (optional) return [];
        throw new Error(`href('${key}'): missing parameter ${name}`);
      }
      return [encodeURIComponent(String(value))];
    })
    .join('/');
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(search ?? {})) {
    if (value !== null && value !== undefined && value !== '') query.append(name, String(value));
  }
  const queryString = query.toString();
  return `${path || '/'}${queryString ? `?${queryString}` : ''}`;
}

/** Does `pathname` match one of the given pages? */
export function matchesPath(pathname: string, keys: readonly PathKey[]): boolean {
  return keys.some((key) => matchPath({ path: PATHS[key].path, end: true }, pathname) !== null);
}

export const WHITELABEL_SAFE_PATHS = (Object.keys(PATHS) as PathKey[]).filter(
  (key) => (PATHS[key] as PathEntry).whitelabelSafe === true,
);

/** A path to return to after login: same origin and absolute only. */
export function safeNext(next: string | null): string | null {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : null;
}
