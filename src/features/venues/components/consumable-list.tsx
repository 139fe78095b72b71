import { Badge } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Consumable } from '@shared/schemas/venue-setup';
import { useDeleteConsumable } from '../api/delete-consumable';
import { useConsumables } from '../api/list-consumables';
import { useVenueMoney } from '../use-venue-money';
import { ConsumableForm } from './consumable-form';
import { RecordTable } from '@/lib/components/record-table';
import type { TaxTypeOption } from './tax-configuration-form';
import { useConfirmDelete } from '@/lib/use-confirm-delete';

interface ConsumableListProps {
  venueId: number;
  taxTypes: TaxTypeOption[];
}

/** What the venue sells (boxes, shavings, hay …) at which price and tax type. */
export function ConsumableList({ venueId, taxTypes }: ConsumableListProps) {
  const { t } = useTranslation('venueSetup');
  const consumables = useConsumables(venueId);
  const money = useVenueMoney(venueId);
  const remove = useDeleteConsumable();
  const confirmDelete = useConfirmDelete();
  const [editing, setEditing] = useState<Consumable | 'new' | null>(null);
  const taxTypeName = (id: number | null) => taxTypes.find((taxType) => taxType.id === id)?.name ?? '';
  return (
    <>
      <RecordTable
        title={t('consumables.title')}
        query={consumables}
        columns={[
          { label: t('consumables.name'), render: (row) => row.name },
          { label: t('consumables.category'), render: (row) => t(`category.${row.category}`) },
          { label: t('consumables.unit'), render: (row) => row.unit },
          { label: t('consumables.unitPrice'), render: (row) => money(row.unit_price) },
          { label: t('consumables.taxType'), render: (row) => taxTypeName(row.tax_type) },
          {
            label: t('consumables.status'),
            render: (row) => (
              <Badge color={row.active ? 'paddock' : 'gray.7'}>
                {row.active ? t('consumables.active') : t('consumables.inactive')}
              </Badge>
            ),
          },
        ]}
        rowKey={(row) => row.id}
        rowName={(row) => row.name}
        empty={t('consumables.empty')}
        addLabel={t('consumables.add')}
        onAdd={() => setEditing('new')}
        onEdit={(row) => setEditing(row)}
        onDelete={(row) => confirmDelete(() => remove.mutateAsync(row))}
        minWidth={760}
      />
      {editing && (
        <ConsumableForm
          venueId={venueId}
          consumable={editing === 'new' ? null : editing}
          taxTypes={taxTypes}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
