import type { RouteObject } from 'react-router-dom';
import { digitsLoader } from '../../../guards/loaders';
import { lazyPage } from '../../../lazy-route';
import { page, section } from '../../../route-builders';

const adminLedger = () => import('./index');

/** A venue's ledger, under `/venues/:venueId`. */
export const venueLedgerRoutes: RouteObject[] = [
  section(
    'venueTransactions',
    lazyPage(adminLedger, (m) => m.VenueTransactionsRoute),
    [
      page(
        'venueTransactionNew',
        lazyPage(adminLedger, (m) => m.VenueTransactionNewRoute),
      ),
      page(
        'venueTransactionEdit',
        lazyPage(adminLedger, (m) => m.VenueTransactionEditRoute),
        {
          loader: digitsLoader('transactionId'),
        },
      ),
      page(
        'venueRiderTransactions',
        lazyPage(adminLedger, (m) => m.VenueRiderTransactionsRoute),
        {
          loader: digitsLoader('riderId'),
        },
      ),
    ],
  ),
  page(
    'venueOfficialTransactions',
    lazyPage(adminLedger, (m) => m.VenueOfficialTransactionsRoute),
  ),
];

/** Balances across venues and finding a client. */
export const ledgerRoutes: RouteObject[] = [
  section(
    'balances',
    lazyPage(adminLedger, (m) => m.BalancesRoute),
    [
      page(
        'balancesSummary',
        lazyPage(adminLedger, (m) => m.BalancesSummaryRoute),
      ),
    ],
  ),
  page(
    'findClient',
    lazyPage(adminLedger, (m) => m.FindClientRoute),
  ),
];
