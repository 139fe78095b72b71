import { onlineManager, QueryCache, QueryClient } from '@tanstack/react-query';
import { showError } from './api-error';

/**
 * Server state. A failed query shows its error as a toast (unless the api client already
 * did); mutations report to the form that sent them.
 */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: showError }),
  defaultOptions: {
    queries: { retry: false, staleTime: 60_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

/**
 * The browser's online/offline events, listened to from the start. TanStack Query starts out
 * assuming a network, learns of a change only from these events, and listens to them only once
 * something subscribes (its provider, after the first render): a page opened offline would fire
 * every query, fail each in red and report it, and a network that came back while the app was
 * still starting went unnoticed — every query and mutation (the sign-in too) stayed paused until
 * the network dropped and came back again. Offline is normal on a show ground's floor: queries
 * wait (paused) until the network is back instead.
 */
export function listenToNetwork(setOnline: (online: boolean) => void): (() => void) | undefined {
  if (typeof window === 'undefined' || typeof window.addEventListener !== 'function') return undefined;
  const online = () => setOnline(true);
  const offline = () => setOnline(false);
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  return () => {
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
  };
}

// Set up at once (setEventListener runs it now), not on the first subscription; a page opened
// offline starts offline.
onlineManager.setEventListener(listenToNetwork);
if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
