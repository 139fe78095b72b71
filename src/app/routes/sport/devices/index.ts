// The floor devices' pages, loaded on demand.
export { AdminDevicesRoute, OrganizerDevicesRoute } from './devices-route';
