import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { DATE_DISPLAY_FORMAT, DATE_PARSE_FORMATS } from '@shared/constants';
import { formatMoney as formatSharedMoney, type Minor } from '@shared/money';
import { displayTimeZone } from './display-time-zone';

dayjs.extend(customParseFormat);
dayjs.extend(utc);
dayjs.extend(timezone);

export { setDisplayTimeZone } from './display-time-zone';

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
  const instant = toDayjs(value);
  if (!instant) return '';
  const zone = displayTimeZone();
  return (zone ? instant.tz(zone) : instant).format(DATE_DISPLAY_FORMAT);
}

const LOCAL_INPUT = 'YYYY-MM-DDTHH:mm';

/** An instant as the text of a `datetime-local` field, in the zone times are shown in. */
export function toLocalInput(value: DateInput): string {
  const instant = toDayjs(value);
  if (!instant) return '';
  const zone = displayTimeZone();
  return (zone ? instant.tz(zone) : instant).format(LOCAL_INPUT);
}

/** A `datetime-local` field's text, read in the zone times are shown in (the venue's), as an ISO instant. */
export function fromLocalInput(text: string): string | null {
  if (!text) return null;
  const zone = displayTimeZone();
  const instant = zone ? dayjs.tz(text, LOCAL_INPUT, zone) : dayjs(text);
  return instant.isValid() ? instant.toISOString() : null;
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

const ISO_CODE = /^[A-Z]{3}$/;
const signs = new Map<string, string>();

/**
 * The sign of a currency: an ISO 4217 code becomes its common sign (`EUR` → `€`, `PLN` → `zł`,
 * `CHF` stays `CHF`); anything else (a venue's own currencyDisplay) is shown as it is.
 */
export function currencySign(currency: string): string {
  if (!ISO_CODE.test(currency)) return currency;
  let sign = signs.get(currency);
  if (sign === undefined) {
    try {
      const format = new Intl.NumberFormat('en', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' });
      sign = format.formatToParts(0).find((part) => part.type === 'currency')?.value ?? currency;
    } catch {
      sign = currency;
    }
    signs.set(currency, sign);
  }
  return sign;
}

/**
 * The one money format of the app (spec §9, README "Design notes"): exactly two decimals, a dot,
 * a minus for negative amounts, then the currency's sign: `-28.50 €`. Every amount on screen goes
 * through here, whether the caller holds the venue's currencyDisplay or an entry's ISO code.
 */
export function formatMoney(minor: Minor, currency: string): string {
  return formatSharedMoney(minor, currencySign(currency));
}

/** An amount of a venue: its currencyDisplay when set, else its currency's sign. */
export function formatAmount(minor: Minor, venue: { currency: string; currencyDisplay?: string | null }): string {
  return formatMoney(minor, venue.currencyDisplay || venue.currency);
}

/* The sport's figures: times, dressage scores and clock times in the page's language. */

/** Seconds with hundredths in the page's language (61234 ms → "61.23" / "61,23"). */
export function formatSeconds(ms: number, language: string): string {
  return new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    Math.floor(ms / 10) / 100,
  );
}

/** A dressage score (hundredths of a percent) as "71.25 %". */
export function formatScore(thousandths: number, language: string): string {
  // Thousandths of a percent, shown with the three decimals the FEI Dressage Rules publish.
  return new Intl.NumberFormat(language, { style: 'percent', minimumFractionDigits: 3 }).format(thousandths / 100_000);
}

/** Hours and minutes (24 h, HH:mm) of an instant, in the venue's time zone. */
export function formatClock(value: string | number | Date, language: string, timeZone?: string): string {
  try {
    return new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(
      new Date(value),
    );
  } catch {
    return new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
      new Date(value),
    );
  }
}
