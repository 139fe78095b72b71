import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { VenueReports } from '@/features/reports/components/venue-reports';
import { PeopleAtVenue } from '@/features/venue-views/components/people-at-venue';
import { useVenue } from '@/features/venues/api/get-venue';
import { VenueSetupLinks } from '@/features/venues/components/venue-overview';
import { canSetUpVenue } from '@/lib/authorization';
import { href } from '@/lib/paths';
import { PageLinks } from '@/lib/components/page-links';
import { useAppStore } from '@/lib/store';
import { AudienceDashboard } from '../dashboard/audience-dashboard';

/** The riders, officials and simple users at the venue; a rider's name opens their page. */
function OrganizerPeople({ venueId }: { venueId: number }) {
  const venue = useVenue(venueId);
  if (!venue.data) return null;
  return (
    <PeopleAtVenue
      venueId={venueId}
      currency={venue.data.currencyDisplay || venue.data.currency}
      personHref={(kind, person) => (kind === 'rider' ? href('organizerRider', { riderId: person.id }) : null)}
    />
  );
}

/** The show office's start page: its venue, the pages it works in and the people at the venue. */
export function OrganizerListRoute() {
  const { t } = useTranslation('dashboard');
  const venueId = useAppStore((state) => state.user?.assigned_venue ?? null);
  // A floor device's session opens this page for its links only: no balances there.
  const floorOnly = useAppStore((state) => state.floorOnly);
  const user = useAppStore((state) => state.user);
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
      {venueId !== null && !floorOnly && canSetUpVenue(user, venueId) && <VenueSetupLinks venueId={venueId} />}
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
      {venueId !== null && !floorOnly && <OrganizerPeople venueId={venueId} />}
      {venueId !== null && <VenueReports venueId={venueId} />}
    </AudienceDashboard>
  );
}
