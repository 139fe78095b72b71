import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CompensationBill } from '@shared/schemas/compensation';
import { showError } from '@/lib/api-error';
import { RecordTable } from '@/lib/components/record-table';
import { formatDate, formatMoney } from '@/lib/format';
import { openBillPdf } from '../api/open-bill-pdf';
import { useCompensationBills } from '../api/list-compensation-bills';

/** An official's compensation bills, each to open as a PDF. */
export function CompensationBillList({ official }: { official: number }) {
  const { t } = useTranslation(['reports', 'participants']);
  const bills = useCompensationBills(official);
  const money = (minor: number, bill: CompensationBill) => formatMoney(minor, bill.currency);
  return (
    <RecordTable
      title={t('compensation.title')}
      query={bills}
      minWidth={760}
      columns={[
        { label: t('compensation.number'), render: (bill) => bill.number },
        { label: t('compensation.venue'), render: (bill) => bill.venue_name },
        { label: t('compensation.function'), render: (bill) => t(`participants:functions.${bill.function}`) },
        { label: t('compensation.date'), render: (bill) => formatDate(bill.issue_date) },
        { label: t('compensation.gross'), render: (bill) => money(bill.gross, bill) },
        { label: t('compensation.withholding'), render: (bill) => money(bill.withholding, bill) },
        { label: t('compensation.payable'), render: (bill) => money(bill.payable, bill) },
        {
          label: t('compensation.file'),
          render: (bill) => (
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconDownload size={14} aria-hidden />}
              aria-label={t('compensation.openNamed', { number: bill.number })}
              onClick={() => openBillPdf(bill).catch(showError)}
            >
              PDF
            </Button>
          ),
        },
      ]}
      rowKey={(bill) => bill.id}
      rowName={(bill) => bill.number}
      empty={t('compensation.empty')}
    />
  );
}
