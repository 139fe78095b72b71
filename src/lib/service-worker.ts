import { browser } from './browser';
import { useAppStore } from './store';
import { setUpdateApplier } from './update';

/** A new worker is installed and waits while an older one controls the page: offer the update. */
function offerUpdate(worker: ServiceWorker): void {
  setUpdateApplier(() => {
    navigator.serviceWorker.addEventListener('controllerchange', () => browser.reload(), { once: true });
    worker.postMessage({ type: 'SKIP_WAITING' });
  });
  useAppStore.getState().setUpdateAvailable(true);
}

/**
 * Register /sw.js (production builds only) with the prompt flow: a new worker that waits
 * raises the update banner; Reload asks it to take over and reloads once it controls the page.
 * The browser's own API: the first screen loads no helper library for it.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .register('/sw.js', { scope: '/' })
    .then((registration) => {
      // A worker of a newer build may already wait (installed during an earlier visit).
      if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration.waiting);
      registration.addEventListener('updatefound', () => {
        const installing = registration.installing;
        installing?.addEventListener('statechange', () => {
          // Without a controller this is the first install: it activates by itself.
          if (installing.state === 'installed' && navigator.serviceWorker.controller) offerUpdate(installing);
        });
      });
    })
    .catch((error: unknown) => console.warn('Service worker registration failed', error));
}
