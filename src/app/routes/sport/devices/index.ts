// The floor devices' pages (issue 14 §8), loaded on demand.
export { AdminDevicesRoute, OrganizerDevicesRoute } from './devices-route';
