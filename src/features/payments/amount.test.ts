import { describe, expect, it } from 'vitest';
import { paymentAmount } from './amount';

const limits = { open: 123_456, minimum: 50 };
const anything = { open: 10_000_000, minimum: 1 };

describe('paymentAmount: the amount field in minor units, exactly', () => {
  it.each([
    ['12,34', 'de', 1234],
    ['12.34', 'en', 1234],
    ['1.234,56', 'de', 123_456],
    ['1,234.56', 'en', 123_456],
    ['1 234,56', 'fr', 123_456],
    ['0,50', 'pl', 50],
    ['12,5', 'it', 1250],
    ['12', 'de', 1200],
    // Whose float products are not whole: 0.29 * 100 = 28.999999999999996, 1.15 * 100 = 114.99999999999999.
    ['0.29', 'en', 29],
    ['1.15', 'en', 115],
    ['4.35', 'en', 435],
    ['19,99', 'de', 1999],
    ['99999.99', 'en', 9_999_999],
  ])('%s in %s is %i', (text, language, minor) => {
    expect(paymentAmount(text, anything, language)).toEqual({ minor });
  });

  it('refuses more than two decimals and text that is not an amount, never rounding', () => {
    expect(paymentAmount('1.005', limits, 'en')).toEqual({ problem: 'invalid' });
    expect(paymentAmount('12,345', limits, 'fr')).toEqual({ problem: 'invalid' });
    expect(paymentAmount('12,3,4', limits, 'de')).toEqual({ problem: 'invalid' });
    expect(paymentAmount('abc', limits, 'en')).toEqual({ problem: 'invalid' });
    expect(paymentAmount('-5', limits, 'en')).toEqual({ problem: 'invalid' });
    expect(paymentAmount('0', limits, 'en')).toEqual({ problem: 'invalid' });
    expect(paymentAmount('  ', limits, 'en')).toEqual({ problem: 'required' });
  });

  it("keeps to the provider's minimum and to what is open", () => {
    expect(paymentAmount('0,49', limits, 'de')).toEqual({ problem: 'below_minimum' });
    expect(paymentAmount('0,50', limits, 'de')).toEqual({ minor: 50 });
    expect(paymentAmount('1.234,56', limits, 'de')).toEqual({ minor: 123_456 });
    expect(paymentAmount('1.234,57', limits, 'de')).toEqual({ problem: 'over_balance' });
    expect(paymentAmount('2.000.000,00', { open: 500_000_000, minimum: 50 }, 'de')).toEqual({
      problem: 'over_balance',
    });
  });
});
