import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currencyInput, type Currency } from '@shared/schemas/configuration';
import { schemaValidator } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useSubmit } from '@/lib/use-submit';
import { useCreateCurrency, type CurrencyInput } from '../api/create-currency';
import { useDeleteCurrency } from '../api/delete-currency';
import { useCurrencies } from '../api/list-currencies';
import { useUpdateCurrency } from '../api/update-currency';
import { FormModal } from '@/lib/components/form-modal';
import { RecordTable } from '@/lib/components/record-table';
import { useConfirmDelete } from '@/lib/use-confirm-delete';

/** Currencies (ISO 4217) a venue can clear in. */
export function CurrencyList() {
  const { t } = useTranslation('configuration');
  const currencies = useCurrencies();
  const remove = useDeleteCurrency();
  const confirmDelete = useConfirmDelete();
  const [editing, setEditing] = useState<Currency | 'new' | null>(null);
  return (
    <>
      <RecordTable
        title={t('currencies.title')}
        query={currencies}
        columns={[
          { label: t('currencies.code'), render: (row) => row.code },
          { label: t('currencies.name'), render: (row) => row.name },
          { label: t('currencies.symbol'), render: (row) => row.symbol },
        ]}
        rowKey={(row) => row.code}
        rowName={(row) => row.name}
        empty={t('currencies.empty')}
        addLabel={t('currencies.add')}
        onAdd={() => setEditing('new')}
        onEdit={(row) => setEditing(row)}
        onDelete={(row) => confirmDelete(() => remove.mutateAsync(row.code))}
        minWidth={420}
      />
      {editing && <CurrencyForm currency={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}

function CurrencyForm({ currency, onClose }: { currency: Currency | null; onClose(): void }) {
  const { t } = useTranslation('configuration');
  const create = useCreateCurrency();
  const update = useUpdateCurrency();
  const form = useForm<CurrencyInput>({
    mode: 'uncontrolled',
    initialValues: { code: currency?.code ?? '', name: currency?.name ?? '', symbol: currency?.symbol ?? '' },
    validate: schemaValidator<CurrencyInput>(currencyInput),
  });
  const { formErrors, run } = useSubmit(form);
  const submit = form.onSubmit(async (values) => {
    const saved = await run(async () => {
      await (currency ? update : create).mutateAsync({ ...values, code: values.code.trim().toUpperCase() });
    });
    if (!saved) return;
    notify.success(t('toast.saved'));
    onClose();
  });
  return (
    <FormModal
      title={currency ? t('currencies.edit') : t('currencies.add')}
      onClose={onClose}
      onSubmit={submit}
      errors={formErrors}
      submitting={form.submitting}
    >
      <TextInput
        label={t('currencies.code')}
        description={t('currencies.codeHint')}
        required
        maxLength={3}
        disabled={currency !== null}
        key={form.key('code')}
        {...form.getInputProps('code')}
      />
      <TextInput label={t('currencies.name')} required key={form.key('name')} {...form.getInputProps('name')} />
      <TextInput
        label={t('currencies.symbol')}
        maxLength={5}
        key={form.key('symbol')}
        {...form.getInputProps('symbol')}
      />
    </FormModal>
  );
}
