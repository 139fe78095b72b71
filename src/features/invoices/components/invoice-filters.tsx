import { useTranslation } from 'react-i18next';
import { INVOICE_KINDS, INVOICE_STATUSES } from '@shared/schemas/invoices';
import { ChoiceFilter, SearchFilter } from '@/lib/components/filter-fields';
import type { InvoiceFilters as Filters } from '../api/list-invoices';

interface InvoiceFiltersProps {
  value: Filters;
  onChange(change: Partial<Filters>): void;
}

const FILTER_WIDTH = { base: '100%', xs: 180 };

/** Kind, status and a search by number or party name. */
export function InvoiceFilters({ value, onChange }: InvoiceFiltersProps) {
  const { t } = useTranslation('invoices');
  const anyLabel = t('filters.any');
  return (
    <>
      <SearchFilter
        label={t('filters.search')}
        value={value.search}
        onSearch={(search) => onChange({ search })}
        w={{ base: '100%', xs: 240 }}
      />
      <ChoiceFilter
        label={t('filters.kind')}
        anyLabel={anyLabel}
        values={INVOICE_KINDS}
        labelOf={(kind) => t(`kind.${kind}`)}
        value={value.kind}
        onChange={(kind) => onChange({ kind })}
        w={FILTER_WIDTH}
      />
      <ChoiceFilter
        label={t('filters.status')}
        anyLabel={anyLabel}
        values={INVOICE_STATUSES}
        labelOf={(status) => t(`status.${status}`)}
        value={value.status}
        onChange={(status) => onChange({ status })}
        w={FILTER_WIDTH}
      />
    </>
  );
}
