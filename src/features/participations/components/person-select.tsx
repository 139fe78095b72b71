import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PersonSummary } from '@shared/schemas/participation';
import { usePersonSearch, type PersonKind } from '../api/search-people';
import { SEARCH_DEBOUNCE_MS } from '@/lib/debounce';

export function personLabel(person: PersonSummary): string {
  const extra = person.fei_id ?? person.email;
  return extra ? `${person.name} (${extra})` : person.name;
}

interface PersonSelectProps {
  kind: PersonKind;
  label: string;
  value: number | null;
  onChange(person: PersonSummary | null): void;
  error?: string;
  required?: boolean;
}

/** A rider or official, searched on the server by name, e-mail or FEI id. */
export function PersonSelect({ kind, label, value, onChange, error, required }: PersonSelectProps) {
  const { t } = useTranslation('participants');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const found = usePersonSearch(kind, debouncedSearch);
  const [chosen, setChosen] = useState<PersonSummary | null>(null);
  const results = found.data?.results ?? [];
  // The chosen person stays an option while the next search lists others.
  const people = [...(chosen && !results.some((person) => person.id === chosen.id) ? [chosen] : []), ...results];
  return (
    <Select<number>
      label={label}
      description={t('search.hint')}
      placeholder={t('search.placeholder')}
      required={required}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={debouncedSearch.trim().length >= 2 && !found.isFetching ? t('search.noMatch') : undefined}
      data={people.map((person) => ({ value: person.id, label: personLabel(person) }))}
      value={value}
      error={error}
      onChange={(id) => {
        const person = people.find((candidate) => candidate.id === id) ?? null;
        setChosen(person);
        onChange(person);
      }}
    />
  );
}
