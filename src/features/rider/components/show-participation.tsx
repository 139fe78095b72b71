import { Alert, Anchor, Card, List, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatMoney } from '@/lib/format';
import { errorText } from '@/lib/api-error';
import { useSectionHref } from '@/lib/owner-scope';
import { useVenueParticipations } from '../api/list-venue-participations';
import { Facts } from './facts';

/** One of the rider's participations (shows/participation/:participationId): horses with head numbers, events. */
export function ShowParticipation({ rider, participationId }: { rider: number; participationId: number }) {
  const { t } = useTranslation('people');
  const sectionHref = useSectionHref();
  const participations = useVenueParticipations(rider);
  const horsesId = useId();
  const eventsId = useId();
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
        <Card withBorder component="section" aria-labelledby={horsesId}>
          <Title order={3} size="h4" id={horsesId} mb="sm">
            {t('participation.horses')}
          </Title>
          {participation.horses.length === 0 ? (
            <Text c="dimmed">{t('participation.noHorses')}</Text>
          ) : (
            <List>
              {participation.horses.map((horse) => (
                <List.Item key={horse.id}>
                  {horse.name} —{' '}
                  {horse.head_number === null
                    ? t('participation.noHeadNumber')
                    : t('participation.headNumber', { number: horse.head_number })}
                </List.Item>
              ))}
            </List>
          )}
        </Card>
        <Card withBorder component="section" aria-labelledby={eventsId}>
          <Title order={3} size="h4" id={eventsId} mb="sm">
            {t('participation.events')}
          </Title>
          {participation.events.length === 0 ? (
            <Text c="dimmed">{t('participation.noEvents')}</Text>
          ) : (
            <List>
              {participation.events.map((event) => (
                <List.Item key={event.id}>{event.horse ? `${event.name} (${event.horse})` : event.name}</List.Item>
              ))}
            </List>
          )}
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
