import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApp } from './app/app';
import { resumeSession } from './app/session/start-session';
import { initI18n } from './lib/i18n';
import { installErrorReporting } from './lib/report-error';
import { useAppStore } from './lib/store';

/** Translations, session, then the app; the service worker once the page is up. */
export async function boot(): Promise<void> {
  installErrorReporting();
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
