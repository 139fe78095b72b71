/**
 * Errors travel as codes, not sentences (CONVENTIONS 7). The client translates
 * `errors:<code>` for the form/toast and `errors:field.<code>` for a field.
 *
 * Wire shape of every non-2xx answer:
 *   { error: ErrorCode, message: string, fields?: FieldErrors, params?: {...} }
 * `message` is an English fallback (the spec's own sentences where it gives them).
 * `fields` follows spec §5: keyed by field name, `__all__` for the whole form, a list for
 * form-level errors, and nested objects/lists for nested inputs.
 */
export const ERROR_CODES = [
  'validation',
  'missing_parameters',
  'no_email',
  'missing_params',
  'invalid_credentials',
  'account_inactive',
  'email_not_confirmed',
  'invalid_token',
  'token_expired',
  'link_invalid',
  'link_used',
  'link_expired',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'idempotency_mismatch',
  'maintenance',
  'internal',
  'not_impersonating',
  'no_assigned_venue',
  'terms_required',
  'in_use',
  'idempotency_key_required',
  'sync_outdated',
  'unknown_qr',
  'nothing_to_invoice',
  'job_running',
  'cards_not_configured',
  'card_declined',
  'payment_provider_error',
  // the sport
  'device_revoked',
  'fei_unavailable',
  'fei_not_configured',
  'fei_results_incomplete',
  // data sync and bulk create
  'sync_running',
  'registry_unavailable',
  'registry_not_configured',
  // invoices by the book: what an invoice lacks is fixed before its number is taken
  'invoice_incomplete',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** English fallbacks; the spec's own messages where it names them. */
export const ERROR_MESSAGES: Record<ErrorCode, string> = {
  validation: 'Please correct the errors below.',
  missing_parameters: 'Missing parameters',
  no_email: 'No email specified.',
  missing_params: 'Missing params.',
  invalid_credentials: 'Unable to log in with provided credentials.',
  account_inactive: 'This account is inactive.',
  email_not_confirmed: 'Please confirm your e-mail address first.',
  invalid_token: 'The token is invalid.',
  token_expired: 'The token has expired.',
  link_invalid: 'This link is invalid.',
  link_used: 'This link has already been used.',
  link_expired: 'This link has expired.',
  unauthorized: 'Logged out.',
  forbidden: 'Permission denied.',
  not_found: "Error: Record doesn't exist anymore.",
  conflict: 'The record was changed by someone else.',
  rate_limited: 'Too many attempts. Please wait a moment and try again.',
  idempotency_mismatch: 'This request was already made with different data.',
  maintenance: 'Server is currently unavailable due to maintenance. Please try again in few minutes.',
  internal: 'An error occurred on the server. Developers have been notified.',
  not_impersonating: 'You are not impersonating anyone.',
  no_assigned_venue: "User doesn't have an assigned venue!",
  terms_required: 'Please accept the terms and conditions first.',
  in_use: 'This record is still in use and cannot be deleted.',
  idempotency_key_required: 'The request needs an Idempotency-Key header.',
  sync_outdated: 'This app version is outdated. Please reload the page.',
  unknown_qr: 'Unknown QR code: it is not the code of a rider or groom at this show.',
  nothing_to_invoice: 'There is nothing to invoice: every entry is on an invoice already.',
  job_running: 'A run of this kind is already under way for this show.',
  cards_not_configured: 'Card payments are not set up on this server.',
  card_declined: 'The card was declined.',
  payment_provider_error: 'The card payment provider could not complete the request. Please try again.',
  device_revoked:
    'This device has been revoked by the show office. Its writes are not accepted; hand them to the office.',
  fei_unavailable: 'The FEI web service did not answer properly. Please try again later or upload the file.',
  fei_not_configured: 'The connection to the FEI web service is not set up on this server.',
  fei_results_incomplete:
    'The FEI would refuse these results: competitions {{competitions}} have no FEI id or no FEI rule code.',
  sync_running: 'A sync is already in progress.',
  registry_unavailable:
    "The federation's registry did not answer properly. Please try again later or upload its export file.",
  registry_not_configured: "The connection to the federation's registry is not set up on this server.",
  invoice_incomplete: 'The invoice cannot be issued yet: data an e-invoice requires is missing.',
};

/** Field error codes (zod messages in src/shared/schemas are these codes). */
export const FIELD_ERROR_CODES = [
  'required',
  'invalid',
  'invalid_email',
  'too_short',
  'too_long',
  'too_small',
  'too_big',
  'passwords_mismatch',
  'password_incorrect',
  'password_too_common',
  'password_too_short',
  'email_taken',
  'username_taken',
  'invalid_date',
  'not_allowed',
  'invalid_iban',
  'invalid_bic',
  'currency_mismatch',
  'locked',
  'managed_entry',
  'self_checkout_off',
  'already_reversed',
  'does_not_exist',
  'not_at_venue',
  'head_number_taken',
  'head_number_out_of_range',
  'no_head_number_range',
  'overlapping_rates',
  'not_current',
  'duplicate',
  'inactive',
  'kind_not_allowed',
  'no_tax_rate',
  // a tax type's category and its rates; a charge whose tax nothing configures
  'not_zero_rated',
  'no_tax_configured',
  'invalid_fei_id',
  'invalid_file_type',
  'already_ended',
  'not_pending',
  'already_employed',
  'same_record',
  'invalid_time_zone',
  'invalid_currency',
  'invalid_country',
  'no_changes',
  'already_credited',
  'unknown_placeholder',
  'not_on_invoice',
  'nothing_to_send',
  'no_recipients',
  'over_balance',
  'below_minimum',
  'wrong_currency',
  'over_refundable',
  'not_refundable',
  'setup_not_complete',
  // payouts and bank statements
  'nothing_to_pay',
  'nothing_owed',
  'over_owed',
  'no_bank_account',
  'not_sepa',
  'needs_bic_address',
  'not_sepa_currency',
  'batch_sent',
  'batch_cancelled',
  'not_xml',
  'not_camt053',
  'unknown_account',
  'line_not_open',
  'invoice_cancelled',
  // the sport
  'prize_over_total',
  'not_on_start_list',
  'has_results',
  'already_entered',
  'entry_withdrawn',
  'wrong_columns',
  'wrong_encoding',
  'empty_file',
  'not_fei_entry',
  'wrong_namespace',
  'other_show',
  'not_published',
  'unknown_status',
  'knock_downs_mismatch',
  'import_committed',
  // SVPS bank accounts: the federation's member number
  'invalid_member_number',
  // an uploaded file that is not the registry's export
  'not_registry_export',
  // an upload that unpacks (a zip-based workbook) to more than its bound
  'inflates_too_much',
  // the venue's invoicing details (EN 16931 BT-31, BT-42)
  'invalid_vat_id',
  'invalid_phone',
  // a German public buyer's routing id (XRechnung BT-10) whose shape or check digits are wrong
  'invalid_leitweg_id',
  // an organizer takes on no one who works for another venue
  'assigned_elsewhere',
] as const;
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

export type FieldErrorValue = string[] | FieldErrors | (FieldErrors | null)[];
export interface FieldErrors {
  [field: string]: FieldErrorValue;
}

export interface ApiErrorBody {
  error: ErrorCode;
  message: string;
  fields?: FieldErrors | string[];
  params?: Record<string, string | number>;
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { error?: unknown }).error === 'string' &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}

/** Turn a list of issue paths + codes (e.g. from zod) into nested field errors. */
export function issuesToFieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const root: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.path.length ? issue.path.map(String) : ['__all__'];
    let node: FieldErrors = root;
    for (let i = 0; i < path.length - 1; i++) {
      const key = path[i]!;
      const next = node[key];
      if (next && !Array.isArray(next)) node = next as FieldErrors;
      else {
        const created: FieldErrors = {};
        node[key] = created;
        node = created;
      }
    }
    const leaf = path[path.length - 1]!;
    const existing = node[leaf];
    const list = Array.isArray(existing) && existing.every((e) => typeof e === 'string') ? (existing as string[]) : [];
    if (!list.includes(issue.message)) list.push(issue.message);
    node[leaf] = list;
  }
  return root;
}
