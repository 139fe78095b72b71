/*
 * The product spec's screens (§2, with §4's sync page) and calls, one row each, with the
 * Paddock route or API path that serves it. Two tests hold the app to this table:
 *   tests/client/spec-routes.test.ts  every route below is a page of the client's route tree;
 *   tests/server/spec-calls.test.ts   every call below is an operation of the OpenAPI document.
 * A route or call that disappears from the app fails them; a spec item without a row here is
 * a gap in the table (add the row when the spec grows). README "Spec coverage" points here.
 */

export interface SpecRoute {
  /** The audience heading of spec §2. */
  audience: string;
  /** The spec's own words for the route. */
  spec: string;
  /** The route patterns of src/lib/paths that serve it (react-router syntax). */
  paths: string[];
}

const r = (audience: string, spec: string, ...paths: string[]): SpecRoute => ({ audience, spec, paths });

export const SPEC_ROUTES: SpecRoute[] = [
  // Public routes (no login)
  r('public', '/login', '/login'),
  r('public', '/registration', '/registration'),
  r('public', '/registration/confirm', '/registration/confirm'),
  r('public', '/forgotPassword', '/forgotPassword'),
  r('public', '/passwordReset', '/passwordReset'),
  r('public', '/403', '/403'),
  r('public', '/attendance/{venueId optional}', '/attendance/:venueId?'),
  r('public', '/magic-login', '/magic-login'),
  r('public', '/team-membership-invite/', '/team-membership-invite/'),
  r('public', '/attendee-invite/', '/attendee-invite/'),
  r('public', '/confirmPayment/', '/confirmPayment/'),
  r('public', '/preshow/{show}', '/preshow/:show'),
  // Logged in
  r('logged in', '/ (choose a dashboard)', '/'),
  r('logged in', 'any other path: "Route not found"', '*'),
  // Rider
  r('rider', '/rider/ (redirects to overview)', '/rider', '/rider/overview'),
  r('rider', 'overview/show/:show', '/rider/overview/show/:show'),
  r('rider', 'profile', '/rider/profile'),
  r(
    'rider',
    'horses: add, view/:id, view/:id/:horseOwnerId',
    '/rider/horses',
    '/rider/horses/add',
    '/rider/horses/view/:id',
    '/rider/horses/view/:id/:horseOwnerId',
  ),
  r('rider', 'grooms: add, edit/:groomId', '/rider/grooms', '/rider/grooms/add', '/rider/grooms/edit/:groomId'),
  r(
    'rider',
    'bankAccounts: add, :bankAccountId',
    '/rider/bankAccounts',
    '/rider/bankAccounts/add',
    '/rider/bankAccounts/:bankAccountId',
  ),
  r('rider', 'employment', '/rider/employment'),
  r(
    'rider',
    'teamMembers: add, :teamMembersId, join, documents, documents/add',
    '/rider/teamMembers',
    '/rider/teamMembers/add',
    '/rider/teamMembers/:teamMembersId',
    '/rider/teamMembers/join',
    '/rider/teamMembers/documents',
    '/rider/teamMembers/documents/add',
  ),
  r('rider', 'documents: add', '/rider/documents', '/rider/documents/add'),
  r(
    'rider',
    'shows: :venueId/transactions, :riderId/:venueId/selfCheckout, participation/:participationId',
    '/rider/shows',
    '/rider/shows/:venueId/transactions',
    '/rider/shows/:riderId/:venueId/selfCheckout',
    '/rider/shows/participation/:participationId',
  ),
  r('rider', 'reports, balance, creditCard', '/rider/reports', '/rider/balance', '/rider/creditCard'),
  r('rider', 'createPayment', '/rider/createPayment'),
  r('rider', 'authRedirect (no auth needed)', '/rider/authRedirect'),
  // Admin: venues
  r('admin', '/ (redirects to the venues list)', '/venues'),
  r('admin', 'venues: list and add', '/venues/add'),
  r('admin', 'venues/:venueId/config with edit', '/venues/:venueId/config', '/venues/:venueId/config/edit'),
  r('admin', 'config: venueEventCategories', '/venues/:venueId/config/venueEventCategories'),
  r(
    'admin',
    'config: competitions',
    '/venues/:venueId/config/competitions',
    '/venues/:venueId/config/competitions/add',
    '/venues/:venueId/config/competitions/edit/:competitionId',
  ),
  r('admin', 'config: consumables', '/venues/:venueId/config/consumables'),
  r(
    'admin',
    'config: taxConfigurations (list, edit/:VEC_ID)',
    '/venues/:venueId/config/taxConfigurations',
    '/venues/:venueId/config/taxConfigurations/edit/:VEC_ID',
  ),
  r(
    'admin',
    'config: users, other, emails, whitelabels',
    '/venues/:venueId/config/users',
    '/venues/:venueId/config/other',
    '/venues/:venueId/config/emails',
    '/venues/:venueId/config/whitelabels',
  ),
  r(
    'admin',
    'views: participants, officials',
    '/venues/:venueId/views/participants',
    '/venues/:venueId/views/officials',
  ),
  r(
    'admin',
    'views: startlists (competition/:competitionId)',
    '/venues/:venueId/views/startlists',
    '/venues/:venueId/views/startlists/competition/:competitionId',
  ),
  r(
    'admin',
    'views: rankings (competition/:competitionId, add, edit)',
    '/venues/:venueId/views/rankings',
    '/venues/:venueId/views/rankings/competition/:competitionId',
    '/venues/:venueId/views/rankings/competition/:competitionId/add',
    '/venues/:venueId/views/rankings/competition/:competitionId/edit/:entryId',
  ),
  r(
    'admin',
    'views: transactions (edit/:transactionId, new), transactions/rider/:riderId',
    '/venues/:venueId/views/transactions',
    '/venues/:venueId/views/transactions/edit/:transactionId',
    '/venues/:venueId/views/transactions/new',
    '/venues/:venueId/views/transactions/rider/:riderId',
  ),
  r('admin', 'views: officialTransactions', '/venues/:venueId/views/officialTransactions'),
  r(
    'admin',
    'views: organizer, vetcheck, signin',
    '/venues/:venueId/views/organizer',
    '/venues/:venueId/views/vetcheck',
    '/venues/:venueId/views/signin',
  ),
  r(
    'admin',
    'views: welcomedesk attendees (list, add)',
    '/venues/:venueId/views/welcomedesk/attendees',
    '/venues/:venueId/views/welcomedesk/attendees/add',
  ),
  r('admin', 'views: venue-import', '/venues/:venueId/views/venue-import'),
  r(
    'admin',
    'actions: onboardingEmails, invoices',
    '/venues/:venueId/actions/onboardingEmails',
    '/venues/:venueId/actions/invoices',
  ),
  r(
    'admin',
    'actions: uploadResults, generateXMLResults',
    '/venues/:venueId/actions/uploadResults',
    '/venues/:venueId/actions/generateXMLResults',
  ),
  r(
    'admin',
    'actions: sendEmails, sendEmailsAttendees',
    '/venues/:venueId/actions/sendEmails',
    '/venues/:venueId/actions/sendEmailsAttendees',
  ),
  // Admin: configuration
  r(
    'admin',
    'configuration: countries, currencies, eventCategories, taxTypes, termsAndConditions',
    '/config/countries',
    '/config/currencies',
    '/config/eventCategories',
    '/config/taxTypes',
    '/config/termsAndConditions',
  ),
  r('admin', 'configuration: venue bank accounts', '/config/bankAccounts'),
  // Admin: riders
  r('admin', 'riders: add', '/riders', '/riders/add'),
  r('admin', 'riders/:riderId: profile', '/riders/:riderId', '/riders/:riderId/profile'),
  r(
    'admin',
    'riders/:riderId: horses',
    '/riders/:riderId/horses',
    '/riders/:riderId/horses/add',
    '/riders/:riderId/horses/view/:id',
    '/riders/:riderId/horses/view/:id/:horseOwnerId',
  ),
  r(
    'admin',
    'riders/:riderId: grooms',
    '/riders/:riderId/grooms',
    '/riders/:riderId/grooms/add',
    '/riders/:riderId/grooms/edit/:groomId',
  ),
  r(
    'admin',
    'riders/:riderId: bankAccounts',
    '/riders/:riderId/bankAccounts',
    '/riders/:riderId/bankAccounts/add',
    '/riders/:riderId/bankAccounts/:bankAccountId',
  ),
  r(
    'admin',
    'riders/:riderId: bankAccounts, SVPS variants',
    '/riders/:riderId/bankAccounts/svps/add',
    '/riders/:riderId/bankAccounts/svps/:bankAccountId',
  ),
  r('admin', 'riders/:riderId: documents', '/riders/:riderId/documents', '/riders/:riderId/documents/add'),
  r('admin', 'riders/:riderId: venue/:venueId/transactions', '/riders/:riderId/venue/:venueId/transactions'),
  r(
    'admin',
    'riders/:riderId: VenueParticipations (with external costs), VECParticipations',
    '/riders/:riderId/VenueParticipations',
    '/riders/:riderId/VECParticipations',
  ),
  r(
    'admin',
    'riders/:riderId: employment, teamMembers',
    '/riders/:riderId/employment',
    '/riders/:riderId/teamMembers',
    '/riders/:riderId/teamMembers/add',
    '/riders/:riderId/teamMembers/:teamMembersId',
  ),
  r(
    'admin',
    'riders/:riderId: reports, balance, creditCard, shows',
    '/riders/:riderId/reports',
    '/riders/:riderId/balance',
    '/riders/:riderId/creditCard',
    '/riders/:riderId/shows',
  ),
  // Admin: other areas
  r(
    'admin',
    'employers: profile, bankAccounts, employees, teamMembers, documents, reports, balance, creditCard',
    '/employers',
    '/employers/:employerId/profile',
    '/employers/:employerId/bankAccounts',
    '/employers/:employerId/employees',
    '/employers/:employerId/teamMembers',
    '/employers/:employerId/documents',
    '/employers/:employerId/reports',
    '/employers/:employerId/balance',
    '/employers/:employerId/creditCard',
  ),
  r(
    'admin',
    'officials: profile, bankAccounts, documents, teamMembers, reports, balance',
    '/officials',
    '/officials/:officialId/profile',
    '/officials/:officialId/bankAccounts',
    '/officials/:officialId/documents',
    '/officials/:officialId/teamMembers',
    '/officials/:officialId/reports',
    '/officials/:officialId/balance',
  ),
  r(
    'admin',
    'officials: venues (with participation and transactions)',
    '/officials/:officialId/venues',
    '/officials/:officialId/venues/:venueId/participation',
    '/officials/:officialId/venues/:venueId/transactions',
  ),
  r(
    'admin',
    'merchants: profile, addTransaction, listTransactions, evclFees, bankAccounts',
    '/merchants',
    '/merchants/:merchantId/profile',
    '/merchants/:merchantId/addTransaction',
    '/merchants/:merchantId/listTransactions',
    '/merchants/:merchantId/evclFees',
    '/merchants/:merchantId/bankAccounts',
  ),
  r(
    'admin',
    'simpleusers: profile, bankAccounts, documents, teamMembers, balance, creditCard',
    '/simpleusers',
    '/simpleusers/:simpleUserId/profile',
    '/simpleusers/:simpleUserId/bankAccounts',
    '/simpleusers/:simpleUserId/documents',
    '/simpleusers/:simpleUserId/teamMembers',
    '/simpleusers/:simpleUserId/balance',
    '/simpleusers/:simpleUserId/creditCard',
  ),
  r('admin', 'balances overview and summary', '/balances', '/balances/summary'),
  r('admin', 'findClient, consumables, devices, livescore', '/findClient', '/consumables', '/devices', '/livescore'),
  r(
    'admin',
    'duplicates (duplicateHorses, edit/:id)',
    '/duplicates',
    '/duplicates/duplicateHorses',
    '/duplicates/duplicateHorses/edit/:id',
  ),
  r('admin', 'sync (§4 "Sync"; the spec names no route)', '/sync'),
  // Employer
  r('employer', 'overview, profile', '/employer', '/employer/overview', '/employer/profile'),
  r(
    'employer',
    'employees (add, edit/:riderId with nested rider sections)',
    '/employer/employees',
    '/employer/employees/add',
    '/employer/employees/edit/:riderId',
    '/employer/employees/edit/:riderId/profile',
    '/employer/employees/edit/:riderId/horses',
    '/employer/employees/edit/:riderId/grooms',
    '/employer/employees/edit/:riderId/bankAccounts',
    '/employer/employees/edit/:riderId/documents',
  ),
  r(
    'employer',
    'bankAccounts, documents, reports, balance, creditCard, createPayment',
    '/employer/bankAccounts',
    '/employer/documents',
    '/employer/reports',
    '/employer/balance',
    '/employer/creditCard',
    '/employer/createPayment',
  ),
  r('employer', 'teamMembers join', '/employer/teamMembers', '/employer/teamMembers/join'),
  // Stable
  r(
    'stable',
    'dashboard, addTransaction, transactions',
    '/stable',
    '/stable/dashboard',
    '/stable/addTransaction',
    '/stable/transactions',
  ),
  r('stable', 'qr/:userType:userId-:hash (one segment, parsed by src/shared/qr.ts)', '/stable/qr/:code'),
  // Merchant
  r(
    'merchant',
    'dashboard, addTransaction, listTransactions, profile, bankAccounts, evclFees',
    '/merchant',
    '/merchant/dashboard',
    '/merchant/addTransaction',
    '/merchant/listTransactions',
    '/merchant/profile',
    '/merchant/bankAccounts',
    '/merchant/evclFees',
  ),
  // Organizer
  r('organizer', 'list, rider/:riderId', '/organizer', '/organizer/list', '/organizer/rider/:riderId'),
  r(
    'organizer',
    'vetcheck, participants, signin, welcomedesk, officials',
    '/organizer/vetcheck',
    '/organizer/participants',
    '/organizer/signin',
    '/organizer/welcomedesk',
    '/organizer/officials',
  ),
  r(
    'organizer',
    'startlists, transactions, officialTransactions, rankings, invoices, devices',
    '/organizer/startlists',
    '/organizer/transactions',
    '/organizer/officialTransactions',
    '/organizer/rankings',
    '/organizer/invoices',
    '/organizer/devices',
  ),
  // Official
  r('official', 'overview, profile', '/official', '/official/overview', '/official/profile'),
  r(
    'official',
    'bankAccounts (add, {bankAccountId} edit), documents (add)',
    '/official/bankAccounts',
    '/official/bankAccounts/add',
    '/official/bankAccounts/:bankAccountId',
    '/official/documents',
    '/official/documents/add',
  ),
  r(
    'official',
    'reports, venues ({venueId}/transactions), balance, creditCard',
    '/official/reports',
    '/official/venues',
    '/official/venues/:venueId/transactions',
    '/official/balance',
    '/official/creditCard',
  ),
  r(
    'official',
    'teamMembers (Accreditation; join), createPayment',
    '/official/teamMembers',
    '/official/teamMembers/join',
    '/official/createPayment',
  ),
  // Simple user
  r('simpleuser', 'overview, profile', '/simpleuser', '/simpleuser/overview', '/simpleuser/profile'),
  r(
    'simpleuser',
    'bankAccounts (add, {bankAccountId}), documents (add)',
    '/simpleuser/bankAccounts',
    '/simpleuser/bankAccounts/add',
    '/simpleuser/bankAccounts/:bankAccountId',
    '/simpleuser/documents',
    '/simpleuser/documents/add',
  ),
  r(
    'simpleuser',
    'balance, creditCard, createPayment',
    '/simpleuser/balance',
    '/simpleuser/creditCard',
    '/simpleuser/createPayment',
  ),
  r(
    'simpleuser',
    'teamMembers (join, add, {teamMembersId} edit)',
    '/simpleuser/teamMembers',
    '/simpleuser/teamMembers/join',
    '/simpleuser/teamMembers/add',
    '/simpleuser/teamMembers/:teamMembersId',
  ),
  // Floor desks
  r('welcomedesk', 'list (Welcome desk), add (Add attendee)', '/welcomedesk', '/welcomedesk/list', '/welcomedesk/add'),
  r('signin', 'list (Sign-In view)', '/signin', '/signin/list'),
  r('vetcheck', 'dashboard with a list child (Vet-check view)', '/vetcheck', '/vetcheck/list'),
];

