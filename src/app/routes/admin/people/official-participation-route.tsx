import { Anchor, Group, Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { CompensationBillButton } from '@/features/compensation/components/compensation-bill-button';
import { OfficialList } from '@/features/participations/components/official-list';
import { useVenue } from '@/features/venues/api/get-venue';
import { formatDateRange } from '@/lib/format';
import { useSectionHref } from '@/lib/owner-scope';
import { href } from '@/lib/paths';
import { SectionPage } from '../../portal/section-page';

/**
 * /officials/:officialId/venues/:venueId/participation: the official's participation at
 * one venue — functions, dates, days and fees, their balance there — edited as on the venue's
 * officials view, with their transactions at the venue and that view a click away.
 */
export function OfficialVenueParticipationRoute() {
  const { t } = useTranslation('people');
  const venueId = Number(useParams().venueId);
  const venue = useVenue(venueId);
  const sectionHref = useSectionHref();
  const transactions = sectionHref('VenueTransactions', { venueId });
  return (
    <SectionPage>
      {(owner) => (
        <>
          {venue.isPending && <Skeleton height={20} w={240} />}
          {venue.data && (
            <Text fw={500}>
              {[venue.data.name, formatDateRange(venue.data.start_date, venue.data.end_date)]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          )}
          <Group gap="md">
            {transactions && (
              <Anchor component={Link} to={transactions}>
                {t('officialVenue.transactions')}
              </Anchor>
            )}
            <Anchor component={Link} to={href('venueOfficials', { venueId })}>
              {t('officialVenue.venueOfficials')}
            </Anchor>
          </Group>
          {venue.data && (
            <OfficialList
              venueId={venueId}
              official={owner.id}
              currency={venue.data.currencyDisplay || venue.data.currency}
              title={t('officialVenue.title')}
              empty={t('officialVenue.empty')}
              rowActions={(row) => <CompensationBillButton participation={row.id} name={row.official.name} />}
            />
          )}
        </>
      )}
    </SectionPage>
  );
}
