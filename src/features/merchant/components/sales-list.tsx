import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/format';
import type { Transaction } from '@shared/schemas/ledger';
import { RecordTable } from '@/lib/components/record-table';
import { formatDateTime } from '@/lib/format';
import { useSales } from '../api/list-sales';

/** The merchant's sales: when, whom, what, the amount and the fee. */
export function SalesList({ merchant }: { merchant: number }) {
  const { t } = useTranslation('people');
  const sales = useSales(merchant);
  return (
    <RecordTable<Transaction>
      title={t('sales.title')}
      query={sales}
      columns={[
        { label: t('sales.when'), render: (row) => formatDateTime(row.recorded_at) },
        { label: t('sales.rider'), render: (row) => row.party.name },
        { label: t('sales.description'), render: (row) => row.description || '—' },
        { label: t('sales.amount'), render: (row) => formatMoney(Math.abs(row.gross), row.currency) },
        { label: t('sales.fee'), render: (row) => formatMoney(row.fee, row.currency) },
      ]}
      rowKey={(row) => row.id}
      rowName={(row) => row.description}
      empty={t('sales.empty')}
      minWidth={600}
    />
  );
}
