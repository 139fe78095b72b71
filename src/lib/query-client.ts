import { QueryCache, QueryClient } from '@tanstack/react-query';
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
