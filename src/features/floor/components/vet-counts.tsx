import { Card, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useVetHorses } from '@/offline/queries';
import { useFloorVenue } from '../use-floor-venue';
import { STATUS_COLORS } from './vet-status';

const ORDER = ['passed', 'failed', 'held', 'none'] as const;

/** How many of the venue's horses passed, failed, are held or were not inspected yet. */
export function VetCounts() {
  const { t } = useTranslation('floor');
  const venue = useFloorVenue();
  const data = useVetHorses(venue, '');
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 4 }}
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={t('vet.counts')}
    >
      {ORDER.map((status) => (
        <Card key={status} withBorder component="li" padding="sm">
          <Text size="sm" c="dimmed">
            {t(`vet.status.${status}`)}
          </Text>
          <Text
            size="xl"
            fw={700}
            c={STATUS_COLORS[status]}
            aria-label={t('vet.countOf', { status: t(`vet.status.${status}`) })}
          >
            {data?.counts[status] ?? '–'}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
