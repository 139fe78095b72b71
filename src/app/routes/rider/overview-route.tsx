import { SimpleGrid } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { MyQrCodes } from '@/features/floor/components/my-qr-codes';
import { ShowBalances } from '@/features/rider/components/show-balances';
import { ShowSummary } from '@/features/rider/components/show-summary';
import { PageLinks } from '@/lib/components/page-links';
import { useAppStore } from '@/lib/store';
import { AudienceDashboard } from '../dashboard/audience-dashboard';
import { EmployerOffer } from '../dashboard/employer-offer';
import { OwnRider } from './own-rider';
import { SectionPage } from '../portal/section-page';

/** Every section of the rider's own pages, as the other audiences' overviews list theirs. */
export const RIDER_PAGES = [
  'riderProfile',
  'riderHorses',
  'riderGrooms',
  'riderBankAccounts',
  'riderDocuments',
  'riderEmployment',
  'riderTeamMembers',
  'riderShows',
  'riderReports',
  'riderBalance',
  'riderCreatePayment',
  'riderCreditCard',
] as const;

/** The rider's sections, their balance per show and their QR codes. */
export function RiderOverviewRoute() {
  const user = useAppStore((state) => state.user);
  return (
    <AudienceDashboard audience="rider">
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <PageLinks ns="owner" title="overview.sections" pages={RIDER_PAGES} />
        {user?.rider_id != null && <ShowBalances rider={user.rider_id} />}
      </SimpleGrid>
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
