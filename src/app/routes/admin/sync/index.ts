// The data sync page, loaded on demand.
export { SyncRoute } from './sync-route';
