import { Select, type ComboboxItem } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '@/lib/debounce';

interface RemoteSelectProps<TData> {
  label: string;
  value: string | null;
  /** The chosen option, when the value was set from outside (its label is not known otherwise). */
  current?: ComboboxItem | null;
  onChange(value: string | null): void;
  /** The server's matches for a search text. */
  options(search: string): UseQueryOptions<TData, Error, ComboboxItem[], string[]>;
  error?: ReactNode;
  required?: boolean;
  placeholder?: string;
  w?: number | string | Record<string, number | string>;
}

/** A select whose options the server searches as the person types. */
export function RemoteSelect<TData>({
  label,
  value,
  current,
  onChange,
  options,
  error,
  required,
  placeholder,
  w,
}: RemoteSelectProps<TData>) {
  const { t } = useTranslation('ledger');
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<ComboboxItem | null>(current ?? null);
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  // Once an option is chosen its label is the search text: list everything again then.
  const query = useQuery(options(chosen && debounced === chosen.label ? '' : debounced.trim()));
  const selected = chosen ?? current ?? null;
  const data = [...(query.data ?? [])];
  if (selected && value === selected.value && !data.some((item) => item.value === selected.value)) {
    data.unshift(selected);
  }

  return (
    <Select
      label={label}
      placeholder={placeholder ?? t('select.search')}
      searchable
      clearable
      required={required}
      data={data}
      value={value}
      onChange={(next, option) => {
        setChosen(next === null ? null : option);
        onChange(next);
      }}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={query.isFetching ? t('select.loading') : t('select.nothingFound')}
      error={error}
      w={w}
    />
  );
}
