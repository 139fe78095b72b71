// The show office (organizer) at its assigned venue.
export { OrganizerInvoiceRoute, OrganizerInvoicesRoute } from './invoices-route';
export { OrganizerListRoute } from './list-route';
export { OrganizerOfficialTransactionsRoute } from './official-transactions-route';
export { OrganizerOfficialsRoute } from './officials-route';
export { OrganizerParticipantsRoute } from './participants-route';
export { OrganizerBankStatementsRoute, OrganizerPayoutsRoute } from './payouts-route';
export { OrganizerRiderRoute } from './rider-route';
export { OrganizerTransactionsRoute } from './transactions-route';
