import { Navigate, type RouteObject } from 'react-router-dom';
import { href, PATHS } from '@/lib/paths';
import { digitsLoader } from '../../../guards/loaders';
import { lazyPage } from '../../../lazy-route';
import { managedPerson } from '../../../owner-routes';
import { page, section } from '../../../route-builders';
import type { RouteHandle } from '../../../route-handle';

const adminPeople = () => import('./index');

/** The admin's people areas: a list and an add page per kind, and each person's sections. */
export const adminPeopleRoutes: RouteObject[] = [
  page(
    'adminRiders',
    lazyPage(adminPeople, (m) => m.RidersListRoute),
  ),
  page(
    'adminRiderAdd',
    lazyPage(adminPeople, (m) => m.RiderAddRoute),
  ),
  managedPerson('rider', 'adminRider', 'riderId'),
  page(
    'adminEmployers',
    lazyPage(adminPeople, (m) => m.EmployersListRoute),
  ),
  page(
    'adminEmployerAdd',
    lazyPage(adminPeople, (m) => m.EmployerAddRoute),
  ),
  managedPerson('employer', 'adminEmployer', 'employerId'),
  page(
    'adminOfficials',
    lazyPage(adminPeople, (m) => m.OfficialsListRoute),
  ),
  page(
    'adminOfficialAdd',
    lazyPage(adminPeople, (m) => m.OfficialAddRoute),
  ),
  managedPerson('official', 'adminOfficial', 'officialId'),
  page(
    'adminSimpleusers',
    lazyPage(adminPeople, (m) => m.SimpleusersListRoute),
  ),
  page(
    'adminSimpleuserAdd',
    lazyPage(adminPeople, (m) => m.SimpleuserAddRoute),
  ),
  managedPerson('simpleuser', 'adminSimpleuser', 'simpleUserId'),
  page(
    'adminMerchants',
    lazyPage(adminPeople, (m) => m.MerchantsListRoute),
  ),
  page(
    'adminMerchantAdd',
    lazyPage(adminPeople, (m) => m.MerchantAddRoute),
  ),
  managedPerson('merchant', 'adminMerchant', 'merchantId'),
  {
    path: PATHS.duplicates.path,
    handle: { route: 'duplicates' } satisfies RouteHandle,
    children: [
      { index: true, element: <Navigate to={href('duplicateHorses')} replace /> },
      section(
        'duplicateHorses',
        lazyPage(adminPeople, (m) => m.DuplicateHorsesRoute),
        [
          page(
            'duplicateHorseEdit',
            lazyPage(adminPeople, (m) => m.DuplicateHorseEditRoute),
            {
              loader: digitsLoader('id'),
            },
          ),
        ],
      ),
    ],
  },
];
