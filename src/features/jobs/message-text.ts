import i18next from 'i18next';
import type { JobMessage } from '@shared/schemas/jobs';

/** An error the server names by its code reads as that code's sentence; anything else as sent. */
export function jobErrorText(error: string): string {
  for (const key of [`errors:${error}`, `errors:field.${error}`]) {
    if (i18next.exists(key)) return i18next.t(key);
  }
  return error;
}

/** What an invoice lacks (INVOICE_GAPS codes) in the reader's language, one after the other. */
export function invoiceGapsText(gaps: readonly string[]): string {
  return gaps.map((gap) => (i18next.exists(`invoices:gap.${gap}`) ? i18next.t(`invoices:gap.${gap}`) : gap)).join(', ');
}

/** A progress message in the reader's language: `jobs:message.<code>` with its values. */
export function jobMessageText(message: JobMessage): string {
  const params = { ...message.params };
  if (typeof params.error === 'string') params.error = jobErrorText(params.error);
  // What an invoice lacks: gap codes (seller.country, …), each read as its sentence.
  if (typeof params.missing === 'string') params.missing = invoiceGapsText(params.missing.split(',').filter(Boolean));
  const key = `jobs:message.${message.code}`;
  return i18next.exists(key) ? i18next.t(key, params) : i18next.t('jobs:message.other');
}
