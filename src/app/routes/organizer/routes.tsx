import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lazy-route';
import { digitsLoader } from '../../guards/loaders';
import { group, page, section } from '../../route-builders';
import { organizerSportRoutes } from '../sport/routes';

const organizer = () => import('./index');
const organizerFloor = () => import('./floor');

/** The organizer's views of their show (/organizer); the floor views are their own chunk. */
export const organizerRoutes: RouteObject = group('organizer', 'organizer', 'organizerList', [
  page(
    'organizerList',
    lazyPage(organizer, (m) => m.OrganizerListRoute),
  ),
  page(
    'organizerRider',
    lazyPage(organizer, (m) => m.OrganizerRiderRoute),
    { loader: digitsLoader('riderId') },
  ),
  page(
    'organizerParticipants',
    lazyPage(organizer, (m) => m.OrganizerParticipantsRoute),
  ),
  page(
    'organizerOfficials',
    lazyPage(organizer, (m) => m.OrganizerOfficialsRoute),
  ),
  page(
    'organizerTransactions',
    lazyPage(organizer, (m) => m.OrganizerTransactionsRoute),
  ),
  page(
    'organizerOfficialTransactions',
    lazyPage(organizer, (m) => m.OrganizerOfficialTransactionsRoute),
  ),
  section(
    'organizerInvoices',
    lazyPage(organizer, (m) => m.OrganizerInvoicesRoute),
    [
      page(
        'organizerInvoice',
        lazyPage(organizer, (m) => m.OrganizerInvoiceRoute),
        { loader: digitsLoader('invoiceId') },
      ),
    ],
  ),
  page(
    'organizerPayouts',
    lazyPage(organizer, (m) => m.OrganizerPayoutsRoute),
  ),
  page(
    'organizerBankStatements',
    lazyPage(organizer, (m) => m.OrganizerBankStatementsRoute),
  ),
  page(
    'organizerVetcheck',
    lazyPage(organizerFloor, (m) => m.OrganizerVetcheckRoute),
  ),
  page(
    'organizerSignin',
    lazyPage(organizerFloor, (m) => m.OrganizerSigninRoute),
  ),
  page(
    'organizerWelcomedesk',
    lazyPage(organizerFloor, (m) => m.OrganizerWelcomedeskRoute),
  ),
  ...organizerSportRoutes,
]);
