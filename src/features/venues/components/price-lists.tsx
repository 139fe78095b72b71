import { Alert, MultiSelect, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/api-error';
import { useVenueList } from '../api/list-venues';
import { CopyPriceList } from './copy-price-list';
import { PriceListColumn } from './price-list-column';

const SIDE_BY_SIDE = 3;

/**
 * Every venue's price list side by side (admin /consumables): up to three venues at once in
 * columns on a wide screen, stacked on a phone, filtered by article name; and "Copy price list".
 */
export function PriceLists() {
  const { t } = useTranslation('bulk');
  const venues = useVenueList(1);
  const [chosen, setChosen] = useState<number[] | null>(null);
  const [filter, setFilter] = useState('');
  const all = venues.data?.results ?? [];
  const shown = chosen ?? all.slice(0, SIDE_BY_SIDE).map((venue) => venue.id);
  const columns = shown.flatMap((id) => all.filter((venue) => venue.id === id));

  return (
    <Stack>
      <Text c="dimmed">{t('priceLists.intro')}</Text>
      {venues.isPending && <Skeleton height={120} />}
      {venues.isError && <Alert color="red">{errorText(venues.error)}</Alert>}
      {venues.data && (
        <>
          <CopyPriceList venues={all} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <MultiSelect<number>
              label={t('priceLists.venues')}
              data={all.map((venue) => ({ value: venue.id, label: venue.name }))}
              value={shown}
              onChange={setChosen}
              maxValues={SIDE_BY_SIDE}
              searchable
              clearable
              clearButtonProps={{ 'aria-label': t('priceLists.clear') }}
            />
            <TextInput
              type="search"
              label={t('priceLists.filter')}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={filter}
              onChange={(event) => setFilter(event.currentTarget.value)}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: Math.min(2, Math.max(1, columns.length)), xl: Math.max(1, columns.length) }}>
            {columns.map((venue) => (
              <PriceListColumn key={venue.id} venue={venue} filter={filter} />
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
