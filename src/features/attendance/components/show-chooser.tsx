import { Alert, Anchor, Card, Pagination, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE } from '@shared/constants';
import { errorText } from '@/lib/api-error';
import { formatDateRange } from '@/lib/format';
import { href } from '@/lib/paths';
import { useOpenVenues } from '../api/list-open-venues';

/** For a visitor without a show's link: the upcoming and running shows to register for. */
export function ShowChooser() {
  const { t } = useTranslation('attendance');
  const [page, setPage] = useState(1);
  const venues = useOpenVenues(page);
  const pages = Math.max(1, Math.ceil((venues.data?.count ?? 0) / DEFAULT_PAGE_SIZE));

  if (venues.isPending) return <Skeleton height={120} aria-label={t('choose.loading')} />;
  if (venues.isError) return <Alert color="red">{errorText(venues.error)}</Alert>;
  if (venues.data.count === 0) return <Text c="dimmed">{t('choose.empty')}</Text>;
  return (
    <Stack component="section" aria-label={t('choose.title')}>
      <Text>{t('choose.intro')}</Text>
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {venues.data.results.map((venue) => (
          <Card component="li" withBorder key={venue.id}>
            <Anchor component={Link} to={href('attendance', { venueId: venue.id })} fw={600} size="lg">
              {venue.name}
            </Anchor>
            <Text size="sm">{formatDateRange(venue.start_date, venue.end_date)}</Text>
            {(venue.city || venue.country) && (
              <Text size="sm" c="dimmed">
                {[venue.city, venue.country].filter(Boolean).join(', ')}
              </Text>
            )}
          </Card>
        ))}
      </Stack>
      {pages > 1 && <Pagination value={page} onChange={setPage} total={pages} aria-label={t('choose.pages')} />}
    </Stack>
  );
}
