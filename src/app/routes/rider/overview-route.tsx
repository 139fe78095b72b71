import { useParams } from 'react-router-dom';
import { MyQrCodes } from '@/features/floor/components/my-qr-codes';
import { ShowBalances } from '@/features/rider/components/show-balances';
import { ShowSummary } from '@/features/rider/components/show-summary';
import { useAppStore } from '@/lib/store';
import { AudienceDashboard } from '../dashboard/audience-dashboard';
import { EmployerOffer } from '../dashboard/employer-offer';
import { OwnRider } from './own-rider';
import { SectionPage } from '../portal/section-page';

export function RiderOverviewRoute() {
  const user = useAppStore((state) => state.user);
  return (
    <AudienceDashboard audience="rider">
      {user?.rider_id != null && <ShowBalances rider={user.rider_id} />}
      {user && <MyQrCodes user={user.id} />}
      <EmployerOffer />
    </AudienceDashboard>
  );
}

/** overview/show/:show: that show's summary. */
export function RiderOverviewShowRoute() {
  const venueId = Number(useParams().show);
  return (
    <OwnRider>
      <SectionPage>{(owner) => <ShowSummary rider={owner.id} venueId={venueId} />}</SectionPage>
    </OwnRider>
  );
}
