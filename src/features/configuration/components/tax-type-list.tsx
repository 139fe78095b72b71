import { List } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '@shared/ledger';
import type { TaxType } from '@shared/schemas/configuration';
import { formatDate } from '@/lib/format';
import { useDeleteTaxType } from '../api/delete-tax-type';
import { useTaxTypes } from '../api/list-tax-types';
import { RecordTable } from '@/lib/components/record-table';
import { TaxTypeForm } from './tax-type-form';
import { useConfirmDelete } from '@/lib/use-confirm-delete';

/** Tax types (VAT standard, reduced …) with their rates over time. */
export function TaxTypeList() {
  const { t } = useTranslation('configuration');
  const taxTypes = useTaxTypes();
  const remove = useDeleteTaxType();
  const confirmDelete = useConfirmDelete();
  const [editing, setEditing] = useState<TaxType | 'new' | null>(null);
  return (
    <>
      <RecordTable
        title={t('taxTypes.title')}
        query={taxTypes}
        columns={[
          { label: t('taxTypes.code'), render: (row) => row.code },
          { label: t('taxTypes.name'), render: (row) => row.name },
          {
            label: t('taxTypes.currentRate'),
            render: (row) =>
              row.current_rate_bp === null ? t('taxTypes.noCurrentRate') : `${formatPercent(row.current_rate_bp)} %`,
          },
          {
            label: t('taxTypes.rates'),
            render: (row) => (
              <List size="sm" listStyleType="none">
                {row.rates.map((rate) => (
                  <List.Item key={rate.id}>
                    {rate.valid_to
                      ? t('taxTypes.rateBetween', {
                          rate: formatPercent(rate.rate_bp),
                          from: formatDate(rate.valid_from),
                          to: formatDate(rate.valid_to),
                        })
                      : t('taxTypes.rateFrom', {
                          rate: formatPercent(rate.rate_bp),
                          from: formatDate(rate.valid_from),
                        })}
                  </List.Item>
                ))}
              </List>
            ),
          },
        ]}
        rowKey={(row) => row.id}
        rowName={(row) => row.name}
        empty={t('taxTypes.empty')}
        addLabel={t('taxTypes.add')}
        onAdd={() => setEditing('new')}
        onEdit={(row) => setEditing(row)}
        onDelete={(row) => confirmDelete(() => remove.mutateAsync(row.id))}
        minWidth={640}
      />
      {editing && <TaxTypeForm taxType={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}
