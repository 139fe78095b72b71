import { z } from 'zod';
import {
  CHARGE_CATEGORIES,
  MAX_ENTRY_MINOR,
  MAX_QUANTITY,
  MAX_UNIT_PRICE_MINOR,
  PARTY_TYPES,
  POSTABLE_KINDS,
  TRANSACTION_KINDS,
  TAX_OVERRIDES,
  TRANSACTION_SOURCES,
} from '../ledger';
import { isoDateField, isoDateTimeField, MAX_ID, requiredOrInvalid } from './common';
import { listQuery } from './pagination';

/**
 * The ledger's API contract.
 *
 *   POST   /api/v1/transaction/          transactionInput, header Idempotency-Key (required) → 201 transaction
 *   GET    /api/v1/transaction/          transactionListQuery → { count, results: transaction[], totals }
 *   GET    /api/v1/transaction/{id}/     → transaction
 *   PATCH  /api/v1/transaction/{id}/     transactionEdit (Idempotency-Key optional) → 200 the new entry;
 *                                        posts a reversal of the old entry plus a new entry (replaces_id);
 *                                        an edit that changes nothing posts nothing: 200 the entry as it is
 *   GET    /api/v1/transaction/defaults/?venue=&party_type=&party_id=  transactionDefaults (office):
 *                                        the event and tax override a new entry of the party gets
 *
 * Bounds: every amount of an entry ≤ MAX_ENTRY_MINOR and its gross ≤ the venue's
 * max_entry_minor (field error `over_entry_limit`); an entry that would take an account's running
 * total past ACCOUNT_BOUND_MINOR is refused with 400 `__all__: balance_out_of_range`.
 *   DELETE /api/v1/transaction/{id}/     → 204; posts a reversal
 *   GET    /api/v1/balance/?venue=       balanceOverview (admin)
 *   GET    /api/v1/balance/summary/      balanceSummary (admin, every venue)
 *   GET    /api/v1/balance/findClient/?search=  findClientResult (admin)
 *   GET    /api/v1/balance/mine/         myBalances (any signed-in party)
 *   GET    /api/v1/balance/check/?venue= balanceCheck (admin): recomputes every balance from postings
 */

const positiveId = z
  .number({ error: requiredOrInvalid })
  .int({ error: 'invalid' })
  .positive({ error: 'invalid' })
  .max(MAX_ID, { error: 'invalid' });
const minor = z.number().int();

export const partyTypeField = z.enum(PARTY_TYPES, { error: requiredOrInvalid });

export const transactionInput = z.object({
  venue: positiveId,
  kind: z.enum(POSTABLE_KINDS, { error: requiredOrInvalid }),
  /** For a rider, the payer is resolved: an EMPLOYED rider's entries go to the employer. */
  party_type: partyTypeField,
  party_id: positiveId,
  /** A consumable of the venue: description, unit price, category and tax come from it unless given. */
  consumable: positiveId.nullish(),
  /** The event whose tax configuration applies (default: the rider's only event, if one). */
  vec: positiveId.nullish(),
  category: z.enum(CHARGE_CATEGORIES, { error: 'invalid' }).optional(),
  description: z.string({ error: 'invalid' }).trim().max(500, { error: 'too_long' }).optional(),
  quantity: z
    .number({ error: requiredOrInvalid })
    .int({ error: 'invalid' })
    .min(1, { error: 'too_small' })
    .max(MAX_QUANTITY, { error: 'too_big' })
    .default(1),
  /** Minor units; required unless a consumable gives it. */
  unit_price: z
    .number({ error: 'invalid' })
    .int({ error: 'invalid' })
    .min(1, { error: 'too_small' })
    .max(MAX_UNIT_PRICE_MINOR, { error: 'too_big' })
    .optional(),
  /** Office only: the tax type to apply, when neither a consumable nor the event says. */
  tax_type: positiveId.nullish(),
  /** The merchant of a sale (merchants.id); a merchant user posts as themself. */
  merchant: positiveId.nullish(),
  source: z.enum(TRANSACTION_SOURCES, { error: 'invalid' }).default('office'),
  /** If given, must equal the venue's currency. */
  currency: z
    .string({ error: 'invalid' })
    .regex(/^[A-Z]{3}$/, { error: 'invalid' })
    .optional(),
  device_id: z.string({ error: 'invalid' }).trim().max(100, { error: 'too_long' }).nullish(),
  /** The device clock (ISO 8601); default: now. */
  occurred_at: isoDateTimeField.optional(),
});
export type TransactionInput = z.input<typeof transactionInput>;

