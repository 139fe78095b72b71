import { Checkbox, NativeSelect, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FILTER_DEBOUNCE_MS } from '@/lib/debounce';
import { PARTY_TYPES, TRANSACTION_KINDS, TRANSACTION_SOURCES } from '@shared/ledger';
import type { TransactionFilters as Filters } from '../api/list-transactions';

interface TransactionFiltersProps {
  value: Filters;
  onChange(change: Partial<Filters>): void;
  /** False when the page already shows one party type. */
  partyType: boolean;
}

const FILTER_WIDTH = { base: '100%', xs: 170 };

/** Kind, source, party type, dates, a search, and whether to leave out reversed entries. */
export function TransactionFilters({ value, onChange, partyType }: TransactionFiltersProps) {
  const { t } = useTranslation('ledger');
  const [search, setSearch] = useState(value.search ?? '');
  const applySearch = useDebouncedCallback(
    (text: string) => onChange({ search: text.trim() || null }),
    FILTER_DEBOUNCE_MS,
  );
  const any = [{ value: '', label: t('filters.any') }];
  const select = <K extends 'kind' | 'source' | 'party_type'>(key: K) => ({
    value: value[key] ?? '',
    onChange: (event: ChangeEvent<HTMLSelectElement>) =>
      onChange({ [key]: event.currentTarget.value || null } as Partial<Filters>),
    w: FILTER_WIDTH,
  });

  return (
    <>
      <TextInput
        label={t('filters.search')}
        type="search"
        value={search}
        maxLength={100}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          applySearch(event.currentTarget.value);
        }}
        w={{ base: '100%', xs: 220 }}
      />
      <NativeSelect
        label={t('filters.kind')}
        data={[...any, ...TRANSACTION_KINDS.map((kind) => ({ value: kind, label: t(`kind.${kind}`) }))]}
        {...select('kind')}
      />
      <NativeSelect
        label={t('filters.source')}
        data={[...any, ...TRANSACTION_SOURCES.map((source) => ({ value: source, label: t(`source.${source}`) }))]}
        {...select('source')}
      />
      {partyType && (
        <NativeSelect
          label={t('filters.partyType')}
          data={[...any, ...PARTY_TYPES.map((type) => ({ value: type, label: t(`partyType.${type}`) }))]}
          {...select('party_type')}
        />
      )}
      <TextInput
        label={t('filters.dateFrom')}
        type="date"
        value={value.date_from ?? ''}
        max={value.date_to ?? undefined}
        onChange={(event) => onChange({ date_from: event.currentTarget.value || null })}
        w={FILTER_WIDTH}
      />
      <TextInput
        label={t('filters.dateTo')}
        type="date"
        value={value.date_to ?? ''}
        min={value.date_from ?? undefined}
        onChange={(event) => onChange({ date_to: event.currentTarget.value || null })}
        w={FILTER_WIDTH}
      />
      <Checkbox
        label={t('filters.hideReversed')}
        checked={value.hide_reversed}
        onChange={(event) => onChange({ hide_reversed: event.currentTarget.checked })}
        mb={8}
      />
    </>
  );
}
