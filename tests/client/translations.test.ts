import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserLanguage, startLanguage } from '@/lib/language';
import {
  loadTranslations,
  NAMESPACES,
  prefetchTranslations,
  TRANSLATIONS_STORAGE_KEY,
  translationsUrl,
} from '@/lib/translations';
import { resources } from './setup';

const de = resources.de!;
const en = resources.en!;

function answer(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('loading one language', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    localStorage.clear();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('asks the server for that language only, with the build stamp, and keeps the answer', async () => {
    fetchMock.mockResolvedValue(answer({ de }));
    const bundle = await loadTranslations('de');
    expect(fetchMock).toHaveBeenCalledWith(translationsUrl('de'));
    expect(translationsUrl('de')).toBe('/static/dist/translations.json?t=test&lng=de');
    expect(bundle.shell).toEqual(de.shell);
    const stored = JSON.parse(localStorage.getItem(TRANSLATIONS_STORAGE_KEY)!) as Record<string, unknown>;
    expect(stored).toMatchObject({ build: 'test', language: 'de' });
  });

  it("offline, this build's stored copy answers without asking the network", async () => {
    fetchMock.mockResolvedValue(answer({ de }));
    await loadTranslations('de');
    fetchMock.mockReset();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const bundle = await loadTranslations('de');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(bundle.offline).toEqual(de.offline);
    prefetchTranslations('de');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('without the server and without a copy of this build, the bundled chunks answer, complete', async () => {
    localStorage.setItem(TRANSLATIONS_STORAGE_KEY, JSON.stringify({ build: 'older', language: 'de', bundle: {} }));
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const bundle = await loadTranslations('de');
    for (const namespace of NAMESPACES) expect(bundle[namespace], namespace).toEqual(de[namespace]);
    expect(JSON.parse(localStorage.getItem(TRANSLATIONS_STORAGE_KEY)!)).toMatchObject({ build: 'test' });
  });

  it("a stored copy of another language is not used, and a server's refusal is not kept", async () => {
    localStorage.setItem(TRANSLATIONS_STORAGE_KEY, JSON.stringify({ build: 'test', language: 'en', bundle: en }));
    fetchMock.mockResolvedValue(answer({ error: 'x' }, 500));
    const bundle = await loadTranslations('fr');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(bundle.common).toEqual(resources.fr!.common);
    // The bundled copy (this build) replaces the other language's.
    expect(JSON.parse(localStorage.getItem(TRANSLATIONS_STORAGE_KEY)!)).toMatchObject({ language: 'fr' });
  });

  it('a prefetch started early is the request loadTranslations uses', async () => {
    fetchMock.mockResolvedValue(answer({ it: resources.it }));
    prefetchTranslations('it');
    const bundle = await loadTranslations('it');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(bundle.common).toEqual(resources.it!.common);
  });
});

describe('the first screen before any choice', () => {
  it("opens in the browser's language when it is one of ours, else in German", () => {
    expect(browserLanguage(['fr-FR', 'en-US'])).toBe('fr');
    expect(browserLanguage(['ja-JP', 'it-CH'])).toBe('it');
    expect(browserLanguage(['PL'])).toBe('pl');
    expect(browserLanguage(['ja-JP'])).toBe('de');
    expect(browserLanguage([])).toBe('de');
  });

  it("the entry's start language: this tab's session's, else the remembered one, else the browser's", () => {
    localStorage.clear();
    sessionStorage.clear();
    vi.stubGlobal('navigator', { ...navigator, languages: ['it-IT'] });
    try {
      expect(startLanguage()).toBe('it');
      localStorage.setItem('paddock.language', 'pl');
      expect(startLanguage()).toBe('pl');
      sessionStorage.setItem('paddock', JSON.stringify({ state: { language: 'fr' }, version: 1 }));
      expect(startLanguage()).toBe('fr');
    } finally {
      vi.unstubAllGlobals();
      localStorage.clear();
      sessionStorage.clear();
    }
  });

  it('the store starts in the browser language when nothing is remembered', async () => {
    localStorage.clear();
    sessionStorage.clear();
    vi.stubGlobal('navigator', { ...navigator, languages: ['fr-FR', 'de'] });
    vi.resetModules();
    try {
      const { useAppStore } = await import('@/lib/store');
      expect(useAppStore.getState().language).toBe('fr');
      localStorage.setItem('paddock.language', 'pl');
      vi.resetModules();
      expect((await import('@/lib/store')).useAppStore.getState().language).toBe('pl');
    } finally {
      vi.unstubAllGlobals();
      localStorage.clear();
      vi.resetModules();
    }
  });
});
