export { BankAccountAddRoute, BankAccountEditRoute, BankAccountsRoute } from './bank-account-routes';
export {
  DocumentAddRoute,
  DocumentsRoute,
  TeamMemberDocumentAddRoute,
  TeamMemberDocumentsRoute,
} from './document-routes';
export { BalanceRoute, ReportsRoute, ShowsRoute, ShowTransactionsRoute } from './money-routes';
export { ProfileRoute } from './profile-route';
export { TeamMemberAddRoute, TeamMemberEditRoute, TeamMembersJoinRoute, TeamMembersRoute } from './team-member-routes';
