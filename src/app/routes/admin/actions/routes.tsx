import type { RouteObject } from 'react-router-dom';
import { digitsLoader } from '../../../guards/loaders';
import { lazyPage } from '../../../lazy-route';
import { page, section } from '../../../route-builders';

const adminActions = () => import('./index');

/** A venue's actions, under `/venues/:venueId`. */
export const venueActionRoutes: RouteObject[] = [
  section(
    'venueActionsInvoices',
    lazyPage(adminActions, (m) => m.VenueInvoicesRoute),
    [
      page(
        'venueActionsInvoice',
        lazyPage(adminActions, (m) => m.VenueInvoiceRoute),
        { loader: digitsLoader('invoiceId') },
      ),
    ],
  ),
  page(
    'venueActionsPayouts',
    lazyPage(adminActions, (m) => m.VenuePayoutsRoute),
  ),
  page(
    'venueActionsBankStatements',
    lazyPage(adminActions, (m) => m.VenueBankStatementsRoute),
  ),
  page(
    'venueActionsOnboardingEmails',
    lazyPage(adminActions, (m) => m.VenueOnboardingEmailsRoute),
  ),
  page(
    'venueActionsSendEmails',
    lazyPage(adminActions, (m) => m.VenueSendEmailsRoute),
  ),
  page(
    'venueActionsSendEmailsAttendees',
    lazyPage(adminActions, (m) => m.VenueSendEmailsAttendeesRoute),
  ),
];
