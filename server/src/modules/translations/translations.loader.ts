import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '@shared/constants';

export interface TranslationBundle {
  json: string;
  etag: string;
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

/** `{ <lang>: { <namespace>: {...} } }` from `<localesDir>/<lang>/<namespace>.json`, read once. */
export function loadTranslations(localesDir: string): TranslationBundle {
  const bundle = Object.fromEntries(LANGUAGES.map((lang) => [lang, readNamespaces(path.join(localesDir, lang))]));
  const json = JSON.stringify(bundle);
  return { json, etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"` };
}
