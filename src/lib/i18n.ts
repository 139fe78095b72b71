import i18next, { type Resource, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, TRANSLATIONS_URL, type Language } from '@shared/constants';
import { useAppStore } from './store';

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
] as const;

/** The same files, bundled as lazy chunks: used only when the server's copy cannot be fetched. */
const bundled = import.meta.glob<ResourceLanguage[string]>('../locales/*/*.json', { import: 'default' });

async function fetchTranslations(): Promise<Resource> {
  const response = await fetch(`${TRANSLATIONS_URL}?t=${encodeURIComponent(__BUILD_DATE__)}`);
  if (!response.ok) throw new Error(`translations: HTTP ${response.status}`);
  return (await response.json()) as Resource;
}

async function bundledTranslations(languages: readonly Language[]): Promise<Resource> {
  const resources: Resource = {};
  await Promise.all(
    languages.flatMap((language) =>
      NAMESPACES.map(async (namespace) => {
        const load = bundled[`../locales/${language}/${namespace}.json`];
        if (!load) return;
        resources[language] = { ...resources[language], [namespace]: await load() };
      }),
    ),
  );
  return resources;
}

/**
 * Start i18next in `language`. Translations come from the server (spec §7: with a build
 * timestamp); tests pass `resources` directly.
 */
export async function initI18n(language: Language, resources?: Resource): Promise<void> {
  let loaded = resources;
  if (!loaded) {
    try {
      loaded = await fetchTranslations();
    } catch (error) {
      console.warn('Falling back to the bundled translations', error);
      loaded = await bundledTranslations([...new Set<Language>([language, 'en'])]);
    }
  }
  await i18next.use(initReactI18next).init({
    resources: loaded,
    lng: language,
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    ns: [...NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnEmptyString: false,
  });
  document.documentElement.lang = language;
}

/** Switch the UI language: remembered, sent as Accept-Language from now on. */
export async function changeLanguage(language: Language): Promise<void> {
  useAppStore.getState().setLanguage(language);
  document.documentElement.lang = language;
  if (!i18next.hasResourceBundle(language, 'common')) {
    const extra = await bundledTranslations([language]);
    for (const [namespace, bundle] of Object.entries(extra[language] ?? {})) {
      i18next.addResourceBundle(language, namespace, bundle);
    }
  }
  await i18next.changeLanguage(language);
}
