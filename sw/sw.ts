/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { TRANSLATIONS_URL } from '@shared/constants';

declare const self: ServiceWorkerGlobalScope;

// The app shell: every built asset, so a reload while offline shows the app.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Client-side routes fall back to index.html; the API and server-rendered paths never do.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [/^\/api\//, /^\/_passwordReset\//, /^\/static\//],
  }),
);

// Translations (spec §7: `?t=<build>&lng=<language>`): one cached copy per language, whatever
// the build stamp, so a reload offline finds the language it used last. Network first: a new
// build must get the new texts, not the previous build's copy (the app keeps this build's copy
// itself and asks only when it has none).
registerRoute(
  ({ url }) => url.pathname === TRANSLATIONS_URL,
  new NetworkFirst({
    cacheName: 'paddock-translations',
    networkTimeoutSeconds: 4,
    plugins: [
      {
        cacheKeyWillBeUsed: async ({ request }) => {
          const url = new URL(request.url);
          return `${url.origin}${url.pathname}?lng=${url.searchParams.get('lng') ?? 'all'}`;
        },
      },
      new ExpirationPlugin({ maxEntries: 6 }),
    ],
  }),
);

// Whitelabel logos and other uploaded images: cache-first would pin stale logos, so
// revalidate in the background as well.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && request.destination === 'image' && url.pathname.startsWith('/media/'),
  new StaleWhileRevalidate({ cacheName: 'paddock-media', plugins: [new ExpirationPlugin({ maxEntries: 50 })] }),
);

// The prompt flow: the page asks the waiting worker to take over once the user agrees.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
