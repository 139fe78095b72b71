import { useQuery } from '@tanstack/react-query';
import { loadProvider } from './provider';

/** Stripe.js for the publishable key, loaded on first use (null key: nothing loaded). */
export function useProvider(publishableKey: string | null) {
  return useQuery({
    queryKey: ['payments', 'provider', publishableKey],
    queryFn: () => loadProvider(publishableKey!),
    enabled: publishableKey !== null,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 1,
  });
}
