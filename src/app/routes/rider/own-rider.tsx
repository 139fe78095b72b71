import type { ReactNode } from 'react';
import { OwnerProvider } from '@/lib/owner-scope';
import { useAppStore } from '@/lib/store';

/** The rider's overview pages sit outside the sections' owner scope: the signed-in rider owns them. */
export function OwnRider({ children }: { children: ReactNode }) {
  const riderId = useAppStore((state) => state.user?.rider_id ?? null);
  if (riderId === null) return children;
  return (
    <OwnerProvider owner={{ type: 'rider', id: riderId, prefix: 'rider', params: {}, managed: false }}>
      {children}
    </OwnerProvider>
  );
}
