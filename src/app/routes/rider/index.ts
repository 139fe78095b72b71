export { RiderOverviewRoute } from './overview-route';
export { RiderProfileRoute } from './profile-route';
