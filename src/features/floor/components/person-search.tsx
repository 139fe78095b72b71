import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '@/lib/debounce';
import { usePeopleSearch, type FloorPerson } from '@/offline/queries';

const label = (person: FloorPerson) => person.groom?.name ?? person.rider.name;

/** Find a rider or groom of the venue by name or a horse's head number (on this device). */
export function PersonSearch({ venue, onPick }: { venue: number; onPick(person: FloorPerson): void }) {
  const { t } = useTranslation('floor');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS / 3);
  const people = usePeopleSearch(venue, debounced);
  return (
    <Stack gap="xs">
      <TextInput
        label={t('person.search')}
        description={t('person.searchHint')}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        inputMode="search"
        autoComplete="off"
        size="md"
      />
      {debounced.trim() && people?.length === 0 && <Text c="dimmed">{t('person.nobody')}</Text>}
      {people?.map((person) => (
        <Button
          key={`${person.type}-${person.groom?.id ?? person.rider.id}`}
          variant="default"
          justify="space-between"
          size="md"
          h="auto"
          py="xs"
          styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
          onClick={() => onPick(person)}
          rightSection={
            <Text size="xs" c="dimmed" component="span">
              {person.horses.map((h) => (h.head_number !== null ? `#${h.head_number}` : h.name)).join(' ')}
            </Text>
          }
        >
          {person.groom ? t('person.groomLabel', { name: label(person), rider: person.rider.name }) : label(person)}
        </Button>
      ))}
    </Stack>
  );
}
