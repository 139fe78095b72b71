import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from '../schemas/iso-codes';
import { FEI_NATION_CODES, feiNationOf, isoOfNation } from './nations';

describe('nation codes: IOC/FEI ↔ ISO 3166', () => {
  it('maps the FEI’s codes that differ from ISO alpha-3 both ways', () => {
    const pairs = [
      ['GER', 'DE'],
      ['SUI', 'CH'],
      ['NED', 'NL'],
      ['AUT', 'AT'],
      ['SLO', 'SI'],
      ['DEN', 'DK'],
      ['POR', 'PT'],
      ['RSA', 'ZA'],
      ['KSA', 'SA'],
      ['IRI', 'IR'],
      ['TPE', 'TW'],
      ['HKG', 'HK'],
      ['KOS', 'XK'],
      ['GBR', 'GB'],
      ['UAE', 'AE'],
    ];
    for (const [fei, iso] of pairs) {
      expect(isoOfNation(fei)).toBe(iso);
      expect(feiNationOf(iso)).toBe(fei);
      // Either form in, the same out.
      expect(isoOfNation(iso)).toBe(iso);
      expect(feiNationOf(fei)).toBe(fei);
    }
    expect(isoOfNation(' ger ')).toBe('DE');
  });

  it('answers null for what it does not know instead of passing it on', () => {
    expect(isoOfNation('DEU')).toBeNull(); // ISO alpha-3 is not the FEI's code
    expect(isoOfNation('XX')).toBeNull();
    expect(feiNationOf('ZZ')).toBeNull();
    expect(isoOfNation(null)).toBeNull();
    expect(feiNationOf('')).toBeNull();
  });

  it('is one to one, and every ISO code it gives is one a person may hold', () => {
    const isos = FEI_NATION_CODES.map((code) => isoOfNation(code));
    expect(new Set(isos).size).toBe(FEI_NATION_CODES.length);
    for (const iso of isos) expect(COUNTRY_CODES.has(iso!)).toBe(true);
    for (const code of FEI_NATION_CODES) expect(feiNationOf(isoOfNation(code))).toBe(code);
  });
});
