import { Group, NativeSelect, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAYING_PARTY_TYPES, type PayingPartyType } from '@shared/schemas/payments';
import { SEARCH_DEBOUNCE_MS } from '@/lib/debounce';
import { payerOptionsQueryOptions } from '../api/search-payers';
import type { PayerRef } from '../keys';

interface PayerSelectProps {
  value: PayerRef | null;
  onChange(payer: PayerRef | null): void;
  error?: string;
}

/** Whose card the office charges: the kind of party, then the person, searched on the server. */
export function PayerSelect({ value, onChange, error }: PayerSelectProps) {
  const { t } = useTranslation(['payments', 'ledger']);
  const [type, setType] = useState<PayingPartyType>(value?.type ?? 'rider');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [label, setLabel] = useState<string | null>(null);
  const options = useQuery(
    payerOptionsQueryOptions(type, label !== null && debounced === label ? '' : debounced.trim()),
  );
  const data = [...(options.data ?? [])];
  if (value && label && !data.some((item) => item.value === String(value.id))) {
    data.unshift({ value: String(value.id), label });
  }
  return (
    <Group align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
      <NativeSelect
        label={t('office.partyType')}
        value={type}
        data={PAYING_PARTY_TYPES.map((kind) => ({ value: kind, label: t(`ledger:partyType.${kind}`) }))}
        onChange={(event) => {
          setType(event.currentTarget.value as PayingPartyType);
          setLabel(null);
          setSearch('');
          onChange(null);
        }}
        miw={140}
      />
      <Select
        label={t('office.party')}
        placeholder={t('office.search')}
        searchable
        clearable
        required
        data={data}
        value={value ? String(value.id) : null}
        onChange={(next, option) => {
          setLabel(next === null ? null : (option?.label ?? null));
          onChange(next === null ? null : { type, id: Number(next) });
        }}
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options: all }) => all}
        nothingFoundMessage={options.isFetching ? t('loading') : t('office.nobody')}
        error={error}
        w={{ base: '100%', sm: 'auto' }}
      />
    </Group>
  );
}
