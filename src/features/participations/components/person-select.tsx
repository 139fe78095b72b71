import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PersonSummary } from '@shared/schemas/participation';
import type { PersonFound } from '@shared/schemas/people';
import { findNewPerson } from '../api/lookup-person';
import { usePersonSearch, type PersonKind } from '../api/search-people';
import { showError } from '@/lib/api-error';
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

/** Someone found by exact look-up: who it is, without contact details. */
const asSummary = (person: PersonFound): PersonSummary => ({
  id: person.id,
  user: null,
  name: person.name,
  email: null,
  fei_id: null,
});

/**
 * A rider or official: the people of the venue searched by name, e-mail or FEI id; someone new
 * to the venue found by their exact e-mail, FEI id or national id (the office never browses other
 * venues' people).
 */
export function PersonSelect({ kind, label, value, onChange, error, required }: PersonSelectProps) {
  const { t } = useTranslation('participants');
  const [exact, setExact] = useState('');
  const [looking, setLooking] = useState(false);
  const [missing, setMissing] = useState(false);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const found = usePersonSearch(kind, debouncedSearch);
  const [chosen, setChosen] = useState<PersonSummary | null>(null);
  const results = found.data?.results ?? [];
  // The chosen person stays an option while the next search lists others.
  const people = [...(chosen && !results.some((person) => person.id === chosen.id) ? [chosen] : []), ...results];
  const choose = (person: PersonSummary | null) => {
    setChosen(person);
    onChange(person);
  };
  async function lookUp() {
    if (!exact.trim()) return;
    setLooking(true);
    setMissing(false);
    try {
      const person = await findNewPerson(kind, exact);
      if (person) choose(asSummary(person));
      else setMissing(true);
    } catch (lookupError) {
      showError(lookupError);
    } finally {
      setLooking(false);
    }
  }
  return (
    <Stack gap="xs">
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
        onChange={(id) => choose(people.find((candidate) => candidate.id === id) ?? null)}
      />
      <Group align="flex-end" gap="xs">
        <TextInput
          style={{ flex: 1 }}
          label={t('lookup.label')}
          description={t('lookup.hint')}
          value={exact}
          onChange={(event) => {
            setExact(event.currentTarget.value);
            setMissing(false);
          }}
          onKeyDown={(event) => {
            // Enter looks up here instead of submitting the enrolment form around it.
            if (event.key === 'Enter') {
              event.preventDefault();
              void lookUp();
            }
          }}
        />
        <Button variant="default" loading={looking} onClick={() => void lookUp()}>
          {t('lookup.find')}
        </Button>
      </Group>
      {missing && (
        <Text size="sm" c="yellow.8" role="status">
          {t('lookup.notFound')}
        </Text>
      )}
    </Stack>
  );
}
