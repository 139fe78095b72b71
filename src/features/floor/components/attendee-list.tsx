import { Button, Card, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ATTENDEE_KINDS } from '@shared/floor-constants';
import { showError } from '@/lib/api-error';
import { FILTER_DEBOUNCE_MS } from '@/lib/debounce';
import { useAttendees, type AttendeeState } from '@/offline/queries';
import { checkIn } from '@/offline/writes';
import { useFloorVenue } from '../use-floor-venue';
import { AttendeeInvite } from './attendee-invite';
import { LIST_PAGE, StateBadge, SyncMark } from './marks';

function AttendeeItem({ venue, row }: { venue: number; row: AttendeeState }) {
  const { t } = useTranslation('floor');
  const { attendee, latest } = row;
  const name = `${attendee.first_name} ${attendee.last_name}`.trim();
  const action = latest?.action === 'in' ? 'out' : 'in';
  const details = [
    t(`kind.${attendee.kind}`),
    attendee.role && t(`role.${attendee.role}`),
    attendee.organisation,
    attendee.badge && t('attendee.badgeNumber', { badge: attendee.badge }),
  ].filter(Boolean);
  return (
    <Card withBorder padding="sm" component="li" aria-label={name}>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4} style={{ flex: '1 1 11rem', minWidth: 0 }}>
          <Text fw={600}>{name}</Text>
          <Text size="sm" c="dimmed">
            {details.join(' · ')}
          </Text>
          <Group gap={6}>
            <StateBadge latest={latest} words="checkin" />
            <SyncMark row={attendee} />
            {latest && <SyncMark row={latest} />}
          </Group>
          <AttendeeInvite attendee={attendee} />
        </Stack>
        <Button
          size="md"
          style={{ flexShrink: 0 }}
          variant={action === 'in' ? 'filled' : 'default'}
          aria-label={t(`checkin.${action}Named`, { name })}
          onClick={() => checkIn(venue, attendee, action).catch(showError)}
        >
          {t(`checkin.${action}Action`)}
        </Button>
      </Group>
    </Card>
  );
}

/** The venue's attendees and team members: search, filter by kind, check in and out. */
export function AttendeeList() {
  const { t } = useTranslation('floor');
  const venue = useFloorVenue();
  const [search, setSearch] = useState('');
  const [kind, setKind] = useState('');
  const [limit, setLimit] = useState(LIST_PAGE);
  const [debounced] = useDebouncedValue(search, FILTER_DEBOUNCE_MS);
  const rows = useAttendees(venue, debounced, kind || null);
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('attendee.search')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          inputMode="search"
        />
        <NativeSelect
          label={t('attendee.kind')}
          value={kind}
          onChange={(event) => setKind(event.currentTarget.value)}
          data={[
            { value: '', label: t('attendee.allKinds') },
            ...ATTENDEE_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) })),
          ]}
        />
      </SimpleGrid>
      {rows?.length === 0 && <Text c="dimmed">{t('attendee.none')}</Text>}
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {rows?.slice(0, limit).map((row) => (
          <AttendeeItem key={row.attendee.id} venue={venue} row={row} />
        ))}
      </Stack>
      {rows && rows.length > limit && (
        <Button variant="default" onClick={() => setLimit(limit + LIST_PAGE)}>
          {t('list.more', { shown: limit, total: rows.length })}
        </Button>
      )}
    </Stack>
  );
}
