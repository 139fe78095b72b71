import { Badge, Card, DataList, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { VenueParticipation } from '@shared/schemas/participation';
import { formatDateTime, formatMoney } from '@/lib/format';
import { ListCard } from '@/lib/components/list-card';

interface RiderParticipationProps {
  participation: VenueParticipation;
  /** The venue's currency display. */
  currency: string;
}

/** A rider's participation at a venue: who pays (rider or employer), the balance, horses with head numbers, events. */
export function RiderParticipation({ participation, currency }: RiderParticipationProps) {
  const { t } = useTranslation('venueViews');
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
        <ListCard order={2} title={t('rider.horses')} empty={t('rider.noHorses')} items={participation.horses}>
          {(entry) =>
            `${entry.horse.name} — ${
              entry.head_number === null
                ? t('rider.noHeadNumber')
                : t('rider.headNumber', { number: entry.head_number })
            }`
          }
        </ListCard>
        <ListCard order={2} title={t('rider.events')} empty={t('rider.noEvents')} items={participation.events}>
          {(event) => {
            const horse = horseName(event.horse);
            return horse ? `${event.name} — ${horse}` : event.name;
          }}
        </ListCard>
      </SimpleGrid>
    </Stack>
  );
}