/**
 * The client's other pages: the add, edit and detail pages a spec section implies (its list names
 * the section only), and Paddock's additions beyond spec §2. With SPEC_ROUTES they are every page
 * of src/lib/paths: tests/client/spec-routes.test.ts fails on a page in neither list, so a row
 * dropped from SPEC_ROUTES is noticed too.
 */
export const SUB_PAGES: string[] = [
  '/employers/add',
  '/employers/:employerId',
  '/officials/add',
  '/officials/:officialId',
  '/simpleusers/add',
  '/simpleusers/:simpleUserId',
  '/merchants/add',
  '/merchants/:merchantId',
  '/riders/:riderId/shows/:venueId/transactions',
  '/riders/:riderId/shows/participation/:participationId',
  '/employers/:employerId/employees/add',
  '/employers/:employerId/bankAccounts/add',
  '/employers/:employerId/bankAccounts/:bankAccountId',
  '/employers/:employerId/teamMembers/add',
  '/employers/:employerId/teamMembers/:teamMembersId',
  '/employers/:employerId/documents/add',
  '/officials/:officialId/bankAccounts/add',
  '/officials/:officialId/bankAccounts/:bankAccountId',
  '/officials/:officialId/documents/add',
  '/officials/:officialId/teamMembers/add',
  '/officials/:officialId/teamMembers/:teamMembersId',
  '/simpleusers/:simpleUserId/bankAccounts/add',
  '/simpleusers/:simpleUserId/bankAccounts/:bankAccountId',
  '/simpleusers/:simpleUserId/documents/add',
  '/simpleusers/:simpleUserId/teamMembers/add',
  '/simpleusers/:simpleUserId/teamMembers/:teamMembersId',
  '/merchants/:merchantId/bankAccounts/add',
  '/merchants/:merchantId/bankAccounts/:bankAccountId',
  '/employer/employees/edit/:riderId/horses/add',
  '/employer/employees/edit/:riderId/horses/view/:id',
  '/employer/employees/edit/:riderId/horses/view/:id/:horseOwnerId',
  '/employer/employees/edit/:riderId/grooms/add',
  '/employer/employees/edit/:riderId/grooms/edit/:groomId',
  '/employer/employees/edit/:riderId/bankAccounts/add',
  '/employer/employees/edit/:riderId/bankAccounts/:bankAccountId',
  '/employer/employees/edit/:riderId/documents/add',
  '/employer/bankAccounts/add',
  '/employer/bankAccounts/:bankAccountId',
  '/employer/documents/add',
  '/employer/teamMembers/add',
  '/employer/teamMembers/:teamMembersId',
  '/official/teamMembers/add',
  '/official/teamMembers/:teamMembersId',
  '/merchant/bankAccounts/add',
  '/merchant/bankAccounts/:bankAccountId',
  '/organizer/startlists/:competitionId',
  '/organizer/rankings/:competitionId',
];

