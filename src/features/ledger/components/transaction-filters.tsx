import { Checkbox, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ChoiceFilter, SearchFilter } from '@/lib/components/filter-fields';
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
  const anyLabel = t('filters.any');

  return (
    <>
      <SearchFilter
        label={t('filters.search')}
        value={value.search}
        onSearch={(search) => onChange({ search })}
        w={{ base: '100%', xs: 220 }}
      />
      <ChoiceFilter
        label={t('filters.kind')}
        anyLabel={anyLabel}
        values={TRANSACTION_KINDS}
        labelOf={(kind) => t(`kind.${kind}`)}
        value={value.kind}
        onChange={(kind) => onChange({ kind })}
        w={FILTER_WIDTH}
      />
      <ChoiceFilter
        label={t('filters.source')}
        anyLabel={anyLabel}
        values={TRANSACTION_SOURCES}
        labelOf={(source) => t(`source.${source}`)}
        value={value.source}
        onChange={(source) => onChange({ source })}
        w={FILTER_WIDTH}
      />
      {partyType && (
        <ChoiceFilter
          label={t('filters.partyType')}
          anyLabel={anyLabel}
          values={PARTY_TYPES}
          labelOf={(type) => t(`partyType.${type}`)}
          value={value.party_type}
          onChange={(party_type) => onChange({ party_type })}
          w={FILTER_WIDTH}
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
