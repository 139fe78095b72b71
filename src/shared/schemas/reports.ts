import { z } from 'zod';
import { idParam, isoDateField } from './common';

/**
 * Report downloads (spec §7 "Official and simple user", "Venue"). PDFs in the reader's
 * language (Accept-Language, else the reader's own language); opened in a new window.
 *
 *   GET  /api/v1/{partyType}/{id}/generateSummaryPDF/?venue=
 *          a party's summary: per venue charged, VAT, paid, other credits and the balance, with
 *          totals per currency; one venue, or every venue where the party has an account when
 *          `venue` is left out (for the show office: its own venue)
 *   GET  /api/v1/{partyType}/{id}/venueTransactionDetailsPDF/?venue=
 *          the party's entries at a venue in detail (date, description, rider of an employer's
 *          line, quantity, unit price, net, VAT rate, VAT, gross, payments, running balance)
 *   POST /api/v1/venue/{id}/exportConsumablesPDF/  {date_from?, date_to?}
 *          the price-list items sold per day and item: quantity, net, tax, gross, with totals; a
 *          reversal nets out on the day of the entry it reverses (policy report.venue)
 *
 * {partyType} is one of REPORT_PARTY_TYPES. A party's reports are read by the party's own user,
 * an admin, a rider's active employer (owner access) and the show office of a venue the report
 * is about; anyone else gets 404 (the show office 403 for a venue not its own).
 */
export const REPORT_PARTY_TYPES = ['rider', 'employer', 'official', 'simpleuser'] as const;
export type ReportPartyType = (typeof REPORT_PARTY_TYPES)[number];

export const summaryQuery = z.object({ venue: idParam.optional() });
export const detailsQuery = z.object({ venue: idParam });

export const consumablesReportInput = z
  .object({
    date_from: isoDateField.nullish(),
    date_to: isoDateField.nullish(),
  })
  .refine((value) => !value.date_from || !value.date_to || value.date_from <= value.date_to, {
    error: 'too_small',
    path: ['date_to'],
  });
export type ConsumablesReportInput = z.input<typeof consumablesReportInput>;
