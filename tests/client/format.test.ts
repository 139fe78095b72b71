import { describe, expect, it } from 'vitest';
import { formatAmount, formatDate, formatDateRange, formatDateTime, parseDate } from '@/lib/format';

describe('dates', () => {
  it('displays D.M.YYYY H:mm', () => {
    expect(formatDateTime(new Date(2026, 11, 3, 9, 5))).toBe('3.12.2026 9:05');
    expect(formatDateTime('2026-01-15T17:30:00')).toBe('15.1.2026 17:30');
  });

  it('is empty for nothing or nonsense', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDate(undefined)).toBe('');
  });

  it('shows days and ranges', () => {
    expect(formatDate('2026-12-03')).toBe('3.12.2026');
    expect(formatDateRange('2026-12-03', '2026-12-06')).toBe('3.12.2026 – 6.12.2026');
    expect(formatDateRange('2026-12-03', '2026-12-03')).toBe('3.12.2026');
    expect(formatDateRange(null, '2026-12-06')).toBe('6.12.2026');
  });

  it('parses DD.MM.YYYY strictly, and ISO', () => {
    expect(parseDate('03.12.2026')).toEqual(new Date(2026, 11, 3));
    expect(parseDate('3.12.2026')).toEqual(new Date(2026, 11, 3));
    expect(parseDate('2026-12-03')).toEqual(new Date(2026, 11, 3));
    expect(parseDate('2026-12-03T10:15:00Z')).toEqual(new Date(Date.UTC(2026, 11, 3, 10, 15)));
    expect(parseDate('32.12.2026')).toBeNull();
    expect(parseDate('12/03/2026')).toBeNull();
    expect(parseDate('')).toBeNull();
  });
});

describe('money', () => {
  it('shows exactly two decimals and the venue currency', () => {
    expect(formatAmount(123450, { currency: 'EUR', currencyDisplay: '€' })).toBe('1234.50 €');
    expect(formatAmount(-5, { currency: 'CHF' })).toBe('-0.05 CHF');
    expect(formatAmount(0, { currency: 'EUR', currencyDisplay: '' })).toBe('0.00 EUR');
  });

  it('refuses amounts that are not safe integers', () => {
    expect(() => formatAmount(1.5, { currency: 'EUR' })).toThrow();
  });
});