/** A line of quantity × unit price beyond the hard cap is refused on the price (the server checks the amounts again). */
const lineWithinCap = (line: { quantity?: number; unit_price?: number }, ctx: z.RefinementCtx) => {
  if (line.unit_price !== undefined && line.unit_price * (line.quantity ?? 1) > MAX_ENTRY_MINOR) {
    ctx.addIssue({ code: 'custom', path: ['unit_price'], message: 'too_big' });
  }
};
export const transactionInputChecked = transactionInput.superRefine(lineWithinCap);

/** An edit changes what the person sees; amounts are recomputed. */
export const transactionEdit = z.object({
  description: transactionInput.shape.description,
  quantity: transactionInput.shape.quantity.optional(),
  unit_price: transactionInput.shape.unit_price,
  consumable: transactionInput.shape.consumable,
  vec: transactionInput.shape.vec,
  category: transactionInput.shape.category,
  tax_type: transactionInput.shape.tax_type,
  device_id: transactionInput.shape.device_id,
});
export type TransactionEdit = z.input<typeof transactionEdit>;
export const transactionEditChecked = transactionEdit.superRefine(lineWithinCap);

export const transactionDefaultsQuery = z.object({
  venue: z.coerce
    .number({ error: requiredOrInvalid })
    .int({ error: 'invalid' })
    .positive({ error: 'invalid' })
    .max(MAX_ID, { error: 'invalid' }),
  party_type: partyTypeField,
  party_id: z.coerce
    .number({ error: requiredOrInvalid })
    .int({ error: 'invalid' })
    .positive({ error: 'invalid' })
    .max(MAX_ID, { error: 'invalid' }),
});
/** What the server will apply to a new entry of the party, before anything the entry names. */
export const transactionDefaults = z.object({
  /** The rider's only event at the venue, else null (the server's rule for an entry without `vec`). */
  vec: z.number().int().nullable(),
  /** The rider's tax override (NO_OVERRIDE for other parties). */
  tax_override: z.enum(TAX_OVERRIDES),
});
export type TransactionDefaults = z.infer<typeof transactionDefaults>;

/** A venue's limit for one entry: 0.01 up to the hard cap (default DEFAULT_ENTRY_LIMIT_MINOR, src/shared/ledger.ts). */
export const entryLimitField = z
  .number({ error: 'invalid' })
  .int({ error: 'invalid' })
  .min(1, { error: 'too_small' })
  .max(MAX_ENTRY_MINOR, { error: 'too_big' });

export const partyRef = z.object({
  type: z.enum(PARTY_TYPES),
  id: z.number().int(),
  name: z.string(),
});
export type PartyRef = z.infer<typeof partyRef>;

export const transaction = z.object({
  id: z.number().int(),
  venue: z.number().int(),
  kind: z.enum(TRANSACTION_KINDS),
  party: partyRef,
  beneficiary: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  merchant: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  consumable: z.number().int().nullable(),
  vec: z.number().int().nullable(),
  category: z.string(),
  description: z.string(),
  quantity: z.number().int(),
  unit_price: minor,
  tax_type: z.number().int().nullable(),
  tax_rate_bp: z.number().int(),
  prices_include_tax: z.boolean(),
  /** Signed as they affect the party: a charge is negative, a payment positive. */
  net: minor,
  tax: minor,
  gross: minor,
  fee: minor,
  currency: z.string(),
  source: z.enum(TRANSACTION_SOURCES),
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  device_id: z.string().nullable(),
  occurred_at: z.string(),
  recorded_at: z.string(),
  invoice: z.number().int().nullable(),
  reversal_of: z.number().int().nullable(),
  /** The reversal that cancelled this entry, if any. */
  reversed_by: z.number().int().nullable(),
  replaces: z.number().int().nullable(),
  /** Neither invoiced nor reversed, and not a reversal itself. */
  editable: z.boolean(),
});
export type Transaction = z.infer<typeof transaction>;

