import { Navigate, type RouteObject } from 'react-router-dom';
import type { AudienceKey } from '@shared/audiences';
import { href, PATHS, type PathKey, type StaticPathKey } from '@/lib/paths';
import { audienceLoader, digitsLoader, guestLoader, riderTermsLoader, signedInLoader } from './guards/loaders';
import { RequireSession } from './guards/require-session';
import { lazyPage } from './lazy-route';
import { managedPerson, ownerSections } from './owner-routes';
import type { RouteHandle } from './route-handle';
import { DelayedSpinner } from './shell/busy-spinner';
import { NotFound } from './shell/not-found';
import { RootLayout } from './shell/root-layout';
import { RouteError } from './shell/route-error';

/*
 * The route tree. Paths come from lib/paths (PATHS); every page's code is loaded on demand,
 * one chunk per audience (spec §2). Guards run as loaders before a page renders; the
 * after-navigation rules (preshow, whitelabel) run in the root layout.
 */

const login = () => import('./routes/public/login-route');
const publicPages = () => import('./routes/public');
const dashboard = () => import('./routes/dashboard');
const admin = () => import('./routes/admin');
const adminSetup = () => import('./routes/admin/setup');
const adminLedger = () => import('./routes/admin/ledger');
const adminPeople = () => import('./routes/admin/people');
const rider = () => import('./routes/rider');
const employer = () => import('./routes/employer');
const official = () => import('./routes/official');
const simpleuser = () => import('./routes/simpleuser');
const merchant = () => import('./routes/merchant');
const organizer = () => import('./routes/organizer');
const organizerFloor = () => import('./routes/organizer/floor');
const stable = () => import('./routes/stable');
const welcomedesk = () => import('./routes/welcomedesk');
const signin = () => import('./routes/signin');
const vetcheck = () => import('./routes/vetcheck');

function page(
  key: PathKey,
  lazy: RouteObject['lazy'],
  extra: Omit<RouteObject, 'path' | 'lazy' | 'index'> = {},
): RouteObject {
  const handle: RouteHandle = { route: key };
  return { path: PATHS[key].path, handle, lazy, ...extra } as RouteObject;
}

/** A page with sub-pages: `index` renders at its own path, `children` nest under it. */
function section(
  key: PathKey,
  index: RouteObject['lazy'],
  children: RouteObject[],
  extra: Omit<RouteObject, 'path' | 'lazy' | 'index' | 'children'> = {},
): RouteObject {
  const handle: RouteHandle = { route: key };
  return {
    path: PATHS[key].path,
    handle,
    ...extra,
    children: [{ index: true, lazy: index }, ...children],
  } as RouteObject;
}

/** An audience's route group: its guard, and its bare path redirecting to `home`. */
function group(key: PathKey, audience: AudienceKey, home: StaticPathKey, children: RouteObject[]): RouteObject {
  const handle: RouteHandle = { route: key };
  return {
    path: PATHS[key].path,
    handle,
    loader: audienceLoader(audience),
    children: [{ index: true, element: <Navigate to={href(home)} replace /> }, ...children],
  };
}

