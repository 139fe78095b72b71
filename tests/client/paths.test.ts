import { describe, expect, it } from 'vitest';
import { AUDIENCES } from '@shared/audiences';
import { href, matchesPath, parentOf, PATH_TABLES, PATHS, type PathKey, safeNext } from '@/lib/paths';

describe('href()', () => {
  it('builds static, parameterised and optional paths', () => {
    expect(href('login')).toBe('/login');
    expect(href('preshow', { show: 12 })).toBe('/preshow/12');
    expect(href('attendance')).toBe('/attendance');
    expect(href('attendance', { venueId: 3 })).toBe('/attendance/3');
    expect(href('magicLogin', {}, { token: 'a b' })).toBe('/magic-login?token=a+b');
    expect(href('login', {}, { next: null })).toBe('/login');
  });

  it('encodes parameter values', () => {
    expect(href('preshow', { show: 'a/b' })).toBe('/preshow/a%2Fb');
  });

  it('matches patterns', () => {
    expect(matchesPath('/preshow/4', ['preshow'])).toBe(true);
    expect(matchesPath('/preshow/4/horses', ['preshow'])).toBe(false);
    expect(matchesPath('/attendance', ['attendance'])).toBe(true);
  });

  it('composes PATHS from the audience tables, each page in exactly one of them', () => {
    const keys = Object.values(PATH_TABLES).flatMap((table) => Object.keys(table));
    expect(new Set(keys).size).toBe(keys.length);
    expect([...keys].sort()).toEqual(Object.keys(PATHS).sort());
    for (const table of Object.values(PATH_TABLES)) {
      for (const [key, entry] of Object.entries(table)) expect(PATHS[key as PathKey], key).toBe(entry);
    }
  });

  it('knows every dashboard of src/shared/audiences', () => {
    const patterns = Object.values(PATHS).map((entry) => entry.path as string);
    for (const audience of Object.values(AUDIENCES)) expect(patterns).toContain(audience.path);
  });

  it('gives breadcrumb parents that are pages without parameters', () => {
    for (const key of Object.keys(PATHS) as PathKey[]) {
      const parent = parentOf(key);
      if (parent === null) continue;
      expect(PATHS, key).toHaveProperty(parent);
      expect(PATHS[parent].path, key).not.toContain(':');
    }
    expect(parentOf('errorReports')).toBe('adminVenues');
    expect(parentOf('adminVenues')).toBeNull();
  });

  it('only follows same-origin absolute next paths', () => {
    expect(safeNext('/rider/overview')).toBe('/rider/overview');
    expect(safeNext('//evil.example')).toBeNull();
    expect(safeNext('https://evil.example')).toBeNull();
    expect(safeNext(null)).toBeNull();
  });
});
