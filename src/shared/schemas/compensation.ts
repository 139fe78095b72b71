import { z } from 'zod';
import { LANGUAGES } from '../constants';
import { idParam } from './common';
import { OFFICIAL_FUNCTIONS } from './participation';

/**
 * Compensation bills (DOMAIN.md "Compensation bill"): what a venue owes an official
 * for one official participation — days × day rate + travel + per diem = gross, less the
 * withholding (gross × withholding_bp / 10 000, rounded half away from zero) = payable. A
 * participation has at most one bill. Its number comes from the venue's gapless 'compensation'
 * series (document_sequences), printed `{venue}-C{number, 5 digits}`. Issuing credits the
 * payable to the official's account at the venue, once (the entry's external reference is
 * `compensation:{participation}`). The PDF is in the official's language.
 *
 *   GET /api/v1/officialParticipation/{id}/generateCompensationBill/
 *         the bill's PDF, issued first if there is none yet (opened in a new window);
 *         the venue's show office (policy compensation.manage, venue membership checked)
 *   GET /api/v1/official/downloadCompensationBills/?venue={id}
 *         a zip of every bill of the venue, the missing ones issued first (compensation.manage)
 *   GET /api/v1/official/{id}/compensationBills/
 *         an official's bills → { count, results: compensationBill[] } (owner.read: the official's
 *         own user, an admin)
 *   GET /api/v1/compensationBill/{id}/pdf/
 *         one bill's PDF (invoice.read: the official's own user, the venue's show office, admins;
 *         anyone else 404)
 */

export const compensationBill = z.object({
  id: z.number().int(),
  venue: z.number().int(),
  venue_name: z.string(),
  official: z.object({ id: z.number().int(), name: z.string() }),
  official_participation: z.number().int(),
  /** As printed, e.g. `1-C00007`. */
  number: z.string(),
  function: z.enum(OFFICIAL_FUNCTIONS),
  date_from: z.string().nullable(),
  date_to: z.string().nullable(),
  days: z.number().int(),
  day_rate: z.number().int(),
  travel: z.number().int(),
  per_diem: z.number().int(),
  gross: z.number().int(),
  withholding_bp: z.number().int(),
  withholding: z.number().int(),
  payable: z.number().int(),
  currency: z.string(),
  /** YYYY-MM-DD, the venue's day of issue. */
  issue_date: z.string(),
  language: z.enum(LANGUAGES),
  /** The ledger credit of the payable (none when nothing is payable). */
  transaction: z.number().int().nullable(),
});
export type CompensationBill = z.infer<typeof compensationBill>;

export const compensationBillList = z.object({
  count: z.number().int(),
  results: z.array(compensationBill),
});
export type CompensationBillList = z.infer<typeof compensationBillList>;

export const compensationZipQuery = z.object({ venue: idParam });
