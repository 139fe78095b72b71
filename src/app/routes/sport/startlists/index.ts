// The start-list pages: the admin's per venue and the organizer's (one lazy chunk).
export {
  OrganizerStartlistRoute,
  OrganizerStartlistsRoute,
  VenueStartlistRoute,
  VenueStartlistsRoute,
} from './startlists-pages';
