import { Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DISCIPLINES, eventCategoryInput, type EventCategory } from '@shared/schemas/configuration';
import { schemaValidator } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useSubmit } from '@/lib/use-submit';
import { useCreateEventCategory, type EventCategoryInput } from '../api/create-event-category';
import { useDeleteEventCategory } from '../api/delete-event-category';
import { useEventCategories } from '../api/list-event-categories';
import { useUpdateEventCategory } from '../api/update-event-category';
import { FormModal } from '@/lib/components/form-modal';
import { RecordTable } from '@/lib/components/record-table';
import { useConfirmDelete } from '@/lib/use-confirm-delete';

/** Kinds of event a venue can hold (CSI2*, CSN, dressage …). */
export function EventCategoryList() {
  const { t } = useTranslation('configuration');
  const categories = useEventCategories();
  const remove = useDeleteEventCategory();
  const confirmDelete = useConfirmDelete();
  const [editing, setEditing] = useState<EventCategory | 'new' | null>(null);
  return (
    <>
      <RecordTable
        title={t('eventCategories.title')}
        query={categories}
        columns={[
          { label: t('eventCategories.code'), render: (row) => row.code },
          { label: t('eventCategories.name'), render: (row) => row.name },
          { label: t('eventCategories.discipline'), render: (row) => t(`discipline.${row.discipline}`) },
        ]}
        rowKey={(row) => row.id}
        rowName={(row) => row.name}
        empty={t('eventCategories.empty')}
        addLabel={t('eventCategories.add')}
        onAdd={() => setEditing('new')}
        onEdit={(row) => setEditing(row)}
        onDelete={(row) => confirmDelete(() => remove.mutateAsync(row.id))}
      />
      {editing && <EventCategoryForm category={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}

function EventCategoryForm({ category, onClose }: { category: EventCategory | null; onClose(): void }) {
  const { t } = useTranslation('configuration');
  const create = useCreateEventCategory();
  const update = useUpdateEventCategory();
  const form = useForm<EventCategoryInput>({
    mode: 'uncontrolled',
    initialValues: {
      code: category?.code ?? '',
      name: category?.name ?? '',
      discipline: category?.discipline ?? 'jumping',
    },
    validate: schemaValidator<EventCategoryInput>(eventCategoryInput),
  });
  const { formErrors, run } = useSubmit(form);
  const submit = form.onSubmit(async (values) => {
    const saved = await run(async () => {
      if (category) await update.mutateAsync({ ...values, id: category.id });
      else await create.mutateAsync(values);
    });
    if (!saved) return;
    notify.success(t('toast.saved'));
    onClose();
  });
  return (
    <FormModal
      title={category ? t('eventCategories.edit') : t('eventCategories.add')}
      onClose={onClose}
      onSubmit={submit}
      errors={formErrors}
      submitting={form.submitting}
    >
      <TextInput label={t('eventCategories.code')} required key={form.key('code')} {...form.getInputProps('code')} />
      <TextInput label={t('eventCategories.name')} required key={form.key('name')} {...form.getInputProps('name')} />
      <Select
        label={t('eventCategories.discipline')}
        required
        allowDeselect={false}
        data={DISCIPLINES.map((value) => ({ value, label: t(`discipline.${value}`) }))}
        key={form.key('discipline')}
        {...form.getInputProps('discipline')}
      />
    </FormModal>
  );
}
