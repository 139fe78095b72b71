import type { RouteObject } from 'react-router-dom';
import { audienceLoader, digitsLoader } from '../../../guards/loaders';
import { lazyPage } from '../../../lazy-route';
import { page, section } from '../../../route-builders';

const adminSetup = () => import('./index');

/** A venue's setup and its people views, under `/venues/:venueId`. */
export const venueSetupRoutes: RouteObject[] = [
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
            {
              loader: digitsLoader('competitionId'),
            },
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
            {
              loader: digitsLoader('VEC_ID'),
            },
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
        { loader: audienceLoader('admin') },
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
    { loader: audienceLoader('admin') },
  ),
  page(
    'venueOfficials',
    lazyPage(adminSetup, (m) => m.VenueOfficialsRoute),
    { loader: audienceLoader('admin') },
  ),
];

/** Adding a venue. */
export const venueAddRoute: RouteObject = page(
  'adminVenueAdd',
  lazyPage(adminSetup, (m) => m.VenueAddRoute),
);

/** The system configuration. */
export const setupRoutes: RouteObject[] = [
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
];
