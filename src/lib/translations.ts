import type { ResourceLanguage } from 'i18next';
import { TRANSLATIONS_URL, type Language } from '@shared/constants';

/*
 * Loading one language's translations, without i18next itself: main.tsx starts the fetch
 * before the rest of the app's code has arrived (prefetchTranslations), i18n.ts takes it over.
 */

/** One JSON file per namespace and language under src/locales/<lang>/<namespace>.json. */
export const NAMESPACES = [
  'common',
  'routes',
  'shell',
  'errors',
  'auth',
  'dashboard',
  'venues',
  'payments',
  'attendance',
  'system',
  'configuration',
  'venueSetup',
  'participants',
  'ledger',
  'offline',
  'floor',
  'owner',
  'people',
  'invoices',
  'jobs',
  'reports',
  'emailRuns',
  'payouts',
  'startlists',
  'results',
  'fei',
  'livescore',
  'devices',
  'sync',
  'venueViews',
  'bulk',
] as const;

/** One language's namespaces: `{ <namespace>: {...} }`. */
export type LanguageBundle = ResourceLanguage;

/** The same files, bundled as one lazy chunk per language (precached by the service worker). */
const bundled: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  de: () => import('./locale-bundles/de'),
  en: () => import('./locale-bundles/en'),
  fr: () => import('./locale-bundles/fr'),
  it: () => import('./locale-bundles/it'),
  pl: () => import('./locale-bundles/pl'),
};

/**
 * The last translations fetched, for the chosen language only: kept in localStorage so that a
 * reload without network shows the app in its language whatever the service worker's state
 * (a page it never controlled fetched its translations past the worker's cache).
 */
export const TRANSLATIONS_STORAGE_KEY = 'paddock.translations';

interface StoredTranslations {
  build: string;
  language: Language;
  bundle: LanguageBundle;
}

/** spec §7: the path and the build timestamp; `lng` asks for one language only. */
export function translationsUrl(language: Language): string {
  return `${TRANSLATIONS_URL}?t=${encodeURIComponent(__BUILD_DATE__)}&lng=${language}`;
}

function isBundle(value: unknown): value is LanguageBundle {
  return typeof value === 'object' && value !== null && 'common' in value;
}

export function readStoredTranslations(language: Language): StoredTranslations | null {
  try {
    const raw = localStorage.getItem(TRANSLATIONS_STORAGE_KEY);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Partial<StoredTranslations>;
    if (stored.language !== language || typeof stored.build !== 'string' || !isBundle(stored.bundle)) return null;
    return stored as StoredTranslations;
  } catch {
    return null;
  }
}

export function storeTranslations(language: Language, bundle: LanguageBundle): void {
  try {
    const value: StoredTranslations = { build: __BUILD_DATE__, language, bundle };
    localStorage.setItem(TRANSLATIONS_STORAGE_KEY, JSON.stringify(value));
  } catch {
    // Storage full or unavailable: the service worker's copy and the bundled chunks remain.
  }
}

async function fetchBundle(language: Language): Promise<LanguageBundle> {
  const response = await fetch(translationsUrl(language));
  if (!response.ok) throw new Error(`translations: HTTP ${response.status}`);
  const body = (await response.json()) as Record<string, unknown>;
  const bundle = body[language];
  if (!isBundle(bundle)) throw new Error(`translations: no ${language} in the answer`);
  return bundle;
}

async function bundledBundle(language: Language): Promise<LanguageBundle> {
  const files = (await bundled[language]()).default;
  const byNamespace = new Map(
    Object.entries(files).map(([file, content]) => [/([^/]+)\.json$/.exec(file)?.[1] ?? file, content]),
  );
  return Object.fromEntries(NAMESPACES.map((namespace) => [namespace, byNamespace.get(namespace) ?? {}]));
}

let prefetched: { language: Language; bundle: Promise<LanguageBundle> } | null = null;

/**
 * Start fetching the chosen language's translations before the app's code has loaded
 * (main.tsx calls this first); initI18n takes the answer over. Nothing to fetch when this
 * build's copy is stored already.
 */
export function prefetchTranslations(language: Language): void {
  if (readStoredTranslations(language)?.build === __BUILD_DATE__) return;
  const bundle = fetchBundle(language);
  bundle.catch(() => undefined); // handled by loadTranslations
  prefetched = { language, bundle };
}

/**
 * One language's translations, the first that answers of: this build's stored copy, the
 * server (spec §7, then stored), the bundled chunks, an older build's stored copy.
 */
export async function loadTranslations(language: Language): Promise<LanguageBundle> {
  const stored = readStoredTranslations(language);
  if (stored?.build === __BUILD_DATE__) return stored.bundle;
  try {
    const pending = prefetched?.language === language ? prefetched.bundle : fetchBundle(language);
    prefetched = null;
    const bundle = await pending;
    storeTranslations(language, bundle);
    return bundle;
  } catch (error) {
    console.warn('Translations not reachable: using the bundled or stored copy', error);
  }
  try {
    const bundle = await bundledBundle(language);
    storeTranslations(language, bundle);
    return bundle;
  } catch (error) {
    if (stored) return stored.bundle;
    throw error;
  }
}
