import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router-dom';
import { createApp } from './app/app';
import { routes } from './app/route-tree';
import { resumeSession } from './app/session/start-session';
import { initI18n } from './lib/i18n';
import { installErrorReporting } from './lib/report-error';
import { useAppStore } from './lib/store';

/**
 * Start loading the code of the page at this URL while the translations load; the router asks
 * for the same chunks once it exists and finds them on their way.
 */
function preloadCurrentPage(): void {
  for (const { route } of matchRoutes(routes, window.location) ?? []) {
    if (typeof route.lazy === 'function') void Promise.resolve(route.lazy()).catch(() => undefined);
  }
}

/** Translations, session, then the app; the service worker once the page is up. */
export async function boot(): Promise<void> {
  installErrorReporting();
  preloadCurrentPage();
  await initI18n(useAppStore.getState().language);
  resumeSession();
  const App = createApp();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  if (import.meta.env.PROD) {
    const { registerServiceWorker } = await import('./lib/service-worker');
    registerServiceWorker();
  }
}
