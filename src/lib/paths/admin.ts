import type { PathEntry } from './entry';

/** The admin: venues, their setup and ledger, system configuration, balances. */
export const ADMIN_PATHS = {
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
  // The floor's and the office's views of any venue: the components their own audiences use.
  venueOrganizerView: { path: '/venues/:venueId/views/organizer', label: 'venueOrganizerView', parent: 'adminVenues' },
  venueVetcheckView: { path: '/venues/:venueId/views/vetcheck', label: 'venueVetcheckView', parent: 'adminVenues' },
  venueSigninView: { path: '/venues/:venueId/views/signin', label: 'venueSigninView', parent: 'adminVenues' },
  venueWelcomedesk: {
    path: '/venues/:venueId/views/welcomedesk/attendees',
    label: 'venueWelcomedesk',
    parent: 'adminVenues',
  },
  venueWelcomedeskAdd: { path: '/venues/:venueId/views/welcomedesk/attendees/add', label: 'venueWelcomedeskAdd' },
  venueActionsInvoices: {
    path: '/venues/:venueId/actions/invoices',
    label: 'venueActionsInvoices',
    parent: 'adminVenues',
  },
  venueActionsInvoice: { path: '/venues/:venueId/actions/invoices/:invoiceId', label: 'invoice' },
  venueActionsPayouts: {
    path: '/venues/:venueId/actions/payouts',
    label: 'venueActionsPayouts',
    parent: 'adminVenues',
  },
  venueActionsBankStatements: {
    path: '/venues/:venueId/actions/bankStatements',
    label: 'venueActionsBankStatements',
    parent: 'adminVenues',
  },
  venueActionsOnboardingEmails: {
    path: '/venues/:venueId/actions/onboardingEmails',
    label: 'venueActionsOnboardingEmails',
    parent: 'adminVenues',
  },
  venueActionsSendEmails: {
    path: '/venues/:venueId/actions/sendEmails',
    label: 'venueActionsSendEmails',
    parent: 'adminVenues',
  },
  venueActionsSendEmailsAttendees: {
    path: '/venues/:venueId/actions/sendEmailsAttendees',
    label: 'venueActionsSendEmailsAttendees',
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
  /** Every venue's price lists side by side; copy one to another venue. */
  adminConsumables: { path: '/consumables', label: 'adminConsumables', parent: 'adminVenues' },
  /** Data sync from the federation's registry (spec §4 "Sync"). */
  adminSync: { path: '/sync', label: 'adminSync', parent: 'adminVenues' },
  errorReports: { path: '/errorReports', label: 'errorReports', parent: 'adminVenues' },
  auditLog: { path: '/auditLog', label: 'auditLog', parent: 'adminVenues' },
} as const satisfies Record<string, PathEntry>;
