import { Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '@/lib/api-error';
import { FILTER_DEBOUNCE_MS } from '@/lib/debounce';
import { useSigninRiders, type RiderSigninState } from '@/offline/queries';
import { signIn } from '@/offline/writes';
import { useFloorVenue } from '../use-floor-venue';
import { LIST_PAGE, StateBadge, SyncMark } from './marks';
import { HorseNames } from './person-card';

function RiderItem({ venue, row }: { venue: number; row: RiderSigninState }) {
  const { t } = useTranslation('floor');
  const { rider, latest } = row;
  const action = latest?.action === 'in' ? 'out' : 'in';
  return (
    <Card withBorder padding="sm" component="li" aria-label={rider.name}>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4} style={{ flex: '1 1 11rem', minWidth: 0 }}>
          <Text fw={600}>{rider.name}</Text>
          <HorseNames person={row} />
          <Group gap={6}>
            <StateBadge latest={latest} words="signin" />
            {latest && <SyncMark row={latest} />}
          </Group>
        </Stack>
        <Button
          size="md"
          style={{ flexShrink: 0 }}
          variant={action === 'in' ? 'filled' : 'default'}
          aria-label={t(`signin.${action}Named`, { name: rider.name })}
          onClick={() => signIn(venue, rider, action).catch(showError)}
        >
          {t(`signin.${action}Action`)}
        </Button>
      </Group>
    </Card>
  );
}

/** The venue's riders with their horses: sign them in on arrival and out when they leave. */
export function SigninList() {
  const { t } = useTranslation('floor');
  const venue = useFloorVenue();
  const [search, setSearch] = useState('');
  const [limit, setLimit] = useState(LIST_PAGE);
  const [debounced] = useDebouncedValue(search, FILTER_DEBOUNCE_MS);
  const rows = useSigninRiders(venue, debounced);
  return (
    <Stack>
      <TextInput
        label={t('signin.search')}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        inputMode="search"
      />
      {rows?.length === 0 && <Text c="dimmed">{t('signin.none')}</Text>}
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {rows?.slice(0, limit).map((row) => (
          <RiderItem key={row.rider.id} venue={venue} row={row} />
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
