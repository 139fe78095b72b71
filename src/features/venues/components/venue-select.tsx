import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { venueQueryOptions } from '../api/get-venue';
import { useVenueList } from '../api/list-venues';
import { SEARCH_DEBOUNCE_MS } from '@/lib/debounce';

interface VenueSelectProps {
  value: number | null;
  onChange(venueId: number | null): void;
}

/** Pick a venue by name (searched on the server), for admin pages that work on one venue. */
export function VenueSelect({ value, onChange }: VenueSelectProps) {
  const { t } = useTranslation('venues');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const venues = useVenueList(1, debouncedSearch);
  // The chosen venue keeps its name while a search lists others.
  const chosen = useQuery({ ...venueQueryOptions(value ?? 0), enabled: value !== null });
  const results = venues.data?.results ?? [];
  const options = [
    ...(value !== null && chosen.data && !results.some((venue) => venue.id === value) ? [chosen.data] : []),
    ...results,
  ];
  return (
    <Select<number>
      label={t('select.label')}
      placeholder={t('select.placeholder')}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={venues.isFetching ? undefined : t('list.noMatch')}
      data={options.map((venue) => ({ value: venue.id, label: venue.name }))}
      value={value}
      onChange={onChange}
      w={{ base: '100%', xs: 360 }}
    />
  );
}
