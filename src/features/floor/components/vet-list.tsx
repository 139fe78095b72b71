import { Button, Card, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FILTER_DEBOUNCE_MS } from '@/lib/debounce';
import type { LocalHorse } from '@/offline/db';
import { useVetHorses, type HorseVetState } from '@/offline/queries';
import { useFloorVenue } from '../use-floor-venue';
import { HorseHistory } from './horse-history';
import { InspectionForm } from './inspection-form';
import { LIST_PAGE, SyncMark } from './marks';
import { VetStatus } from './vet-status';

const horseLabel = (horse: LocalHorse) =>
  horse.head_number !== null ? `#${horse.head_number} ${horse.name}` : horse.name;

function HorseItem({ row, onOpen }: { row: HorseVetState; onOpen(horse: LocalHorse): void }) {
  const { t } = useTranslation('floor');
  const label = horseLabel(row.horse);
  return (
    <Card withBorder padding="sm" component="li" aria-label={label}>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4} style={{ flex: '1 1 11rem', minWidth: 0 }}>
          <Text fw={600}>{label}</Text>
          <Text size="sm" c="dimmed">
            {row.riderName}
          </Text>
          <Group gap={6}>
            <VetStatus status={row.latest?.status ?? null} />
            {row.latest && <SyncMark row={row.latest} />}
          </Group>
        </Stack>
        <Button
          size="md"
          style={{ flexShrink: 0 }}
          onClick={() => onOpen(row.horse)}
          aria-label={t('vet.inspectNamed', { horse: label })}
        >
          {t('vet.inspect')}
        </Button>
      </Group>
    </Card>
  );
}

/** The venue's horses by head number with their vet status; record an inspection, see the history. */
export function VetList() {
  const { t } = useTranslation('floor');
  const venue = useFloorVenue();
  const [search, setSearch] = useState('');
  const [limit, setLimit] = useState(LIST_PAGE);
  const [open, setOpen] = useState<LocalHorse | null>(null);
  const [debounced] = useDebouncedValue(search, FILTER_DEBOUNCE_MS);
  const rows = useVetHorses(venue, debounced)?.rows;
  return (
    <Stack>
      <TextInput
        label={t('vet.search')}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        inputMode="search"
      />
      {rows?.length === 0 && <Text c="dimmed">{t('vet.none')}</Text>}
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {rows?.slice(0, limit).map((row) => (
          <HorseItem key={row.horse.id} row={row} onOpen={setOpen} />
        ))}
      </Stack>
      {rows && rows.length > limit && (
        <Button variant="default" onClick={() => setLimit(limit + LIST_PAGE)}>
          {t('list.more', { shown: limit, total: rows.length })}
        </Button>
      )}
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={open ? horseLabel(open) : ''} size="lg">
        {open && (
          <Stack>
            <InspectionForm venue={venue} horse={open} />
            <Title order={3} size="h5">
              {t('vet.history')}
            </Title>
            <HorseHistory horse={open.id} />
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
