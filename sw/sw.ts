/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';
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

// Translations are fetched with a cache-busting ?t= parameter; match on the path so one
// cached copy serves offline, refreshed in the background whenever the network answers.
registerRoute(
  ({ url }) => url.pathname === TRANSLATIONS_URL,
  new StaleWhileRevalidate({
    cacheName: 'paddock-translations',
    matchOptions: { ignoreSearch: true },
    plugins: [new ExpirationPlugin({ maxEntries: 2 })],
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