export const PADDOCK_ROUTES: string[] = [
  // every signed-in user's own password
  '/password',
  // invoices, payouts and bank statements
  '/venues/:venueId/actions/invoices/:invoiceId',
  '/venues/:venueId/actions/payouts',
  '/venues/:venueId/actions/bankStatements',
  '/organizer/invoices/:invoiceId',
  '/organizer/payouts',
  '/organizer/bankStatements',
  // the system's pages
  '/errorReports',
  '/auditLog',
  // the public live scores of a show
  '/live/:venueId',
  // the simple user's statements, as every other party has them
  '/simpleusers/:simpleUserId/reports',
  '/simpleuser/reports',
];

export interface SpecCall {
  /** The subsection of spec §7. */
  section: string;
  /** The spec's own words for the call. */
  spec: string;
  /** The operations that serve it: `METHOD /path` as the OpenAPI document writes them. */
  operations: string[];
  /** Query parameters the spec names (`?venue`): each must be a documented parameter of the first operation. */
  query?: string[];
  /** The operation also takes an array of records (spec §7 "POST with an array for bulk create"). */
  bulk?: boolean;
  /** Where Paddock's path differs from the spec's, why. */
  note?: string;
}

const c = (section: string, spec: string, operations: string[], extra: Partial<SpecCall> = {}): SpecCall => ({
  section,
  spec,
  operations,
  ...extra,
});

