import { Alert, Anchor, SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatMoney } from '@/lib/format';
import { errorText } from '@/lib/api-error';
import { useSectionHref } from '@/lib/owner-scope';
import { ListCard } from '@/lib/components/list-card';
import { useVenueParticipations } from '../api/list-venue-participations';
import { Facts } from './facts';

/** One of the rider's participations (shows/participation/:participationId): horses with head numbers, events. */
export function ShowParticipation({ rider, participationId }: { rider: number; participationId: number }) {
  const { t } = useTranslation('people');
  const sectionHref = useSectionHref();
  const participations = useVenueParticipations(rider);
  if (participations.isPending) return <Skeleton height={160} aria-label={t('common:table.loading')} />;
  if (participations.isError) return <Alert color="red">{errorText(participations.error)}</Alert>;
  const participation = participations.data.results.find((row) => row.id === participationId);
  if (!participation) return <Alert color="yellow">{t('participation.notFound')}</Alert>;
  const transactions = sectionHref('ShowTransactions', { venueId: participation.venue });
  return (
    <Stack>
      <Title order={2} size="h3">
        {participation.venue_name}
      </Title>
      <Facts
        rows={[
          [t('participation.payer'), participation.payer.name],
          [t('participation.balance'), formatMoney(participation.balance_minor, participation.currency)],
        ]}
      />
      {transactions && (
        <Anchor component={Link} to={transactions}>
          {t('participation.transactions')}
        </Anchor>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ListCard
          order={3}
          title={t('participation.horses')}
          empty={t('participation.noHorses')}
          items={participation.horses}
        >
          {(horse) =>
            `${horse.name} — ${
              horse.head_number === null
                ? t('participation.noHeadNumber')
                : t('participation.headNumber', { number: horse.head_number })
            }`
          }
        </ListCard>
        <ListCard
          order={3}
          title={t('participation.events')}
          empty={t('participation.noEvents')}
          items={participation.events}
        >
          {(event) => (event.horse ? `${event.name} (${event.horse})` : event.name)}
        </ListCard>
      </SimpleGrid>
    </Stack>
  );
}
