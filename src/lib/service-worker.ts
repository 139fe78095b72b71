import { Workbox } from 'workbox-window';
import { browser } from './browser';
import { useAppStore } from './store';
import { setUpdateApplier } from './update';

/**
 * Register /sw.js (production builds only) with the prompt flow: a new worker that waits
 * raises the update banner; Reload asks it to take over and reloads once it controls the page.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => {
    setUpdateApplier(() => {
      workbox.addEventListener('controlling', () => browser.reload());
      workbox.messageSkipWaiting();
    });
    useAppStore.getState().setUpdateAvailable(true);
  });
  workbox.register().catch((error: unknown) => console.warn('Service worker registration failed', error));
}
