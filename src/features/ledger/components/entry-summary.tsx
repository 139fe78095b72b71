import { DataList } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Transaction } from '@shared/schemas/ledger';
import { formatDateTime } from '@/lib/format';
import { Amount } from './amount';

/** What an edit cannot change: the entry's party, kind and amount as posted. */
export function EntrySummary({ transaction, currency }: { transaction: Transaction; currency: string }) {
  const { t } = useTranslation('ledger');
  const items: [string, ReactNode][] = [
    [t('table.id'), `#${transaction.id}`],
    [t('form.party'), `${transaction.party.name} (${t(`partyType.${transaction.party.type}`)})`],
    [t('form.kind'), t(`kind.${transaction.kind}`)],
    [t('table.recorded'), formatDateTime(transaction.recorded_at)],
    [t('table.gross'), <Amount minor={transaction.gross} currency={currency} />],
  ];
  if (transaction.beneficiary) items.splice(2, 0, [t('table.beneficiary'), transaction.beneficiary.name]);
  return (
    <DataList labelWidth={140} withDivider aria-label={t('form.entry')}>
      {items.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue style={{ overflowWrap: 'anywhere' }}>{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList>
  );
}
