/** Business constants and limits (spec §9). */
export const PRODUCT_NAME = 'Paddock';
export const API_PREFIX = '/api/v1';
export const GRAPHQL_PATH = '/api/graphql';
export const DEFAULT_PAGE_SIZE = 100;
export const RICH_TEXT_HEIGHT = 350;
export const SPINNER_DELAY_MS = 300;
export const TOAST_SUCCESS_MS = 5_000;
export const TOAST_OTHER_MS = 10_000;
export const SYNC_POLL_MS = 1_000;
export const SYNC_RELOAD_MS = 5_000;
export const MAINTENANCE_RELOAD_MS = 5_000;
/** Token refresh every 10 minutes (spec §9 gives 10, in minutes). */
export const TOKEN_REFRESH_MS = 10 * 60_000;
/** Identical concurrent requests are shared; the cache is cleared 10 ms after the response. */
export const REQUEST_DEDUPE_CLEAR_MS = 10;
export const LANGUAGES = ['en', 'de', 'pl', 'fr', 'it'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'de';
export const DATE_DISPLAY_FORMAT = 'D.M.YYYY H:mm';
export const DATE_PARSE_FORMATS = ['DD.MM.YYYY', 'D.M.YYYY'] as const;
export const TRANSLATIONS_URL = '/static/dist/translations.json';
/** Version of the offline sync protocol (CONVENTIONS 8). */
export const SYNC_PROTOCOL_VERSION = 1;
export const DEMO_PASSWORD = 'paddock-demo';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
