// The admin's views of any venue: the organizer's and the floor desks' own screens.
export {
  VenueSigninViewRoute,
  VenueVetcheckViewRoute,
  VenueWelcomedeskAddRoute,
  VenueWelcomedeskRoute,
} from './floor-views';
export { VenueOrganizerViewRoute } from './organizer-view-route';
