export {
  EmployersListRoute,
  MerchantsListRoute,
  OfficialsListRoute,
  RidersListRoute,
  SimpleusersListRoute,
} from './list-routes';
export { EmployerAddRoute, MerchantAddRoute, OfficialAddRoute, RiderAddRoute, SimpleuserAddRoute } from './add-routes';
export { DuplicateHorseEditRoute, DuplicateHorsesRoute } from './duplicates-routes';
export { SvpsBankAccountAddRoute, SvpsBankAccountEditRoute } from './svps-routes';
export { OfficialVenueParticipationRoute } from './official-participation-route';