const PERSON_KINDS = ['rider', 'employer', 'official', 'simpleuser', 'merchant'] as const;

export const SPEC_CALLS: SpecCall[] = [
  // Generic (every resource follows them; these rows name the resources that carry them)
  c('generic', 'GET list with parameters', [
    'GET /api/v1/venueParticipation/',
    'GET /api/v1/consumable/',
    'GET /api/v1/attendee/',
  ]),
  c('generic', 'GET {id}/', ['GET /api/v1/venueParticipation/{id}/', 'GET /api/v1/venue/{id}/']),
  c('generic', 'POST create', ['POST /api/v1/venueParticipation/', 'POST /api/v1/competition/']),
  c('generic', 'PATCH {id}/ update', ['PATCH /api/v1/venueParticipation/{id}/', 'PATCH /api/v1/consumable/{id}/']),
  c('generic', 'DELETE {id}/', ['DELETE /api/v1/venueParticipation/{id}/', 'DELETE /api/v1/consumable/{id}/']),
  c('generic', 'POST with an array for bulk create: consumables', ['POST /api/v1/consumable/'], { bulk: true }),
  c('generic', 'POST with an array for bulk create: attendees', ['POST /api/v1/attendee/'], { bulk: true }),
  c('generic', 'POST with an array for bulk create: head numbers', ['POST /api/v1/headNumber/'], { bulk: true }),
  // Authentication and session
  c('auth', 'POST /api/token/auth/ with username and password', ['POST /api/token/auth/']),
  c('auth', 'POST /api/token/refresh/ with token', ['POST /api/token/refresh/']),
  c('auth', 'GET /api/auth/user/', ['GET /api/auth/user/']),
  c('auth', 'POST /api/auth/user/impersonate/', ['POST /api/auth/user/impersonate/']),
  c('auth', 'unimpersonate /api/auth/user/unimpersonate/', ['POST /api/auth/user/unimpersonate/']),
  c('auth', 'logout /api/auth/user/logout/ (GET)', ['GET /api/auth/user/logout/']),
  c('auth', 'POST /_passwordReset/ with {email}', ['POST /_passwordReset/']),
  c('auth', 'POST /_passwordReset/{uidb64}/{token}/', ['POST /_passwordReset/{uidb64}/{token}/']),
  c('auth', 'GET /api/v1/venue/check_hostname/', ['GET /api/v1/venue/check_hostname/']),
  c('auth', 'GET /static/dist/translations.json with a timestamp parameter', ['GET /static/dist/translations.json']),
  c('auth', 'fetch of the venue by assigned venue', ['GET /api/v1/venue/{id}/']),
  c(
    'auth',
    'fetch of rider, employer, official, simple user and merchant by id',
    PERSON_KINDS.map((kind) => `GET /api/v1/${kind}/{id}/`),
  ),
  // Employer
  c('employer', 'GET employer/{id}/employees/', ['GET /api/v1/employer/{id}/employees/']),
  c('employer', 'POST addEmployee/', ['POST /api/v1/employer/addEmployee/']),
  c('employer', 'POST endEmployment/ {employmentId}', ['POST /api/v1/employer/endEmployment/']),
  c('employer', 'POST register/', ['POST /api/v1/employer/register/']),
  // Rider
  c('rider', 'GET horses/ and grooms/', ['GET /api/v1/rider/{id}/horses/', 'GET /api/v1/rider/{id}/grooms/'], {
    note: 'per rider: /rider/{id}/horses/',
  }),
  c('rider', 'POST horses/ and grooms/ {id, action: add or remove}', [
    'POST /api/v1/rider/{id}/horses/',
    'POST /api/v1/rider/{id}/grooms/',
  ]),
  c('rider', 'POST getByEmail/ {email}', ['POST /api/v1/rider/getByEmail/']),
  c('rider', 'POST getByFEIId/ {feiId}', ['POST /api/v1/rider/getByFEIId/']),
  c('rider', 'POST getByNationalID/ {nationalID}', ['POST /api/v1/rider/getByNationalID/']),
  c('rider', 'GET employmentStatus/', ['GET /api/v1/rider/employmentStatus/']),
  c('rider', 'GET employmentHistory/', ['GET /api/v1/rider/employmentHistory/']),
  c('rider', 'POST confirmEmployment/ and cancelEmployment/ {employmentId}', [
    'POST /api/v1/rider/confirmEmployment/',
    'POST /api/v1/rider/cancelEmployment/',
  ]),
  c('rider', 'GET listAtVenue/ with ?venue', ['GET /api/v1/rider/listAtVenue/'], { query: ['venue'] }),
  c('rider', 'POST checkRiderExists/ {registration_id, email}', ['POST /api/v1/rider/checkRiderExists/']),
  c('rider', 'PATCH horseMeta/ {rider, horse, others}', ['PATCH /api/v1/rider/horseMeta/']),
  c('rider', 'POST copyHorseOwnerData/ {source, target}', ['POST /api/v1/rider/copyHorseOwnerData/']),
  c('rider', 'GET getNextBookkeepingRefId/', ['GET /api/v1/rider/getNextBookkeepingRefId/']),
  c('rider', 'PATCH acceptTC/', ['PATCH /api/v1/rider/acceptTC/']),
  // Venue (per venue in Paddock: /venue/{id}/… where the spec's call acts on one venue)
  c('venue', 'POST fetch_from_fei/ {fei_id}', ['POST /api/v1/venue/{id}/fetch_from_fei/'], { note: 'per venue' }),
  c('venue', 'POST importParticipations/ {commit}', ['POST /api/v1/venue/{id}/importParticipations/']),
  c('venue', 'POST uploadFeiParticipations/', ['POST /api/v1/venue/{id}/uploadFeiParticipations/']),
  c('venue', 'POST uploadFeiMasterlist/', ['POST /api/v1/venue/{id}/uploadFeiMasterlist/']),
  c('venue', 'POST importCompetitions/ {commit}', ['POST /api/v1/venue/{id}/importCompetitions/']),
  c('venue', 'POST uploadResults/', ['POST /api/v1/venue/{id}/uploadResults/']),
  c('venue', 'POST assignHeadNumbers/, deleteHeadNumbers/', [
    'POST /api/v1/venue/{id}/assignHeadNumbers/',
    'POST /api/v1/venue/{id}/deleteHeadNumbers/',
  ]),
  c('venue', 'POST generateInvoices/, emailInvoices/', [
    'POST /api/v1/venue/{id}/generateInvoices/',
    'POST /api/v1/venue/{id}/emailInvoices/',
  ]),
  c('venue', 'POST sendOnboardingEmailToSelf/', ['POST /api/v1/venue/{id}/sendOnboardingEmailToSelf/']),
  c('venue', 'POST exportConsumablesPDF/', ['POST /api/v1/venue/{id}/exportConsumablesPDF/']),
  c('venue', 'GET invoices/', ['GET /api/v1/venue/{id}/invoices/']),
  c('venue', 'GET generateInvoice/ with ?venueParticipationID', ['GET /api/v1/venue/{id}/generateInvoice/'], {
    query: ['venueParticipationID'],
  }),
  c('venue', 'GET users/, POST users/', ['GET /api/v1/venue/{id}/users/', 'POST /api/v1/venue/{id}/users/']),
  c('venue', 'POST whereRiderParticipated/ {rider}', ['POST /api/v1/venue/whereRiderParticipated/']),
  c('venue', 'POST whereOfficialParticipated/ {official}', ['POST /api/v1/venue/whereOfficialParticipated/']),
  c('venue', 'opened in a new window: downloadInvoices/', ['GET /api/v1/venue/{id}/downloadInvoices/']),
  c('venue', 'opened in a new window: generateXMLresults/', ['GET /api/v1/venue/{id}/generateXMLresults/']),
  c('venue', 'POST /api/v1/venue/start_sync/ (no payload)', ['POST /api/v1/venue/start_sync/']),
  c('venue', 'GET /api/v1/venue/sync_status/ returns status and progress', ['GET /api/v1/venue/sync_status/']),
  c('venue', 'email templates: POST {id}/send/ {venue}', ['POST /api/v1/emailTemplate/{id}/send/']),
  // Official and simple user
  c(
    'official and simple user',
    'listAtVenue',
    ['GET /api/v1/official/listAtVenue/', 'GET /api/v1/simpleuser/listAtVenue/'],
    {
      query: ['venue'],
    },
  ),
  c('official and simple user', 'venueTransactionDetailsPDF (new window)', [
    'GET /api/v1/official/{id}/venueTransactionDetailsPDF/',
    'GET /api/v1/simpleuser/{id}/venueTransactionDetailsPDF/',
  ]),
  c('official and simple user', 'generateCompensationBill (new window)', [
    'GET /api/v1/officialParticipation/{id}/generateCompensationBill/',
  ]),
  c(
    'official and simple user',
    'downloadCompensationBills with ?venue (new window)',
    ['GET /api/v1/official/downloadCompensationBills/'],
    { query: ['venue'] },
  ),
  c(
    'official and simple user',
    'generatePDF, generateCSV (new window)',
    [
      'GET /api/v1/official/{id}/reports/{venueId}/{format}/',
      'GET /api/v1/simpleuser/{id}/reports/{venueId}/{format}/',
    ],
    { note: 'one download per format: {format} is pdf or csv' },
  ),
  c('official and simple user', 'generateSummaryPDF (new window)', [
    'GET /api/v1/official/{id}/generateSummaryPDF/',
    'GET /api/v1/simpleuser/{id}/generateSummaryPDF/',
  ]),
  // User
  c('user', 'GET search/', ['GET /api/v1/user/search/']),
  c('user', 'POST hasUsablePassword/ {username, uid, token}', ['POST /api/v1/user/hasUsablePassword/']),
  c('user', 'POST {id}/stripe/ {token}', ['POST /api/v1/user/{id}/stripe/']),
  c('user', 'POST {id}/create_stripe_setup_intent/', ['POST /api/v1/user/{id}/create_stripe_setup_intent/']),
];

/** Calls the OpenAPI document does not describe (GraphQL has its own schema): checked as registered routes. */
export const SPEC_CALLS_OUTSIDE_OPENAPI: SpecCall[] = [
  c('generic', 'A GraphQL endpoint is at /api/graphql', ['POST /api/graphql', 'GET /api/graphql']),
];
