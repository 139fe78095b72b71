import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lazy-route';
import { managedPerson, ownerSections } from '../../owner-routes';
import { group, page } from '../../route-builders';

const employer = () => import('./index');

/** The employer's own pages (/employer) and each employee's sections. */
export const employerRoutes: RouteObject = group('employer', 'employer', 'employerOverview', [
  page(
    'employerOverview',
    lazyPage(employer, (m) => m.EmployerOverviewRoute),
  ),
  ownerSections('employer', 'employer', undefined),
  managedPerson('rider', 'employeeRider', 'riderId'),
]);
