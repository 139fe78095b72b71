import { Alert, Anchor, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatMoney } from '@/lib/format';
import { errorText } from '@/lib/api-error';
import { formatDateRange } from '@/lib/format';
import { href } from '@/lib/paths';
import { useRiderShows } from '../api/list-shows';

/** The rider's shows with the balance at each, at a glance; each opens its summary. */
export function ShowBalances({ rider }: { rider: number }) {
  const { t } = useTranslation('people');
  const shows = useRiderShows(rider);
  const titleId = useId();
  return (
    <Card withBorder component="section" aria-labelledby={titleId}>
      <Stack>
        <Title order={2} size="h4" id={titleId}>
          {t('overview.shows')}
        </Title>
        {shows.isPending && <Skeleton height={64} aria-label={t('common:table.loading')} />}
        {shows.isError && <Alert color="red">{errorText(shows.error)}</Alert>}
        {shows.data?.results.length === 0 && <Text c="dimmed">{t('overview.noShows')}</Text>}
        {shows.data?.results.map((show) => (
          <Group key={show.venue} justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={0}>
              <Anchor component={Link} to={href('riderOverviewShow', { show: show.venue })} fw={600}>
                {show.venue_name}
              </Anchor>
              <Text size="sm" c="dimmed">
                {formatDateRange(show.date_from, show.date_to)}
              </Text>
            </Stack>
            <Text fw={600} c={show.balance_minor < 0 ? 'red.9' : undefined} style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(show.balance_minor, show.currency)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
