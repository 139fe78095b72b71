import type { RouteObject } from 'react-router-dom';

/** The data sync page (issue 15, spec §4 "Sync"). */
export const adminSyncRoutes: RouteObject[] = [];