export const transactionListQuery = listQuery.extend({
  venue: z.coerce.number({ error: 'invalid' }).int().positive().max(MAX_ID, { error: 'invalid' }).optional(),
  party_type: z.enum(PARTY_TYPES, { error: 'invalid' }).optional(),
  party_id: z.coerce.number({ error: 'invalid' }).int().positive().max(MAX_ID, { error: 'invalid' }).optional(),
  /** Entries of a rider: as party, or as beneficiary of the employer's entries. */
  rider: z.coerce.number({ error: 'invalid' }).int().positive().max(MAX_ID, { error: 'invalid' }).optional(),
  /** Sales of a merchant (merchants.id); a merchant sees only its own. */
  merchant: z.coerce.number({ error: 'invalid' }).int().positive().max(MAX_ID, { error: 'invalid' }).optional(),
  kind: z.enum(TRANSACTION_KINDS, { error: 'invalid' }).optional(),
  source: z.enum(TRANSACTION_SOURCES, { error: 'invalid' }).optional(),
  /** YYYY-MM-DD, inclusive, by recorded_at in the venue's time zone. */
  date_from: isoDateField.optional(),
  date_to: isoDateField.optional(),
  search: z.string().trim().max(100).optional(),
  /** Leave out reversed entries and their reversals (default: show the whole history). */
  hide_reversed: z.enum(['true', 'false']).optional(),
});
export type TransactionListQuery = z.infer<typeof transactionListQuery>;

export const transactionTotals = z.object({ net: minor, tax: minor, gross: minor });
export const transactionPage = z.object({
  count: z.number().int(),
  results: z.array(transaction),
  /** Over every page of the filtered list. */
  totals: transactionTotals,
});
export type TransactionPage = z.infer<typeof transactionPage>;

/** One party's running totals at one venue. */
export const partyBalance = z.object({
  venue: z.number().int(),
  party: partyRef,
  balance: minor,
  charged: minor,
  tax: minor,
  paid: minor,
  transactions: z.number().int(),
});
export type PartyBalance = z.infer<typeof partyBalance>;

export const balanceOverviewQuery = listQuery.extend({
  venue: z.coerce.number({ error: 'required' }).int().positive().max(MAX_ID, { error: 'invalid' }),
  party_type: z.enum(PARTY_TYPES, { error: 'invalid' }).optional(),
  search: z.string().trim().max(100).optional(),
  /** open: balance ≠ 0, owing: < 0, credit: > 0 */
  status: z.enum(['all', 'open', 'owing', 'credit']).default('all'),
});
export const balanceOverview = z.object({
  venue: z.object({ id: z.number().int(), name: z.string(), currency: z.string() }),
  count: z.number().int(),
  results: z.array(partyBalance),
  /** Over the whole venue. */
  totals: z.object({
    balance: minor,
    charged: minor,
    tax: minor,
    paid: minor,
    revenue: minor,
    owing: minor,
    credit: minor,
  }),
  /** VAT per rate over the venue's entries (tax payable), net and tax. */
  vat: z.array(z.object({ rate_bp: z.number().int(), net: minor, tax: minor })),
});
export type BalanceOverview = z.infer<typeof balanceOverview>;

export const venueBalanceSummary = z.object({
  venue: z.object({ id: z.number().int(), name: z.string(), currency: z.string(), start_date: z.string().nullable() }),
  parties: z.number().int(),
  balance: minor,
  charged: minor,
  tax: minor,
  paid: minor,
  owing: minor,
  credit: minor,
});
export const balanceSummary = z.object({
  results: z.array(venueBalanceSummary),
  /** Per currency: amounts of different currencies are never added up. */
  totals: z.array(
    z.object({ currency: z.string(), balance: minor, charged: minor, tax: minor, paid: minor, owing: minor }),
  ),
});
export type BalanceSummary = z.infer<typeof balanceSummary>;

export const findClientQuery = z.object({ search: z.string().trim().min(2, { error: 'too_short' }).max(100) });
export const findClientResult = z.object({
  results: z.array(
    z.object({
      party: partyRef,
      email: z.string().nullable(),
      balances: z.array(
        z.object({ venue: z.number().int(), venue_name: z.string(), currency: z.string(), balance: minor }),
      ),
    }),
  ),
});
export type FindClientResult = z.infer<typeof findClientResult>;

export const myBalances = z.object({
  results: z.array(partyBalance.extend({ venue_name: z.string(), currency: z.string() })),
});

export const balanceCheck = z.object({
  accounts: z.number().int(),
  postings: z.number().int(),
  /** Σ of all postings: always 0. */
  total: minor,
  unbalanced_transactions: z.array(z.number().int()),
  mismatched_accounts: z.array(z.object({ account: z.number().int(), stored: minor, recomputed: minor })),
  ok: z.boolean(),
  ms: z.number(),
});
export type BalanceCheck = z.infer<typeof balanceCheck>;
