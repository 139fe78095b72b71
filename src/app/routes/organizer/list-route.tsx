import { VenueReports } from '@/features/reports/components/venue-reports';
import { PageLinks } from '@/lib/components/page-links';
import { useAppStore } from '@/lib/store';
import { AudienceDashboard } from '../dashboard/audience-dashboard';

/** The show office's start page: its venue and the pages it works in. */
export function OrganizerListRoute() {
  const venueId = useAppStore((state) => state.user?.assigned_venue ?? null);
  return (
    <AudienceDashboard audience="organizer">
      <PageLinks
        title="sections.showOffice"
        pages={[
          'organizerParticipants',
          'organizerOfficials',
          'organizerTransactions',
          'organizerOfficialTransactions',
          'organizerInvoices',
          'organizerPayouts',
          'organizerBankStatements',
        ]}
      />
      <PageLinks title="sections.sport" pages={['organizerStartlists', 'organizerRankings', 'organizerDevices']} />
      <PageLinks
        ns="floor"
        title="organizer.floor"
        pages={['organizerVetcheck', 'organizerSignin', 'organizerWelcomedesk']}
      />
      {venueId !== null && <VenueReports venueId={venueId} />}
    </AudienceDashboard>
  );
}
