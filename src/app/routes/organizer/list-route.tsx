import { FloorLinks } from '@/features/floor/components/floor-links';
import { AudienceDashboard } from '../dashboard/audience-dashboard';
import { PageLinks } from '../dashboard/page-links';

/** The show office's start page: its venue and the pages it works in. */
export function OrganizerListRoute() {
  return (
    <AudienceDashboard audience="organizer">
      <PageLinks
        title="sections.showOffice"
        pages={[
          'organizerParticipants',
          'organizerOfficials',
          'organizerTransactions',
          'organizerOfficialTransactions',
        ]}
      />
      <FloorLinks title="organizer.floor" pages={['organizerVetcheck', 'organizerSignin', 'organizerWelcomedesk']} />
    </AudienceDashboard>
  );
}
