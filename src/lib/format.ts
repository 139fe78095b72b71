import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { DATE_DISPLAY_FORMAT, DATE_PARSE_FORMATS } from '@shared/constants';
import { formatMoney, type Minor } from '@shared/money';

dayjs.extend(customParseFormat);

const DAY_FORMAT = 'D.M.YYYY';
const ISO_PREFIX = /^\d{4}-\d{2}-\d{2}/;

type DateInput = string | Date | null | undefined;

function toDayjs(value: DateInput): dayjs.Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed : null;
}

/** Date and time as `D.M.YYYY H:mm` (spec §9); empty for no or invalid input. */
export function formatDateTime(value: DateInput): string {
  return toDayjs(value)?.format(DATE_DISPLAY_FORMAT) ?? '';
}

/** A calendar day as `D.M.YYYY`. */
export function formatDate(value: DateInput): string {
  return toDayjs(value)?.format(DAY_FORMAT) ?? '';
}

/** `3.12.2026 – 6.12.2026`, one day once, or whichever end is known. */
export function formatDateRange(start: DateInput, end: DateInput): string {
  const from = formatDate(start);
  const to = formatDate(end);
  if (from && to && from !== to) return `${from} – ${to}`;
  return from || to;
}

/** What a person types: `DD.MM.YYYY` (or `D.M.YYYY`) or ISO 8601. Null when it is neither. */
export function parseDate(text: string): Date | null {
  const trimmed = text.trim();
  const local = dayjs(trimmed, [...DATE_PARSE_FORMATS], true);
  if (local.isValid()) return local.toDate();
  if (!ISO_PREFIX.test(trimmed)) return null;
  const iso = dayjs(trimmed);
  return iso.isValid() ? iso.toDate() : null;
}

/** An amount in minor units with two decimals and the venue's currency sign (spec §9). */
export function formatAmount(minor: Minor, venue: { currency: string; currencyDisplay?: string | null }): string {
  return formatMoney(minor, venue.currencyDisplay || venue.currency);
}
