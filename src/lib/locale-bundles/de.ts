/** Every namespace of one language in one chunk: the offline fallback of lib/translations.ts. */
export default import.meta.glob<Record<string, unknown>>('../../locales/de/*.json', { eager: true, import: 'default' });
