// The data sync page (issue 15), loaded on demand.
export { SyncRoute } from './sync-route';
