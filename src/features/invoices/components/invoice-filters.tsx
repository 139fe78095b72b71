import { NativeSelect, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { INVOICE_KINDS, INVOICE_STATUSES } from '@shared/schemas/invoices';
import { FILTER_DEBOUNCE_MS } from '@/lib/debounce';
import type { InvoiceFilters as Filters } from '../api/list-invoices';

interface InvoiceFiltersProps {
  value: Filters;
  onChange(change: Partial<Filters>): void;
}

const FILTER_WIDTH = { base: '100%', xs: 180 };

/** Kind, status and a search by number or party name. */
export function InvoiceFilters({ value, onChange }: InvoiceFiltersProps) {
  const { t } = useTranslation('invoices');
  const [search, setSearch] = useState(value.search ?? '');
  const applySearch = useDebouncedCallback(
    (text: string) => onChange({ search: text.trim() || null }),
    FILTER_DEBOUNCE_MS,
  );
  const any = [{ value: '', label: t('filters.any') }];
  const select = <K extends 'kind' | 'status'>(key: K) => ({
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
        w={{ base: '100%', xs: 240 }}
      />
      <NativeSelect
        label={t('filters.kind')}
        data={[...any, ...INVOICE_KINDS.map((kind) => ({ value: kind, label: t(`kind.${kind}`) }))]}
        {...select('kind')}
      />
      <NativeSelect
        label={t('filters.status')}
        data={[...any, ...INVOICE_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))]}
        {...select('status')}
      />
    </>
  );
}
