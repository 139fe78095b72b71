import { Anchor, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { VenueReports } from '@/features/reports/components/venue-reports';
import { PeopleAtVenue } from '@/features/venue-views/components/people-at-venue';
import { useVenue } from '@/features/venues/api/get-venue';
import { VenueHeading } from '@/features/venues/components/venue-heading';
import { href } from '@/lib/paths';
import { VenueLinks, type VenueLink } from './venue-links';

type VenuePage =
  | 'venueParticipants'
  | 'venueOfficials'
  | 'venueTransactions'
  | 'venueOfficialTransactions'
  | 'venueActionsInvoices'
  | 'venueActionsPayouts'
  | 'venueActionsBankStatements'
  | 'venueStartlists'
  | 'venueRankings'
  | 'venueVetcheckView'
  | 'venueSigninView'
  | 'venueWelcomedesk';

/*
 * What the organizer's dashboard (/organizer/list) shows, for any venue: the organizer's pages
 * lead to their admin counterparts at this venue.
 */
const SHOW_OFFICE: VenuePage[] = [
  'venueParticipants',
  'venueOfficials',
  'venueTransactions',
  'venueOfficialTransactions',
  'venueActionsInvoices',
  'venueActionsPayouts',
  'venueActionsBankStatements',
];
const SPORT: VenuePage[] = ['venueStartlists', 'venueRankings'];
const FLOOR: VenuePage[] = ['venueVetcheckView', 'venueSigninView', 'venueWelcomedesk'];

const atVenue = (venueId: number, pages: VenuePage[]): VenueLink[] =>
  pages.map((key) => ({ key, to: href(key, { venueId }), about: `venueSetup:overview.links.${key}` }));

/** The organizer's view of a venue, for the admin (/venues/:venueId/views/organizer). */
export function VenueOrganizerViewRoute() {
  const { t } = useTranslation(['routes', 'dashboard', 'floor', 'venueViews']);
  const venueId = Number(useParams().venueId);
  const venue = useVenue(venueId);
  return (
    <Stack>
      <VenueHeading venueId={venueId} title={t('routes:venueOrganizerView')} />
      <VenueLinks title={t('dashboard:sections.showOffice')} links={atVenue(venueId, SHOW_OFFICE)} />
      <VenueLinks
        title={t('dashboard:sections.sport')}
        links={[...atVenue(venueId, SPORT), { key: 'devices', to: href('devices'), about: 'dashboard:links.devices' }]}
      />
      <Anchor href={href('live', { venueId })} target="_blank" rel="noopener">
        {t('venueViews:office.livePage')}
      </Anchor>
      <VenueLinks title={t('floor:organizer.floor')} links={atVenue(venueId, FLOOR)} />
      {venue.data && (
        <PeopleAtVenue
          venueId={venueId}
          currency={venue.data.currencyDisplay || venue.data.currency}
          personHref={(kind, person) =>
            kind === 'rider'
              ? href('adminRider', { riderId: person.id })
              : kind === 'official'
                ? href('adminOfficial', { officialId: person.id })
                : href('adminSimpleuser', { simpleUserId: person.id })
          }
        />
      )}
      <VenueReports venueId={venueId} />
    </Stack>
  );
}
