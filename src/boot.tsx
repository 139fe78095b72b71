import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { createApp } from './app/app';
import { loadSignedInRoutes, routes } from './app/route-tree';
import { resumeSession } from './app/session/start-session';
import { initI18n } from './lib/i18n';
import { installErrorReporting } from './lib/report-error';
import { useAppStore } from './lib/store';

/**
 * Start loading the code of the page at this URL while the translations load; the router asks
 * for the same chunks once it exists and finds them on their way.
 */
function preloadCurrentPage(): void {
  const preload = (tree: RouteObject[]) => {
    const matches = matchRoutes(tree, window.location) ?? [];
    for (const { route } of matches) {
      if (typeof route.lazy === 'function') void Promise.resolve(route.lazy()).catch(() => undefined);
    }
    return matches;
  };
  // A page behind the sign-in matches only the splat until its routes have arrived.
  if (preload(routes).some(({ route }) => route.path === '*')) {
    void loadSignedInRoutes()
      .then((signedIn) => preload([{ children: signedIn }]))
      .catch(() => undefined);
  }
}

/** Resolves once a frame has been painted after the first render and the browser is idle. */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const idle = () =>
      'requestIdleCallback' in window ? window.requestIdleCallback(() => resolve(), { timeout: 3000 }) : resolve();
    // The callback of the next frame runs before that frame's paint; a task queued from it, after.
    requestAnimationFrame(() => setTimeout(idle, 0));
  });
}

/**
 * Lets the browser in (input, a frame) before the next step of the start: each step is then a
 * task of its own instead of one long one (scheduler.yield where the browser has it).
 */
function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Translations, session, then the app; the service worker once the page is up. */
export async function boot(): Promise<void> {
  installErrorReporting();
  preloadCurrentPage();
  await yieldToBrowser();
  await initI18n(useAppStore.getState().language);
  await yieldToBrowser();
  resumeSession();
  const App = createApp();
  await yieldToBrowser();
  const root = createRoot(document.getElementById('root')!);
  // The first render as a transition: React renders in slices of a few milliseconds and lets the
  // browser in between (a tap, a frame), rather than holding the main thread for the whole tree
  // at once — on a slow tablet that one task took a quarter of a second.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
  if (import.meta.env.PROD) {
    // After the first screen is painted: the worker's code and its precache downloads must not
    // compete with the page's own first requests (the sign-in page's Lighthouse figure).
    await afterFirstPaint();
    const { registerServiceWorker } = await import('./lib/service-worker');
    registerServiceWorker();
  }
}
