import { Button, Group, MultiSelect, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
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

/** Horses found by name or FEI id; one not known yet is created right here by its name. */
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
    setKnown(options.filter((horse) => ids.includes(horse.id)));
    onChange(ids);
  }

  async function createHorse() {
    try {
      const horse = await create.mutateAsync({ name });
      setKnown((current) => [...current.filter((h) => value.includes(h.id)), horse]);
      onChange([...value, horse.id]);
      setSearch('');
    } catch (failure) {
      showError(failure);
    }
  }

  return (
    <Stack gap={4}>
      <MultiSelect<number>
        label={t('enrol.horses')}
        description={t('enrol.horsesHint')}
        placeholder={t('search.placeholder')}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options: all }) => all}
        nothingFoundMessage={debouncedSearch.trim().length >= 2 && !found.isFetching ? t('search.noMatch') : undefined}
        data={options.map((horse) => ({ value: horse.id, label: horseLabel(horse) }))}
        value={value}
        onChange={choose}
        error={error}
      />
      {canCreate && (
        <Group>
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconPlus size={14} aria-hidden />}
            loading={create.isPending}
            onClick={() => void createHorse()}
          >
            {t('enrol.createHorse', { name })}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
