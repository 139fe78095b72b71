// The admin's actions on a venue: invoices, e-mail runs (one lazy chunk).
export { VenueInvoiceRoute } from './venue-invoice-route';
export { VenueInvoicesRoute } from './venue-invoices-route';
export { VenueBankStatementsRoute, VenuePayoutsRoute } from './venue-payouts-route';
export {
  VenueOnboardingEmailsRoute,
  VenueSendEmailsAttendeesRoute,
  VenueSendEmailsRoute,
} from './venue-email-runs-route';
