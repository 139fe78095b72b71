import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@shared/constants';
import { useAppStore } from './store';
import {
  loadTranslations,
  NAMESPACES,
  readStoredTranslations,
  storeTranslations,
  type LanguageBundle,
} from './translations';

export { NAMESPACES } from './translations';

/**
 * Start i18next in `language`, with that language's translations only (loadTranslations);
 * tests pass `resources` directly.
 */
export async function initI18n(language: Language, resources?: Record<string, LanguageBundle>): Promise<void> {
  let loaded = resources;
  if (!loaded) {
    try {
      loaded = { [language]: await loadTranslations(language) };
    } catch (error) {
      console.error('No translations available', error);
      loaded = {};
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

/** Switch the UI language: its translations loaded (and stored), remembered, sent as Accept-Language. */
export async function changeLanguage(language: Language): Promise<void> {
  if (!i18next.hasResourceBundle(language, 'common')) {
    const bundle = await loadTranslations(language);
    for (const [namespace, resources] of Object.entries(bundle)) {
      i18next.addResourceBundle(language, namespace, resources, true, true);
    }
  } else if (readStoredTranslations(language) === null) {
    storeTranslations(
      language,
      Object.fromEntries(NAMESPACES.map((ns) => [ns, i18next.getResourceBundle(language, ns) ?? {}])),
    );
  }
  useAppStore.getState().setLanguage(language);
  document.documentElement.lang = language;
  await i18next.changeLanguage(language);
}
