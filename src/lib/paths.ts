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
  riderOverviewShow: { path: '/rider/overview/show/:show', label: 'riderOverviewShow' },
  adminRiders: { path: '/riders', label: 'adminRiders', parent: 'adminVenues' },
  adminRiderAdd: { path: '/riders/add', label: 'adminRiderAdd' },
  adminRider: { path: '/riders/:riderId', label: 'adminRider' },
  adminEmployers: { path: '/employers', label: 'adminEmployers', parent: 'adminVenues' },
  adminEmployerAdd: { path: '/employers/add', label: 'adminEmployerAdd' },
  adminEmployer: { path: '/employers/:employerId', label: 'adminEmployer' },
  adminOfficials: { path: '/officials', label: 'adminOfficials', parent: 'adminVenues' },
  adminOfficialAdd: { path: '/officials/add', label: 'adminOfficialAdd' },
  adminOfficial: { path: '/officials/:officialId', label: 'adminOfficial' },
  adminSimpleusers: { path: '/simpleusers', label: 'adminSimpleusers', parent: 'adminVenues' },
  adminSimpleuserAdd: { path: '/simpleusers/add', label: 'adminSimpleuserAdd' },
  adminSimpleuser: { path: '/simpleusers/:simpleUserId', label: 'adminSimpleuser' },
  adminMerchants: { path: '/merchants', label: 'adminMerchants', parent: 'adminVenues' },
  adminMerchantAdd: { path: '/merchants/add', label: 'adminMerchantAdd' },
  adminMerchant: { path: '/merchants/:merchantId', label: 'adminMerchant' },
  duplicates: { path: '/duplicates', label: 'duplicates', parent: 'adminVenues' },
  duplicateHorses: { path: '/duplicates/duplicateHorses', label: 'duplicateHorses' },
  duplicateHorseEdit: { path: '/duplicates/duplicateHorses/edit/:id', label: 'duplicateHorseEdit' },
  employeeRider: { path: '/employer/employees/edit/:riderId', label: 'employeeEdit' },
  teamMembershipInvite: { path: '/team-membership-invite/', label: 'teamMembershipInvite' },
  attendeeInvite: { path: '/attendee-invite/', label: 'attendeeInvite' },
  // /rider (issue 5)
  riderHorses: { path: '/rider/horses', label: 'horses' },
  riderHorseAdd: { path: '/rider/horses/add', label: 'horseAdd' },
  riderHorseView: { path: '/rider/horses/view/:id', label: 'horseView' },
  riderHorseOwner: { path: '/rider/horses/view/:id/:horseOwnerId', label: 'horseOwner' },
  riderGrooms: { path: '/rider/grooms', label: 'grooms' },
  riderGroomAdd: { path: '/rider/grooms/add', label: 'groomAdd' },
  riderGroomEdit: { path: '/rider/grooms/edit/:groomId', label: 'groomEdit' },
  riderBankAccounts: { path: '/rider/bankAccounts', label: 'bankAccounts' },
  riderBankAccountAdd: { path: '/rider/bankAccounts/add', label: 'bankAccountAdd' },
  riderBankAccountEdit: { path: '/rider/bankAccounts/:bankAccountId', label: 'bankAccountEdit' },
  riderEmployment: { path: '/rider/employment', label: 'employment' },
  riderTeamMembers: { path: '/rider/teamMembers', label: 'teamMembers' },
  riderTeamMemberAdd: { path: '/rider/teamMembers/add', label: 'teamMemberAdd' },
  riderTeamMemberEdit: { path: '/rider/teamMembers/:teamMembersId', label: 'teamMemberEdit' },
  riderTeamMembersJoin: { path: '/rider/teamMembers/join', label: 'teamMembersJoin' },
  riderTeamMemberDocuments: { path: '/rider/teamMembers/documents', label: 'teamMemberDocuments' },
  riderTeamMemberDocumentAdd: { path: '/rider/teamMembers/documents/add', label: 'teamMemberDocumentAdd' },
  riderDocuments: { path: '/rider/documents', label: 'documents' },
  riderDocumentAdd: { path: '/rider/documents/add', label: 'documentAdd' },
  riderShows: { path: '/rider/shows', label: 'shows' },
  riderShowTransactions: { path: '/rider/shows/:venueId/transactions', label: 'showTransactions' },
  riderShowParticipation: { path: '/rider/shows/participation/:participationId', label: 'showParticipation' },
  riderReports: { path: '/rider/reports', label: 'reports' },
  riderBalance: { path: '/rider/balance', label: 'balance' },
  // /riders/:riderId (issue 5)
  adminRiderProfile: { path: '/riders/:riderId/profile', label: 'profile' },
  adminRiderHorses: { path: '/riders/:riderId/horses', label: 'horses' },
  adminRiderHorseAdd: { path: '/riders/:riderId/horses/add', label: 'horseAdd' },
  adminRiderHorseView: { path: '/riders/:riderId/horses/view/:id', label: 'horseView' },
  adminRiderHorseOwner: { path: '/riders/:riderId/horses/view/:id/:horseOwnerId', label: 'horseOwner' },
  adminRiderGrooms: { path: '/riders/:riderId/grooms', label: 'grooms' },
  adminRiderGroomAdd: { path: '/riders/:riderId/grooms/add', label: 'groomAdd' },
  adminRiderGroomEdit: { path: '/riders/:riderId/grooms/edit/:groomId', label: 'groomEdit' },
  adminRiderBankAccounts: { path: '/riders/:riderId/bankAccounts', label: 'bankAccounts' },
  adminRiderBankAccountAdd: { path: '/riders/:riderId/bankAccounts/add', label: 'bankAccountAdd' },
  adminRiderBankAccountEdit: { path: '/riders/:riderId/bankAccounts/:bankAccountId', label: 'bankAccountEdit' },
  adminRiderDocuments: { path: '/riders/:riderId/documents', label: 'documents' },
  adminRiderDocumentAdd: { path: '/riders/:riderId/documents/add', label: 'documentAdd' },
  adminRiderRiderVenueTransactions: { path: '/riders/:riderId/venue/:venueId/transactions', label: 'showTransactions' },
  adminRiderVenueParticipations: { path: '/riders/:riderId/VenueParticipations', label: 'venueParticipations' },
  adminRiderVecParticipations: { path: '/riders/:riderId/VECParticipations', label: 'vecParticipations' },
  adminRiderEmployment: { path: '/riders/:riderId/employment', label: 'employment' },
  adminRiderTeamMembers: { path: '/riders/:riderId/teamMembers', label: 'teamMembers' },
  adminRiderTeamMemberAdd: { path: '/riders/:riderId/teamMembers/add', label: 'teamMemberAdd' },
  adminRiderTeamMemberEdit: { path: '/riders/:riderId/teamMembers/:teamMembersId', label: 'teamMemberEdit' },
  adminRiderReports: { path: '/riders/:riderId/reports', label: 'reports' },
  adminRiderBalance: { path: '/riders/:riderId/balance', label: 'balance' },
  adminRiderShows: { path: '/riders/:riderId/shows', label: 'shows' },
  adminRiderShowTransactions: { path: '/riders/:riderId/shows/:venueId/transactions', label: 'showTransactions' },
  adminRiderShowParticipation: {
    path: '/riders/:riderId/shows/participation/:participationId',
    label: 'showParticipation',
  },
  // /employer/employees/edit/:riderId (issue 5)
  employeeRiderProfile: { path: '/employer/employees/edit/:riderId/profile', label: 'profile' },
  employeeRiderHorses: { path: '/employer/employees/edit/:riderId/horses', label: 'horses' },
  employeeRiderHorseAdd: { path: '/employer/employees/edit/:riderId/horses/add', label: 'horseAdd' },
  employeeRiderHorseView: { path: '/employer/employees/edit/:riderId/horses/view/:id', label: 'horseView' },
  employeeRiderHorseOwner: {
    path: '/employer/employees/edit/:riderId/horses/view/:id/:horseOwnerId',
    label: 'horseOwner',
  },
  employeeRiderGrooms: { path: '/employer/employees/edit/:riderId/grooms', label: 'grooms' },
  employeeRiderGroomAdd: { path: '/employer/employees/edit/:riderId/grooms/add', label: 'groomAdd' },
  employeeRiderGroomEdit: { path: '/employer/employees/edit/:riderId/grooms/edit/:groomId', label: 'groomEdit' },
  employeeRiderBankAccounts: { path: '/employer/employees/edit/:riderId/bankAccounts', label: 'bankAccounts' },
  employeeRiderBankAccountAdd: { path: '/employer/employees/edit/:riderId/bankAccounts/add', label: 'bankAccountAdd' },
  employeeRiderBankAccountEdit: {
    path: '/employer/employees/edit/:riderId/bankAccounts/:bankAccountId',
    label: 'bankAccountEdit',
  },
  employeeRiderDocuments: { path: '/employer/employees/edit/:riderId/documents', label: 'documents' },
  employeeRiderDocumentAdd: { path: '/employer/employees/edit/:riderId/documents/add', label: 'documentAdd' },
  // /employer (issue 5)
  employerProfile: { path: '/employer/profile', label: 'profile' },
  employerEmployees: { path: '/employer/employees', label: 'employees' },
  employerEmployeeAdd: { path: '/employer/employees/add', label: 'employeeAdd' },
  employerBankAccounts: { path: '/employer/bankAccounts', label: 'bankAccounts' },
  employerBankAccountAdd: { path: '/employer/bankAccounts/add', label: 'bankAccountAdd' },
  employerBankAccountEdit: { path: '/employer/bankAccounts/:bankAccountId', label: 'bankAccountEdit' },
  employerDocuments: { path: '/employer/documents', label: 'documents' },
  employerDocumentAdd: { path: '/employer/documents/add', label: 'documentAdd' },
  employerReports: { path: '/employer/reports', label: 'reports' },
  employerBalance: { path: '/employer/balance', label: 'balance' },
  employerTeamMembers: { path: '/employer/teamMembers', label: 'teamMembers' },
  employerTeamMemberAdd: { path: '/employer/teamMembers/add', label: 'teamMemberAdd' },
  employerTeamMemberEdit: { path: '/employer/teamMembers/:teamMembersId', label: 'teamMemberEdit' },
  employerTeamMembersJoin: { path: '/employer/teamMembers/join', label: 'teamMembersJoin' },
  // /employers/:employerId (issue 5)
  adminEmployerProfile: { path: '/employers/:employerId/profile', label: 'profile' },
  adminEmployerEmployees: { path: '/employers/:employerId/employees', label: 'employees' },
  adminEmployerEmployeeAdd: { path: '/employers/:employerId/employees/add', label: 'employeeAdd' },
  adminEmployerBankAccounts: { path: '/employers/:employerId/bankAccounts', label: 'bankAccounts' },
  adminEmployerBankAccountAdd: { path: '/employers/:employerId/bankAccounts/add', label: 'bankAccountAdd' },
  adminEmployerBankAccountEdit: {
    path: '/employers/:employerId/bankAccounts/:bankAccountId',
    label: 'bankAccountEdit',
  },
  adminEmployerTeamMembers: { path: '/employers/:employerId/teamMembers', label: 'teamMembers' },
  adminEmployerTeamMemberAdd: { path: '/employers/:employerId/teamMembers/add', label: 'teamMemberAdd' },
  adminEmployerTeamMemberEdit: { path: '/employers/:employerId/teamMembers/:teamMembersId', label: 'teamMemberEdit' },
  adminEmployerDocuments: { path: '/employers/:employerId/documents', label: 'documents' },
  adminEmployerDocumentAdd: { path: '/employers/:employerId/documents/add', label: 'documentAdd' },
  adminEmployerReports: { path: '/employers/:employerId/reports', label: 'reports' },
  adminEmployerBalance: { path: '/employers/:employerId/balance', label: 'balance' },
  // /official (issue 5)
  officialProfile: { path: '/official/profile', label: 'profile' },
  officialBankAccounts: { path: '/official/bankAccounts', label: 'bankAccounts' },
  officialBankAccountAdd: { path: '/official/bankAccounts/add', label: 'bankAccountAdd' },
  officialBankAccountEdit: { path: '/official/bankAccounts/:bankAccountId', label: 'bankAccountEdit' },
  officialDocuments: { path: '/official/documents', label: 'documents' },
  officialDocumentAdd: { path: '/official/documents/add', label: 'documentAdd' },
  officialReports: { path: '/official/reports', label: 'reports' },
  officialVenues: { path: '/official/venues', label: 'officialVenues' },
  officialVenueTransactions: { path: '/official/venues/:venueId/transactions', label: 'showTransactions' },
  officialBalance: { path: '/official/balance', label: 'balance' },
  officialTeamMembers: { path: '/official/teamMembers', label: 'accreditation' },
  officialTeamMemberAdd: { path: '/official/teamMembers/add', label: 'teamMemberAdd' },
  officialTeamMemberEdit: { path: '/official/teamMembers/:teamMembersId', label: 'teamMemberEdit' },
  officialTeamMembersJoin: { path: '/official/teamMembers/join', label: 'teamMembersJoin' },
  // /officials/:officialId (issue 5)
  adminOfficialProfile: { path: '/officials/:officialId/profile', label: 'profile' },
  adminOfficialBankAccounts: { path: '/officials/:officialId/bankAccounts', label: 'bankAccounts' },
  adminOfficialBankAccountAdd: { path: '/officials/:officialId/bankAccounts/add', label: 'bankAccountAdd' },
  adminOfficialBankAccountEdit: {
    path: '/officials/:officialId/bankAccounts/:bankAccountId',
    label: 'bankAccountEdit',
  },
  adminOfficialDocuments: { path: '/officials/:officialId/documents', label: 'documents' },
  adminOfficialDocumentAdd: { path: '/officials/:officialId/documents/add', label: 'documentAdd' },
  adminOfficialTeamMembers: { path: '/officials/:officialId/teamMembers', label: 'teamMembers' },
  adminOfficialTeamMemberAdd: { path: '/officials/:officialId/teamMembers/add', label: 'teamMemberAdd' },
  adminOfficialTeamMemberEdit: { path: '/officials/:officialId/teamMembers/:teamMembersId', label: 'teamMemberEdit' },
  adminOfficialVenues: { path: '/officials/:officialId/venues', label: 'officialVenues' },
  adminOfficialVenueTransactions: {
    path: '/officials/:officialId/venues/:venueId/transactions',
    label: 'showTransactions',
  },
  adminOfficialReports: { path: '/officials/:officialId/reports', label: 'reports' },
  adminOfficialBalance: { path: '/officials/:officialId/balance', label: 'balance' },
  // /simpleuser (issue 5)
  simpleuserProfile: { path: '/simpleuser/profile', label: 'profile' },
  simpleuserBankAccounts: { path: '/simpleuser/bankAccounts', label: 'bankAccounts' },
  simpleuserBankAccountAdd: { path: '/simpleuser/bankAccounts/add', label: 'bankAccountAdd' },
  simpleuserBankAccountEdit: { path: '/simpleuser/bankAccounts/:bankAccountId', label: 'bankAccountEdit' },
  simpleuserDocuments: { path: '/simpleuser/documents', label: 'documents' },
  simpleuserDocumentAdd: { path: '/simpleuser/documents/add', label: 'documentAdd' },
  simpleuserBalance: { path: '/simpleuser/balance', label: 'balance' },
  simpleuserTeamMembers: { path: '/simpleuser/teamMembers', label: 'teamMembers' },
  simpleuserTeamMemberAdd: { path: '/simpleuser/teamMembers/add', label: 'teamMemberAdd' },
  simpleuserTeamMemberEdit: { path: '/simpleuser/teamMembers/:teamMembersId', label: 'teamMemberEdit' },
  simpleuserTeamMembersJoin: { path: '/simpleuser/teamMembers/join', label: 'teamMembersJoin' },
  // /simpleusers/:simpleUserId (issue 5)
  adminSimpleuserProfile: { path: '/simpleusers/:simpleUserId/profile', label: 'profile' },
  adminSimpleuserBankAccounts: { path: '/simpleusers/:simpleUserId/bankAccounts', label: 'bankAccounts' },
  adminSimpleuserBankAccountAdd: { path: '/simpleusers/:simpleUserId/bankAccounts/add', label: 'bankAccountAdd' },
  adminSimpleuserBankAccountEdit: {
    path: '/simpleusers/:simpleUserId/bankAccounts/:bankAccountId',
    label: 'bankAccountEdit',
  },
  adminSimpleuserDocuments: { path: '/simpleusers/:simpleUserId/documents', label: 'documents' },
  adminSimpleuserDocumentAdd: { path: '/simpleusers/:simpleUserId/documents/add', label: 'documentAdd' },
  adminSimpleuserTeamMembers: { path: '/simpleusers/:simpleUserId/teamMembers', label: 'teamMembers' },
  adminSimpleuserTeamMemberAdd: { path: '/simpleusers/:simpleUserId/teamMembers/add', label: 'teamMemberAdd' },
  adminSimpleuserTeamMemberEdit: {
    path: '/simpleusers/:simpleUserId/teamMembers/:teamMembersId',
    label: 'teamMemberEdit',
  },
  adminSimpleuserBalance: { path: '/simpleusers/:simpleUserId/balance', label: 'balance' },
  // /merchant (issue 5)
  merchantAddTransaction: { path: '/merchant/addTransaction', label: 'merchantAddTransaction' },
  merchantListTransactions: { path: '/merchant/listTransactions', label: 'merchantListTransactions' },
  merchantEvclFees: { path: '/merchant/evclFees', label: 'evclFees' },
  merchantProfile: { path: '/merchant/profile', label: 'profile' },
  merchantBankAccounts: { path: '/merchant/bankAccounts', label: 'bankAccounts' },
  merchantBankAccountAdd: { path: '/merchant/bankAccounts/add', label: 'bankAccountAdd' },
  merchantBankAccountEdit: { path: '/merchant/bankAccounts/:bankAccountId', label: 'bankAccountEdit' },
  // /merchants/:merchantId (issue 5)
  adminMerchantProfile: { path: '/merchants/:merchantId/profile', label: 'profile' },
  adminMerchantAddTransaction: { path: '/merchants/:merchantId/addTransaction', label: 'merchantAddTransaction' },
  adminMerchantListTransactions: { path: '/merchants/:merchantId/listTransactions', label: 'merchantListTransactions' },
  adminMerchantEvclFees: { path: '/merchants/:merchantId/evclFees', label: 'evclFees' },
  adminMerchantBankAccounts: { path: '/merchants/:merchantId/bankAccounts', label: 'bankAccounts' },
  adminMerchantBankAccountAdd: { path: '/merchants/:merchantId/bankAccounts/add', label: 'bankAccountAdd' },
  adminMerchantBankAccountEdit: {
    path: '/merchants/:merchantId/bankAccounts/:bankAccountId',
    label: 'bankAccountEdit',
  },
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
