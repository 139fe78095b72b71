import { useQuery } from '@tanstack/react-query';
import type { myQrCodes } from '@shared/schemas/floor';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { cacheMyCodes } from '@/offline/queries';

type MyQrCodes = z.infer<typeof myQrCodes>;

/**
 * GET /api/v1/rider/qr/: the signed-in rider's and their grooms' codes, kept on this device so
 * they show offline too. Resolves false when the server could not be asked (the kept copy shows).
 */
export function useRefreshMyQrCodes(user: number) {
  return useQuery({
    queryKey: ['floor', 'myQrCodes', user],
    queryFn: async () => {
      try {
        const data = await api.get<MyQrCodes>('rider/qr/');
        await cacheMyCodes(user, data.results);
        return true;
      } catch {
        return false;
      }
    },
  });
}
