// Screens that keep data offline (the floor) open IndexedDB: jsdom has none, so every suite gets the fake.
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import type { Resource, ResourceLanguage } from 'i18next';
import { afterEach } from 'vitest';
import { initI18n } from '@/lib/i18n';

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

await initI18n('en', resources);

afterEach(() => {
  cleanup();
});
