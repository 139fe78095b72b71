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

// TanStack Query starts out assuming a network and only learns of a change from the browser's
// online/offline events: a page opened offline would fire every query, fail each in red and
// report it. Offline is normal on a show ground's floor: queries wait (paused) until the
// network is back instead.
if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
