import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@shared/constants';

/*
 * Which language the app starts in, without the store's libraries: main.tsx asks before the
 * rest of the app's code has loaded (lib/store.ts uses the same rules).
 */

/** The language also lives in localStorage so that it survives a new browser session. */
export const LANGUAGE_KEY = 'paddock.language';
/** The session store's key in sessionStorage (zustand's persist format: `{ state, version }`). */
const SESSION_KEY = 'paddock';

/** No choice made yet: the browser's first language that is one of ours (`fr-FR` → fr), else de (spec §9). */
export function browserLanguage(preferred: readonly string[] = globalThis.navigator?.languages ?? []): Language {
  const match = preferred.map((tag) => tag.toLowerCase().split('-')[0]).find(isLanguage);
  return match ?? DEFAULT_LANGUAGE;
}

/** The language chosen on this device, else the browser's. */
export function rememberedLanguage(): Language {
  try {
    const value = localStorage.getItem(LANGUAGE_KEY);
    return isLanguage(value) ? value : browserLanguage();
  } catch {
    return browserLanguage();
  }
}

/** The language this page load will show: this tab's session's, else the remembered one. */
export function startLanguage(): Language {
  try {
    const session = JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? 'null') as { state?: { language?: unknown } };
    if (isLanguage(session?.state?.language)) return session.state.language;
  } catch {
    // No session store, or an unreadable one: the remembered language.
  }
  return rememberedLanguage();
}
