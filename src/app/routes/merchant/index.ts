export { MerchantDashboardRoute } from './dashboard-route';
export { EvclFeesRoute, MerchantAddTransactionRoute, MerchantListTransactionsRoute } from './sales-routes';
