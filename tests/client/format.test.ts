import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  currencySign,
  formatAmount,
  formatDate,
  formatDateRange,
  formatDateTime,
  formatMoney,
  parseDate,
  setDisplayTimeZone,
} from '@/lib/format';

describe('dates', () => {
  it('displays D.M.YYYY H:mm', () => {
    expect(formatDateTime(new Date(2026, 11, 3, 9, 5))).toBe('3.12.2026 9:05');
    expect(formatDateTime('2026-01-15T17:30:00')).toBe('15.1.2026 17:30');
  });

  it("shows an instant in the venue's zone once the shell names it, whatever the device's zone", () => {
    const instant = '2026-12-03T15:05:00Z';
    try {
      setDisplayTimeZone('Europe/Berlin');
      expect(formatDateTime(instant)).toBe('3.12.2026 16:05');
      setDisplayTimeZone('America/New_York');
      expect(formatDateTime(instant)).toBe('3.12.2026 10:05');
      // after midnight in the venue's zone: the venue's date, not the device's
      setDisplayTimeZone('Asia/Tokyo');
      expect(formatDateTime('2026-12-03T16:30:00Z')).toBe('4.12.2026 1:30');
    } finally {
      setDisplayTimeZone(null);
    }
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
    expect(formatAmount(0, { currency: 'EUR', currencyDisplay: '' })).toBe('0.00 €');
  });

  it('refuses amounts that are not safe integers', () => {
    expect(() => formatAmount(1.5, { currency: 'EUR' })).toThrow();
  });
});

describe('money: one format everywhere (spec §9)', () => {
  it('shows exactly two decimals, a dot, a minus and the currency sign', () => {
    expect(formatMoney(-2850, 'EUR')).toBe('-28.50 €');
    expect(formatMoney(35_000, 'EUR')).toBe('350.00 €');
    expect(formatMoney(5, 'EUR')).toBe('0.05 €');
    expect(formatMoney(0, 'EUR')).toBe('0.00 €');
    expect(formatMoney(-100, 'CHF')).toBe('-1.00 CHF');
  });

  it('gives an entry in EUR and a venue showing € the same text', () => {
    expect(formatMoney(-35_000, 'EUR')).toBe(formatMoney(-35_000, '€'));
    expect(formatAmount(-35_000, { currency: 'EUR', currencyDisplay: '€' })).toBe(formatMoney(-35_000, 'EUR'));
    expect(formatAmount(-35_000, { currency: 'EUR', currencyDisplay: '' })).toBe('-350.00 €');
  });

  it("turns ISO codes into their signs and keeps a venue's own display", () => {
    expect(['EUR', 'PLN', 'GBP', 'USD', 'CHF', 'HUF', 'CZK'].map(currencySign)).toEqual([
      '€',
      'zł',
      '£',
      '$',
      'CHF',
      'Ft',
      'Kč',
    ]);
    expect(currencySign('Fr.')).toBe('Fr.');
    expect(currencySign('XYZ')).toBe('XYZ');
    expect(formatAmount(1234, { currency: 'CHF', currencyDisplay: 'Fr.' })).toBe('12.34 Fr.');
  });

  it('is the only money formatter the app imports', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const file = path.join(dir, name);
        if (statSync(file).isDirectory()) walk(file);
        else if (/\.tsx?$/.test(name)) files.push(file);
      }
    };
    walk(path.resolve('src'));
    const app = files.filter((file) => !file.includes(`${path.sep}shared${path.sep}`));
    const direct = app.filter(
      (file) =>
        !file.endsWith(path.join('lib', 'format.ts')) &&
        /import \{[^}]*\bformatMoney\b[^}]*\} from '@shared\/money'/.test(readFileSync(file, 'utf8')),
    );
    expect(direct).toEqual([]);
    expect(
      app.filter((file) => /Intl\.NumberFormat/.test(readFileSync(file, 'utf8'))).map((f) => path.basename(f)),
    ).toEqual(['format.ts']);
  });
});