/** The admin's people areas (issue 5): a list and an add page per kind, and each person's sections. */
function adminPeopleRoutes(): RouteObject[] {
  return [
    page(
      'adminRiders',
      lazyPage(adminPeople, (m) => m.RidersListRoute),
    ),
    page(
      'adminRiderAdd',
      lazyPage(adminPeople, (m) => m.RiderAddRoute),
    ),
    managedPerson('rider', 'adminRider', 'riderId'),
    page(
      'adminEmployers',
      lazyPage(adminPeople, (m) => m.EmployersListRoute),
    ),
    page(
      'adminEmployerAdd',
      lazyPage(adminPeople, (m) => m.EmployerAddRoute),
    ),
    managedPerson('employer', 'adminEmployer', 'employerId'),
    page(
      'adminOfficials',
      lazyPage(adminPeople, (m) => m.OfficialsListRoute),
    ),
    page(
      'adminOfficialAdd',
      lazyPage(adminPeople, (m) => m.OfficialAddRoute),
    ),
    managedPerson('official', 'adminOfficial', 'officialId'),
    page(
      'adminSimpleusers',
      lazyPage(adminPeople, (m) => m.SimpleusersListRoute),
    ),
    page(
      'adminSimpleuserAdd',
      lazyPage(adminPeople, (m) => m.SimpleuserAddRoute),
    ),
    managedPerson('simpleuser', 'adminSimpleuser', 'simpleUserId'),
    page(
      'adminMerchants',
      lazyPage(adminPeople, (m) => m.MerchantsListRoute),
    ),
    page(
      'adminMerchantAdd',
      lazyPage(adminPeople, (m) => m.MerchantAddRoute),
    ),
    managedPerson('merchant', 'adminMerchant', 'merchantId'),
    {
      path: PATHS.duplicates.path,
      handle: { route: 'duplicates' } satisfies RouteHandle,
      children: [
        { index: true, element: <Navigate to={href('duplicateHorses')} replace /> },
        section(
          'duplicateHorses',
          lazyPage(adminPeople, (m) => m.DuplicateHorsesRoute),
          [
            page(
              'duplicateHorseEdit',
              lazyPage(adminPeople, (m) => m.DuplicateHorseEditRoute),
              {
                loader: digitsLoader('id'),
              },
            ),
          ],
        ),
      ],
    },
  ];
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    hydrateFallbackElement: <DelayedSpinner busy />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          page(
            'login',
            lazyPage(login, (m) => m.LoginRoute),
          ),
          page(
            'registration',
            lazyPage(publicPages, (m) => m.RegistrationRoute),
          ),
          page(
            'registrationConfirm',
            lazyPage(publicPages, (m) => m.RegistrationConfirmRoute),
          ),
          page(
            'forgotPassword',
            lazyPage(publicPages, (m) => m.ForgotPasswordRoute),
          ),
          page(
            'passwordReset',
            lazyPage(publicPages, (m) => m.PasswordResetRoute),
          ),
          page(
            'forbidden',
            lazyPage(publicPages, (m) => m.ForbiddenRoute),
          ),
          page(
            'attendance',
            lazyPage(publicPages, (m) => m.AttendanceRoute),
            { loader: digitsLoader('venueId') },
          ),
          page(
            'magicLogin',
            lazyPage(publicPages, (m) => m.MagicLoginRoute),
            { loader: guestLoader },
          ),
          page(
            'confirmPayment',
            lazyPage(publicPages, (m) => m.ConfirmPaymentRoute),
          ),
          page(
            'teamMembershipInvite',
            lazyPage(publicPages, (m) => m.TeamMembershipInviteRoute),
          ),
          page(
            'attendeeInvite',
            lazyPage(publicPages, (m) => m.AttendeeInviteRoute),
          ),
          page(
            'preshow',
            lazyPage(publicPages, (m) => m.PreshowRoute),
            { loader: digitsLoader('show') },
          ),
          {
            element: <RequireSession />,
            loader: signedInLoader,
            children: [
              page(
                'chooseDashboard',
                lazyPage(dashboard, (m) => m.ChooseDashboardRoute),
              ),
              page(
                'adminVenues',
                lazyPage(admin, (m) => m.VenuesRoute),
                { loader: audienceLoader('admin') },
              ),
              page(
                'errorReports',
                lazyPage(admin, (m) => m.ErrorReportsRoute),
                { loader: audienceLoader('admin') },
              ),
              page(
                'auditLog',
                lazyPage(admin, (m) => m.AuditLogRoute),
                { loader: audienceLoader('admin') },
              ),
              {
                loader: audienceLoader('admin'),
                children: [
                  page(
                    'adminVenueAdd',
                    lazyPage(adminSetup, (m) => m.VenueAddRoute),
                  ),
                  {
                    path: '/venues/:venueId',
                    loader: digitsLoader('venueId'),
                    children: [
                      section(
                        'venueConfig',
                        lazyPage(adminSetup, (m) => m.VenueConfigRoute),
                        [
                          page(
                            'venueConfigEdit',
                            lazyPage(adminSetup, (m) => m.VenueConfigEditRoute),
                          ),
                          page(
                            'venueEventCategories',
                            lazyPage(adminSetup, (m) => m.VenueEventCategoriesRoute),
                          ),
                          section(
                            'venueCompetitions',
                            lazyPage(adminSetup, (m) => m.VenueCompetitionsRoute),
                            [
                              page(
                                'venueCompetitionAdd',
                                lazyPage(adminSetup, (m) => m.VenueCompetitionAddRoute),
                              ),
                              page(
                                'venueCompetitionEdit',
                                lazyPage(adminSetup, (m) => m.VenueCompetitionEditRoute),
                                { loader: digitsLoader('competitionId') },
                              ),
                            ],
                          ),
                          page(
                            'venueConsumables',
                            lazyPage(adminSetup, (m) => m.VenueConsumablesRoute),
                          ),
                          section(
                            'venueTaxConfigurations',
                            lazyPage(adminSetup, (m) => m.VenueTaxConfigurationsRoute),
                            [
                              page(
                                'venueTaxConfigurationEdit',
                                lazyPage(adminSetup, (m) => m.VenueTaxConfigurationEditRoute),
                                { loader: digitsLoader('VEC_ID') },
                              ),
                            ],
                          ),
                          page(
                            'venueUsers',
                            lazyPage(adminSetup, (m) => m.VenueUsersRoute),
                          ),
                          page(
                            'venueOther',
                            lazyPage(adminSetup, (m) => m.VenueOtherRoute),
                          ),
                          page(
                            'venueEmails',
                            lazyPage(adminSetup, (m) => m.VenueEmailsRoute),
                          ),
                          page(
                            'venueWhitelabels',
                            lazyPage(adminSetup, (m) => m.VenueWhitelabelsRoute),
                          ),
                        ],
                      ),
                      page(
                        'venueParticipants',
                        lazyPage(adminSetup, (m) => m.VenueParticipantsRoute),
                      ),
                      page(
                        'venueOfficials',
                        lazyPage(adminSetup, (m) => m.VenueOfficialsRoute),
                      ),
                      section(
                        'venueTransactions',
                        lazyPage(adminLedger, (m) => m.VenueTransactionsRoute),
                        [
                          page(
                            'venueTransactionNew',
                            lazyPage(adminLedger, (m) => m.VenueTransactionNewRoute),
                          ),
                          page(
                            'venueTransactionEdit',
                            lazyPage(adminLedger, (m) => m.VenueTransactionEditRoute),
                            { loader: digitsLoader('transactionId') },
                          ),
                          page(
                            'venueRiderTransactions',
                            lazyPage(adminLedger, (m) => m.VenueRiderTransactionsRoute),
                            { loader: digitsLoader('riderId') },
                          ),
                        ],
                      ),
                      page(
                        'venueOfficialTransactions',
                        lazyPage(adminLedger, (m) => m.VenueOfficialTransactionsRoute),
                      ),
                    ],
                  },
                  page(
                    'configCountries',
                    lazyPage(adminSetup, (m) => m.ConfigCountriesRoute),
                  ),
                  page(
                    'configCurrencies',
                    lazyPage(adminSetup, (m) => m.ConfigCurrenciesRoute),
                  ),
                  page(
                    'configEventCategories',
                    lazyPage(adminSetup, (m) => m.ConfigEventCategoriesRoute),
                  ),
                  page(
                    'configTaxTypes',
                    lazyPage(adminSetup, (m) => m.ConfigTaxTypesRoute),
                  ),
                  page(
                    'configTermsAndConditions',
                    lazyPage(adminSetup, (m) => m.ConfigTermsAndConditionsRoute),
                  ),
                  page(
                    'configBankAccounts',
                    lazyPage(adminSetup, (m) => m.ConfigBankAccountsRoute),
                  ),
                  section(
                    'balances',
                    lazyPage(adminLedger, (m) => m.BalancesRoute),
                    [
                      page(
                        'balancesSummary',
                        lazyPage(adminLedger, (m) => m.BalancesSummaryRoute),
                      ),
                    ],
                  ),
                  page(
                    'findClient',
                    lazyPage(adminLedger, (m) => m.FindClientRoute),
                  ),
                  ...adminPeopleRoutes(),
                ],
              },
              group('rider', 'rider', 'riderOverview', [
                page(
                  'riderOverview',
                  lazyPage(rider, (m) => m.RiderOverviewRoute),
                  { loader: riderTermsLoader },
                ),
                page(
                  'riderOverviewShow',
                  lazyPage(rider, (m) => m.RiderOverviewShowRoute),
                  { loader: riderTermsLoader },
                ),
                ownerSections('rider', 'rider', undefined, { riderTerms: true }),
              ]),
              group('employer', 'employer', 'employerOverview', [
                page(
                  'employerOverview',
                  lazyPage(employer, (m) => m.EmployerOverviewRoute),
                ),
                ownerSections('employer', 'employer', undefined),
                managedPerson('rider', 'employeeRider', 'riderId'),
              ]),
              group('official', 'official', 'officialOverview', [
                page(
                  'officialOverview',
                  lazyPage(official, (m) => m.OfficialOverviewRoute),
                ),
                ownerSections('official', 'official', undefined),
              ]),
              group('simpleuser', 'simpleuser', 'simpleuserOverview', [
                page(
                  'simpleuserOverview',
                  lazyPage(simpleuser, (m) => m.SimpleuserOverviewRoute),
                ),
                ownerSections('simpleuser', 'simpleuser', undefined),
              ]),
              group('merchant', 'merchant', 'merchantDashboard', [
                page(
                  'merchantDashboard',
                  lazyPage(merchant, (m) => m.MerchantDashboardRoute),
                ),
                ownerSections('merchant', 'merchant', undefined),
              ]),
              group('organizer', 'organizer', 'organizerList', [
                page(
                  'organizerList',
                  lazyPage(organizer, (m) => m.OrganizerListRoute),
                ),
                page(
                  'organizerParticipants',
                  lazyPage(organizer, (m) => m.OrganizerParticipantsRoute),
                ),
                page(
                  'organizerOfficials',
                  lazyPage(organizer, (m) => m.OrganizerOfficialsRoute),
                ),
                page(
                  'organizerTransactions',
                  lazyPage(organizer, (m) => m.OrganizerTransactionsRoute),
                ),
                page(
                  'organizerOfficialTransactions',
                  lazyPage(organizer, (m) => m.OrganizerOfficialTransactionsRoute),
                ),
                page(
                  'organizerVetcheck',
                  lazyPage(organizerFloor, (m) => m.OrganizerVetcheckRoute),
                ),
                page(
                  'organizerSignin',
                  lazyPage(organizerFloor, (m) => m.OrganizerSigninRoute),
                ),
                page(
                  'organizerWelcomedesk',
                  lazyPage(organizerFloor, (m) => m.OrganizerWelcomedeskRoute),
                ),
              ]),
              group('stable', 'stable', 'stableDashboard', [
                page(
                  'stableDashboard',
                  lazyPage(stable, (m) => m.StableDashboardRoute),
                ),
                page(
                  'stableAddTransaction',
                  lazyPage(stable, (m) => m.StableAddTransactionRoute),
                ),
                page(
                  'stableTransactions',
                  lazyPage(stable, (m) => m.StableTransactionsRoute),
                ),
                page(
                  'stableQr',
                  lazyPage(stable, (m) => m.StableQrRoute),
                ),
              ]),
              group('welcomedesk', 'welcomedesk', 'welcomedeskList', [
                page(
                  'welcomedeskList',
                  lazyPage(welcomedesk, (m) => m.WelcomedeskListRoute),
                ),
                page(
                  'welcomedeskAdd',
                  lazyPage(welcomedesk, (m) => m.WelcomedeskAddRoute),
                ),
              ]),
              group('signin', 'signin', 'signinList', [
                page(
                  'signinList',
                  lazyPage(signin, (m) => m.SigninListRoute),
                ),
              ]),
              {
                path: PATHS.vetcheck.path,
                handle: { route: 'vetcheck' } satisfies RouteHandle,
                loader: audienceLoader('vetcheck'),
                children: [
                  { index: true, lazy: lazyPage(vetcheck, (m) => m.VetcheckDashboardRoute) },
                  page(
                    'vetcheckList',
                    lazyPage(vetcheck, (m) => m.VetcheckListRoute),
                  ),
                ],
              },
            ],
          },
          { path: '*', element: <NotFound />, handle: { label: 'notFound' } satisfies RouteHandle },
        ],
      },
    ],
  },
];
