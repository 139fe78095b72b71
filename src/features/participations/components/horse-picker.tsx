import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Horse } from '@shared/schemas/participation';
import { showError } from '@/lib/api-error';
import { useCreateHorse } from '../api/create-horse';
import { useHorseSearch } from '../api/search-horses';
import { SEARCH_DEBOUNCE_MS } from '@/lib/debounce';

type HorseOption = Pick<Horse, 'id' | 'name' | 'fei_id'>;

interface HorsePickerProps {
  value: number[];
  onChange(horseIds: number[]): void;
  error?: string;
}

const horseLabel = (horse: HorseOption) => (horse.fei_id ? `${horse.name} (${horse.fei_id})` : horse.name);

/** The value of the list's "Create horse …" entry (horse ids are positive). */
const CREATE = -1;

/**
 * Horses found by name or FEI id; one not known yet is created right here by its name. "Create
 * horse …" is an entry of the list itself, reached by mouse or by arrow keys and Enter: a button
 * below the field sat under the open list, and leaving the field to reach it cleared the name.
 */
export function HorsePicker({ value, onChange, error }: HorsePickerProps) {
  const { t } = useTranslation('participants');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const found = useHorseSearch(debouncedSearch);
  const create = useCreateHorse();
  // Every horse picked so far, so that the chosen ones keep their names between searches.
  const [known, setKnown] = useState<HorseOption[]>([]);
  const results = found.data?.results ?? [];
  const options = [...known.filter((horse) => !results.some((r) => r.id === horse.id)), ...results];
  const name = search.trim();
  const canCreate = name.length >= 2 && !options.some((horse) => horse.name.toLowerCase() === name.toLowerCase());

  function choose(ids: number[]) {
    if (ids.includes(CREATE)) {
      if (canCreate && !create.isPending) void createHorse(name);
      return;
    }
    setKnown(options.filter((horse) => ids.includes(horse.id)));
    onChange(ids);
  }

  async function createHorse(horseName: string) {
    try {
      const horse = await create.mutateAsync({ name: horseName });
      setKnown((current) => [...current.filter((h) => value.includes(h.id)), horse]);
      onChange([...value, horse.id]);
      setSearch('');
    } catch (failure) {
      showError(failure);
    }
  }

  const data = options.map((horse) => ({ value: horse.id, label: horseLabel(horse) }));
  if (canCreate) data.push({ value: CREATE, label: t('enrol.createHorse', { name }) });

  return (
    <MultiSelect<number>
      label={t('enrol.horses')}
      description={t('enrol.horsesHint')}
      placeholder={t('search.placeholder')}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={debouncedSearch.trim().length >= 2 && !found.isFetching ? t('search.noMatch') : undefined}
      data={data}
      value={value}
      onChange={choose}
      error={error}
    />
  );
}
