import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@shared/constants';
import { ERROR_CODES, FIELD_ERROR_CODES } from '@shared/errors';
import { NAMESPACES } from '@/lib/i18n';

const files = import.meta.glob<unknown>('../../src/locales/*/*.json', { eager: true, import: 'default' });
const present = Object.keys(files).map((path) => path.replace('../../src/locales/', ''));

function flatten(node: unknown, prefix = ''): Record<string, unknown> {
  if (node === null || typeof node !== 'object') return { [prefix]: node };
  return Object.entries(node).reduce<Record<string, unknown>>(
    (all, [key, value]) => ({ ...all, ...flatten(value, prefix ? `${prefix}.${key}` : key) }),
    {},
  );
}

const load = (language: string, namespace: string) => flatten(files[`../../src/locales/${language}/${namespace}.json`]);

describe('locales', () => {
  it('has one folder per language with exactly the i18n namespaces', () => {
    const expected = LANGUAGES.flatMap((language) => NAMESPACES.map((namespace) => `${language}/${namespace}.json`));
    expect(present.sort()).toEqual(expected.sort());
  });

  it.each(NAMESPACES)('namespace %s has the same keys in every language and no empty strings', (namespace) => {
    const english = load('en', namespace);
    for (const language of LANGUAGES) {
      const bundle = load(language, namespace);
      expect(Object.keys(bundle).sort(), `${language}/${namespace}`).toEqual(Object.keys(english).sort());
      for (const [key, value] of Object.entries(bundle)) {
        expect(typeof value === 'string' && value.trim().length > 0, `${language}/${namespace}: ${key}`).toBe(true);
      }
    }
  });

  it('keeps the interpolation variables of English in every translation', () => {
    const variables = (text: unknown) => [...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const namespace of NAMESPACES) {
      const english = load('en', namespace);
      for (const language of LANGUAGES) {
        const bundle = load(language, namespace);
        for (const key of Object.keys(english)) {
          expect(variables(bundle[key]), `${language}/${namespace}: ${key}`).toEqual(variables(english[key]));
        }
      }
    }
  });

  it('translates every error code and field code', () => {
    const errors = load('en', 'errors');
    for (const code of ERROR_CODES) expect(errors[code], code).toBeTruthy();
    for (const code of FIELD_ERROR_CODES) expect(errors[`field.${code}`], code).toBeTruthy();
  });

  it("uses the spec's own English sentences", () => {
    expect(load('en', 'routes').notFound).toBe('Route not found');
    expect(load('en', 'shell')['confirm.message']).toBe('Are you sure?');
    expect(load('en', 'shell')['update.message']).toBe('Application has been updated. Please, reload the page.');
    expect(load('en', 'shell').preshowFinished).toBe('Preshow session is finished.');
    expect(load('en', 'shell')['upload.confirm']).toBe('Confirm upload');
    const errors = load('en', 'errors');
    expect(errors.no_assigned_venue).toBe("User doesn't have an assigned venue!");
    expect(errors.unauthorized).toBe('Logged out.');
    expect(errors.forbidden).toBe('Permission denied.');
    expect(errors.missing_params).toBe('Missing params.');
    expect(errors.check_errors_above).toBe('Check errors above.');
  });
});
