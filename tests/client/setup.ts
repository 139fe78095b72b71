// Screens that keep data offline (the floor) open IndexedDB: jsdom has none, so every suite gets the fake.
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { onlineManager } from '@tanstack/react-query';
import i18next, { type Resource, type ResourceLanguage } from 'i18next';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { setDisplayTimeZone } from '@/lib/display-time-zone';
import { initI18n } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { useAppStore } from '@/lib/store';

// A wait is for a condition; its bound only ends a wait that would never be met. The suites share
// two cores with the static checks, the build and the API tests, and must pass on a machine three
// times slower than that: the slowest screens settle in ~10 s here, so 45 s.
configure({ asyncUtilTimeout: 45_000 });

// Browser APIs Mantine uses that jsdom does not have.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
Element.prototype.scrollIntoView ??= () => undefined;

/** The locale files themselves, as the server would merge them. */
const files = import.meta.glob<ResourceLanguage[string]>('../../src/locales/*/*.json', {
  eager: true,
  import: 'default',
});
export const resources: Resource = {};
for (const [path, bundle] of Object.entries(files)) {
  const [, language, namespace] = /locales\/(\w+)\/(\w+)\.json$/.exec(path) ?? [];
  if (!language || !namespace) continue;
  resources[language] = { ...resources[language], [namespace]: bundle };
}

if (!i18next.isInitialized) await initI18n('en', resources);

// The suites share a worker's modules and its one document (isolate: false; a fresh module graph
// per file cost three times the tests' own time), so each file starts from what a fresh page
// has: an empty document, no storage and no IndexedDB databases, nobody signed in, nothing
// cached, no toasts, English, times in the device's zone (an earlier file's venue page set its
// venue's), the network up (an earlier file may have ended offline).
beforeAll(async () => {
  document.body.innerHTML = '';
  localStorage.clear();
  sessionStorage.clear();
  // An open connection of an earlier file's store closes on the delete (Dexie yields to it).
  for (const { name } of await indexedDB.databases()) {
    if (!name) continue;
    await new Promise((done) => {
      const deleting = indexedDB.deleteDatabase(name);
      deleting.onsuccess = deleting.onerror = deleting.onblocked = done;
    });
  }
  useAppStore.setState(useAppStore.getInitialState(), true);
  setDisplayTimeZone(null);
  queryClient.clear();
  onlineManager.setOnline(true);
  notifications.clean();
  await i18next.changeLanguage('en');
  document.documentElement.lang = 'en';
});

afterEach(() => {
  cleanup();
});

afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
