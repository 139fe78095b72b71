import { Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import type { LocalId } from '@/offline/db';
import { useHorseHistory } from '@/offline/queries';
import { useFloorVenue } from '../use-floor-venue';
import { SyncMark } from './marks';
import { VetStatus } from './vet-status';

/** A horse's inspections, newest first. */
export function HorseHistory({ horse }: { horse: LocalId }) {
  const { t } = useTranslation('floor');
  const events = useHorseHistory(useFloorVenue(), horse);
  if (events?.length === 0) return <Text c="dimmed">{t('vet.noHistory')}</Text>;
  return (
    <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('vet.history')}>
      {events?.map((event) => (
        <Paper key={event.id} component="li" withBorder p="xs">
          <Stack gap={2}>
            <Group gap={6}>
              <VetStatus status={event.status} />
              <SyncMark row={event} />
              <Text size="sm">{formatDateTime(event.occurred_at)}</Text>
            </Group>
            {event.inspector && (
              <Text size="sm" c="dimmed">
                {t('vet.by', { name: event.inspector })}
              </Text>
            )}
            {event.notes && <Text size="sm">{event.notes}</Text>}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
