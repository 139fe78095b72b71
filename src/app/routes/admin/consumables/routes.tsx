import type { RouteObject } from 'react-router-dom';

/** Every venue's price lists side by side (issue 15). */
export const adminConsumablesRoutes: RouteObject[] = [];
