import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { VenueReports } from '@/features/reports/components/venue-reports';
import { href } from '@/lib/paths';
import { PageLinks } from '@/lib/components/page-links';
import { useAppStore } from '@/lib/store';
import { AudienceDashboard } from '../dashboard/audience-dashboard';

/** The show office's start page: its venue and the pages it works in. */
export function OrganizerListRoute() {
  const { t } = useTranslation('dashboard');
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
      {venueId !== null && (
        <Anchor href={href('live', { venueId })} target="_blank" rel="noopener">
          {t('livePage')}
        </Anchor>
      )}
      <PageLinks
        ns="floor"
        title="organizer.floor"
        pages={['organizerVetcheck', 'organizerSignin', 'organizerWelcomedesk']}
      />
      {venueId !== null && <VenueReports venueId={venueId} />}
    </AudienceDashboard>
  );
}
