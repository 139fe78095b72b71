import { Alert, Anchor, Skeleton, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatMoney } from '@/lib/format';
import { errorText } from '@/lib/api-error';
import { formatDateRange } from '@/lib/format';
import { useSectionHref } from '@/lib/owner-scope';
import { useRiderShows } from '../api/list-shows';
import { Facts } from './facts';

/** One show of the rider's overview (overview/show/:show): balance, participation and links. */
export function ShowSummary({ rider, venueId }: { rider: number; venueId: number }) {
  const { t } = useTranslation('people');
  const sectionHref = useSectionHref();
  const shows = useRiderShows(rider);
  if (shows.isPending) return <Skeleton height={120} aria-label={t('common:table.loading')} />;
  if (shows.isError) return <Alert color="red">{errorText(shows.error)}</Alert>;
  const show = shows.data.results.find((row) => row.venue === venueId);
  if (!show) return <Alert color="yellow">{t('overview.showNotFound')}</Alert>;
  const links = [
    [t('overview.transactions'), sectionHref('ShowTransactions', { venueId })],
    [
      t('overview.participation'),
      show.participation === null ? null : sectionHref('ShowParticipation', { participationId: show.participation }),
    ],
    [t('overview.allShows'), sectionHref('Shows')],
  ] as const;
  return (
    <Stack>
      <Title order={2} size="h3">
        {show.venue_name}
      </Title>
      <Facts
        rows={[
          [t('overview.dates'), formatDateRange(show.date_from, show.date_to)],
          [t('overview.balance'), formatMoney(show.balance_minor, show.currency)],
          [t('overview.participating'), show.participation === null ? t('overview.no') : t('overview.yes')],
        ]}
      />
      {links.map(
        ([label, to]) =>
          to && (
            <Anchor key={label} component={Link} to={to}>
              {label}
            </Anchor>
          ),
      )}
    </Stack>
  );
}
