import { AudienceDashboard } from '../dashboard/audience-dashboard';
import { PageLinks } from '@/lib/components/page-links';

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
      <PageLinks
        ns="floor"
        title="organizer.floor"
        pages={['organizerVetcheck', 'organizerSignin', 'organizerWelcomedesk']}
      />
    </AudienceDashboard>
  );
}
