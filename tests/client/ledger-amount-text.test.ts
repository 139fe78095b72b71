import { describe, expect, it } from 'vitest';
import { amountFromText, amountToText } from '@/lib/amount-text';

/** Amounts are typed the way the user's language writes them; garbage is refused, never rounded. */
describe('amountFromText', () => {
  it.each([
    ['de', '12,50', 1250],
    ['de', '1.234,50', 123_450],
    ['de', '1.250', 125_000],
    ['de', '12.50', 1250],
    ['de', '12', 1200],
    ['it', '12,5', 1250],
    ['it', '1.234.567,89', 123_456_789],
    ['fr', '12,50', 1250],
    ['fr', '1 234,50', 123_450],
    ['fr', '1\u202f234,50', 123_450],
    ['fr', '12.50', 1250],
    ['pl', '12,50', 1250],
    ['pl', '1 234,50', 123_450],
    ['en', '12.50', 1250],
    ['en', '1,234.50', 123_450],
    ['en', '1,250', 125_000],
    ['en', '12,50', 1250],
    ['en', ' 0.05 ', 5],
  ])('%s reads %s as %d minor units', (language, text, minor) => {
    expect(amountFromText(text, language)).toBe(minor);
  });

  it.each([
    ['de', '12,5x'],
    ['de', '1,234.50'],
    ['de', '12,505'],
    ['fr', '1.250'],
    ['pl', '1.250'],
    ['en', '1.234,50'],
    ['en', '12.505'],
    ['en', '-5'],
    ['en', ''],
    ['en', 'abc'],
    ['en', '99999999999999999999'],
  ])('%s refuses %j', (language, text) => {
    expect(amountFromText(text, language)).toBeNull();
  });

  it('writes an amount as the language does', () => {
    expect(amountToText(1250, 'de')).toBe('12,50');
    expect(amountToText(1250, 'pl')).toBe('12,50');
    expect(amountToText(1250, 'en')).toBe('12.50');
    expect(amountToText(null, 'de')).toBe('');
  });
});
