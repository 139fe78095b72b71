import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { LANGUAGES, type Language } from '@shared/constants';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** One answer of GET /static/dist/translations.json, compressed once on first use. */
export interface TranslationBundle {
  json: string;
  etag: string;
  /**
   * The same JSON as brotli (best quality) and gzip. Compressed off the event loop: at the best
   * quality a language takes a few hundred milliseconds, which held up every other request of a
   * sign-in (a floor tablet's first pull among them) the first time after a start.
   */
  encoded(encoding: 'br' | 'gzip'): Promise<Buffer>;
}

export interface Translations {
  /** Every language: `{ <lang>: { <namespace>: {...} } }` (clients before the per-language URL). */
  all: TranslationBundle;
  /** One language: `{ <lang>: { <namespace>: {...} } }` with that language only. */
  byLanguage: Record<Language, TranslationBundle>;
}

function readNamespaces(dir: string): Record<string, unknown> {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  } catch {
    return {};
  }
  return Object.fromEntries(
    files.sort().map((file) => {
      const full = path.join(dir, file);
      try {
        return [path.basename(file, '.json'), JSON.parse(readFileSync(full, 'utf8')) as unknown];
      } catch (err) {
        throw new Error(`Cannot read translations ${full}: ${(err as Error).message}`, { cause: err });
      }
    }),
  );
}

function bundleOf(value: unknown): TranslationBundle {
  const json = JSON.stringify(value);
  const cache: Partial<Record<'br' | 'gzip', Promise<Buffer>>> = {};
  return {
    json,
    etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`,
    encoded: (encoding) =>
      (cache[encoding] ??=
        encoding === 'br'
          ? brotliAsync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } })
          : gzipAsync(json, { level: 9 })),
  };
}

/** The translations of `<localesDir>/<lang>/<namespace>.json`, read once. */
export function loadTranslations(localesDir: string): Translations {
  const languages = LANGUAGES.map((lang) => [lang, readNamespaces(path.join(localesDir, lang))] as const);
  return {
    all: bundleOf(Object.fromEntries(languages)),
    byLanguage: Object.fromEntries(
      languages.map(([lang, namespaces]) => [lang, bundleOf({ [lang]: namespaces })]),
    ) as Record<Language, TranslationBundle>,
  };
}
