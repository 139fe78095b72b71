import { MyQrCodes } from '@/features/floor/components/my-qr-codes';
import { useAppStore } from '@/lib/store';
import { AudienceDashboard } from '../dashboard/audience-dashboard';

export function RiderOverviewRoute() {
  const userId = useAppStore((state) => state.user?.id ?? null);
  return <AudienceDashboard audience="rider">{userId !== null && <MyQrCodes user={userId} />}</AudienceDashboard>;
}
