// The admin's ledger pages: transactions, balances, find client (one lazy chunk).
export { BalancesRoute } from './balances-route';
export { BalancesSummaryRoute } from './balances-summary-route';
export { FindClientRoute } from './find-client-route';
export { VenueOfficialTransactionsRoute } from './venue-official-transactions-route';
export { VenueRiderTransactionsRoute } from './venue-rider-transactions-route';
export { VenueTransactionEditRoute } from './venue-transaction-edit-route';
export { VenueTransactionNewRoute } from './venue-transaction-new-route';
export { VenueTransactionsRoute } from './venue-transactions-route';
