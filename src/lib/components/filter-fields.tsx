import { NativeSelect, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { FILTER_DEBOUNCE_MS } from '@/lib/debounce';

type Width = { base: string; xs: number };

interface SearchFilterProps {
  label: string;
  /** The search in force (the field keeps what is being typed). */
  value: string | null | undefined;
  /** Called with the trimmed text, or null when empty, once typing pauses. */
  onSearch(search: string | null): void;
  w: Width;
}

/** A list's search field: typed freely, applied once typing pauses. */
export function SearchFilter({ label, value, onSearch, w }: SearchFilterProps) {
  const [search, setSearch] = useState(value ?? '');
  const apply = useDebouncedCallback((text: string) => onSearch(text.trim() || null), FILTER_DEBOUNCE_MS);
  return (
    <TextInput
      label={label}
      type="search"
      value={search}
      maxLength={100}
      onChange={(event) => {
        setSearch(event.currentTarget.value);
        apply(event.currentTarget.value);
      }}
      w={w}
    />
  );
}

interface ChoiceFilterProps<V extends string> {
  label: string;
  /** The label of "no filter". */
  anyLabel: string;
  values: readonly V[];
  labelOf(value: V): string;
  value: V | null | undefined;
  onChange(value: V | null): void;
  w: Width;
}

/** A list's filter by one of a few values, with "any" first. */
export function ChoiceFilter<V extends string>({
  label,
  anyLabel,
  values,
  labelOf,
  value,
  onChange,
  w,
}: ChoiceFilterProps<V>) {
  return (
    <NativeSelect
      label={label}
      data={[{ value: '', label: anyLabel }, ...values.map((v) => ({ value: v, label: labelOf(v) }))]}
      value={value ?? ''}
      onChange={(event) => onChange((event.currentTarget.value || null) as V | null)}
      w={w}
    />
  );
}
