// The admin's venue setup and configuration pages (one lazy chunk).
export { ConfigBankAccountsRoute } from './config-bank-accounts-route';
export { ConfigCountriesRoute } from './config-countries-route';
export { ConfigCurrenciesRoute } from './config-currencies-route';
export { ConfigEventCategoriesRoute } from './config-event-categories-route';
export { ConfigTaxTypesRoute } from './config-tax-types-route';
export { ConfigTermsAndConditionsRoute } from './config-terms-route';
export { VenueAddRoute } from './venue-add-route';
export {
  VenueCompetitionAddRoute,
  VenueCompetitionEditRoute,
  VenueCompetitionsRoute,
} from './venue-competitions-route';
export { VenueConfigEditRoute } from './venue-config-edit-route';
export { VenueConfigRoute } from './venue-config-route';
export { VenueConsumablesRoute } from './venue-consumables-route';
export { VenueEmailsRoute } from './venue-emails-route';
export { VenueEventCategoriesRoute } from './venue-event-categories-route';
export { VenueOfficialsRoute } from './venue-officials-route';
export { VenueOtherRoute } from './venue-other-route';
export { VenueParticipantsRoute } from './venue-participants-route';
export { VenueTaxConfigurationEditRoute, VenueTaxConfigurationsRoute } from './venue-tax-configurations-route';
export { VenueUsersRoute } from './venue-users-route';
export { VenueWhitelabelsRoute } from './venue-whitelabels-route';
