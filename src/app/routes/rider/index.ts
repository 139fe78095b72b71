export { RiderOverviewRoute, RiderOverviewShowRoute } from './overview-route';
export { HorseAddRoute, HorseOwnerRoute, HorsesRoute, HorseViewRoute } from './horses-route';
export { GroomAddRoute, GroomEditRoute, GroomsRoute } from './grooms-route';
export { EmploymentRoute } from './employment-route';
export { ShowParticipationRoute, VecParticipationsRoute, VenueParticipationsRoute } from './participation-route';
