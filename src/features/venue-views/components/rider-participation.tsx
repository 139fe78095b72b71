import { Badge, Card, DataList, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { VenueParticipation } from '@shared/schemas/participation';
import { formatDateTime, formatMoney } from '@/lib/format';

interface RiderParticipationProps {
  participation: VenueParticipation;
  /** The venue's currency display. */
  currency: string;
}

/** A rider's participation at a venue: who pays (rider or employer), the balance, horses with head numbers, events. */
export function RiderParticipation({ participation, currency }: RiderParticipationProps) {
  const { t } = useTranslation('venueViews');
  const horsesId = useId();
  const eventsId = useId();
  const horseName = (id: number | null) =>
    id === null ? null : (participation.horses.find((entry) => entry.horse.id === id)?.horse.name ?? null);
  const byEmployer = participation.payer.type === 'employer';
  return (
    <Stack>
      <Card withBorder component="section" aria-label={t('rider.participation')}>
        <DataList labelWidth={180}>
          <DataList.Item>
            <DataList.ItemLabel>{t('rider.payer')}</DataList.ItemLabel>
            <DataList.ItemValue>
              <Group gap={6}>
                <Text>{participation.payer.name}</Text>
                {byEmployer && (
                  <Badge size="sm" variant="light">
                    {t('rider.employer')}
                  </Badge>
                )}
              </Group>
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>
              {byEmployer ? t('rider.balanceOf', { name: participation.payer.name }) : t('rider.balance')}
            </DataList.ItemLabel>
            <DataList.ItemValue>
              <Text fw={700} c={participation.balance < 0 ? 'red.9' : undefined}>
                {formatMoney(participation.balance, currency)}
              </Text>
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('rider.feiId')}</DataList.ItemLabel>
            <DataList.ItemValue>{participation.rider.fei_id ?? '—'}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('rider.signedIn')}</DataList.ItemLabel>
            <DataList.ItemValue>
              {participation.signed_in_at ? formatDateTime(participation.signed_in_at) : t('rider.notYet')}
            </DataList.ItemValue>
          </DataList.Item>
        </DataList>
      </Card>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder component="section" aria-labelledby={horsesId}>
          <Title order={2} size="h4" id={horsesId} mb="sm">
            {t('rider.horses')}
          </Title>
          {participation.horses.length === 0 ? (
            <Text c="dimmed">{t('rider.noHorses')}</Text>
          ) : (
            <List>
              {participation.horses.map((entry) => (
                <List.Item key={entry.id}>
                  {entry.horse.name} —{' '}
                  {entry.head_number === null
                    ? t('rider.noHeadNumber')
                    : t('rider.headNumber', { number: entry.head_number })}
                </List.Item>
              ))}
            </List>
          )}
        </Card>
        <Card withBorder component="section" aria-labelledby={eventsId}>
          <Title order={2} size="h4" id={eventsId} mb="sm">
            {t('rider.events')}
          </Title>
          {participation.events.length === 0 ? (
            <Text c="dimmed">{t('rider.noEvents')}</Text>
          ) : (
            <List>
              {participation.events.map((event) => {
                const horse = horseName(event.horse);
                return <List.Item key={event.id}>{horse ? `${event.name} — ${horse}` : event.name}</List.Item>;
              })}
            </List>
          )}
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
