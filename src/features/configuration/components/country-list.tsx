import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countryInput, type Country } from '@shared/schemas/configuration';
import { schemaValidator } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useSubmit } from '@/lib/use-submit';
import { useCreateCountry, type CountryInput } from '../api/create-country';
import { useDeleteCountry } from '../api/delete-country';
import { useCountries } from '../api/list-countries';
import { useUpdateCountry } from '../api/update-country';
import { FormModal } from '@/lib/components/form-modal';
import { RecordTable } from '@/lib/components/record-table';
import { useConfirmDelete } from '@/lib/use-confirm-delete';

/** Countries (ISO 3166 alpha-2) that venues and addresses refer to. */
export function CountryList() {
  const { t } = useTranslation('configuration');
  const countries = useCountries();
  const remove = useDeleteCountry();
  const confirmDelete = useConfirmDelete();
  const [editing, setEditing] = useState<Country | 'new' | null>(null);
  return (
    <>
      <RecordTable
        title={t('countries.title')}
        query={countries}
        columns={[
          { label: t('countries.code'), render: (row) => row.code },
          { label: t('countries.name'), render: (row) => row.name },
        ]}
        rowKey={(row) => row.code}
        rowName={(row) => row.name}
        empty={t('countries.empty')}
        addLabel={t('countries.add')}
        onAdd={() => setEditing('new')}
        onEdit={(row) => setEditing(row)}
        onDelete={(row) => confirmDelete(() => remove.mutateAsync(row.code))}
        minWidth={360}
      />
      {editing && <CountryForm country={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}

function CountryForm({ country, onClose }: { country: Country | null; onClose(): void }) {
  const { t } = useTranslation('configuration');
  const create = useCreateCountry();
  const update = useUpdateCountry();
  const form = useForm<CountryInput>({
    mode: 'uncontrolled',
    initialValues: { code: country?.code ?? '', name: country?.name ?? '' },
    validate: schemaValidator<CountryInput>(countryInput),
  });
  const { formErrors, run } = useSubmit(form);
  const submit = form.onSubmit(async (values) => {
    const saved = await run(async () => {
      await (country ? update : create).mutateAsync({ ...values, code: values.code.trim().toUpperCase() });
    });
    if (!saved) return;
    notify.success(t('toast.saved'));
    onClose();
  });
  return (
    <FormModal
      title={country ? t('countries.edit') : t('countries.add')}
      onClose={onClose}
      onSubmit={submit}
      errors={formErrors}
      submitting={form.submitting}
    >
      <TextInput
        label={t('countries.code')}
        description={t('countries.codeHint')}
        required
        maxLength={2}
        disabled={country !== null}
        key={form.key('code')}
        {...form.getInputProps('code')}
      />
      <TextInput label={t('countries.name')} required key={form.key('name')} {...form.getInputProps('name')} />
    </FormModal>
  );
}
