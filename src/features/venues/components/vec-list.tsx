import { Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Vec } from '@shared/schemas/venue-setup';
import { translateFieldError } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useSubmit } from '@/lib/use-submit';
import { amountFromText, amountToText } from '@/lib/amount-text';
import { useCreateVec } from '../api/create-vec';
import { useDeleteVec } from '../api/delete-vec';
import { useVecs } from '../api/list-vecs';
import { useUpdateVec } from '../api/update-vec';
import { useVenueMoney } from '../use-venue-money';
import { FormModal } from '@/lib/components/form-modal';
import { RecordTable } from '@/lib/components/record-table';
import { useConfirmDelete } from '@/lib/use-confirm-delete';

export interface EventCategoryOption {
  id: number;
  code: string;
  name: string;
}

interface VecListProps {
  venueId: number;
  eventCategories: EventCategoryOption[];
}

/** The venue's events (VECs): which event category, and the default entry fee. */
export function VecList({ venueId, eventCategories }: VecListProps) {
  const { t } = useTranslation('venueSetup');
  const vecs = useVecs(venueId);
  const money = useVenueMoney(venueId);
  const remove = useDeleteVec();
  const confirmDelete = useConfirmDelete();
  const [editing, setEditing] = useState<Vec | 'new' | null>(null);
  return (
    <>
      <RecordTable
        title={t('vecs.title')}
        query={vecs}
        columns={[
          { label: t('vecs.name'), render: (row) => row.name },
          { label: t('vecs.eventCategory'), render: (row) => row.event_category_code },
          { label: t('vecs.defaultEntryFee'), render: (row) => money(row.default_entry_fee) },
        ]}
        rowKey={(row) => row.id}
        rowName={(row) => row.name}
        empty={t('vecs.empty')}
        addLabel={t('vecs.add')}
        onAdd={() => setEditing('new')}
        onEdit={(row) => setEditing(row)}
        onDelete={(row) => confirmDelete(() => remove.mutateAsync(row))}
      />
      {editing && (
        <VecForm
          venueId={venueId}
          vec={editing === 'new' ? null : editing}
          eventCategories={eventCategories}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}

interface VecValues {
  event_category: number | null;
  name: string;
  /** The fee as typed ("150,00"). */
  default_entry_fee: string;
}

interface VecFormProps {
  venueId: number;
  vec: Vec | null;
  eventCategories: EventCategoryOption[];
  onClose(): void;
}

function VecForm({ venueId, vec, eventCategories, onClose }: VecFormProps) {
  const { t } = useTranslation('venueSetup');
  const create = useCreateVec();
  const update = useUpdateVec();
  const form = useForm<VecValues>({
    mode: 'uncontrolled',
    initialValues: {
      event_category: vec?.event_category ?? null,
      name: vec?.name ?? '',
      default_entry_fee: amountToText(vec?.default_entry_fee ?? 0),
    },
    validate: {
      event_category: (value) => (value === null ? translateFieldError('required') : null),
      name: (value) => (value.trim() ? null : translateFieldError('required')),
      default_entry_fee: (value) => (amountFromText(value) === null ? translateFieldError('invalid') : null),
    },
  });
  const { formErrors, run } = useSubmit(form);
  const submit = form.onSubmit(async (values) => {
    const input = {
      venue: venueId,
      event_category: values.event_category ?? 0,
      name: values.name,
      default_entry_fee: amountFromText(values.default_entry_fee) ?? 0,
    };
    const saved = await run(async () => {
      if (vec) await update.mutateAsync({ ...input, id: vec.id });
      else await create.mutateAsync(input);
    });
    if (!saved) return;
    notify.success(t('toast.saved'));
    onClose();
  });
  return (
    <FormModal
      title={vec ? t('vecs.edit') : t('vecs.add')}
      onClose={onClose}
      onSubmit={submit}
      errors={formErrors}
      submitting={form.submitting}
    >
      <Select<number>
        label={t('vecs.eventCategory')}
        required
        searchable
        allowDeselect={false}
        data={eventCategories.map((category) => ({ value: category.id, label: `${category.code} – ${category.name}` }))}
        key={form.key('event_category')}
        {...form.getInputProps('event_category')}
      />
      <TextInput label={t('vecs.name')} required key={form.key('name')} {...form.getInputProps('name')} />
      <TextInput
        label={t('vecs.defaultEntryFee')}
        inputMode="decimal"
        key={form.key('default_entry_fee')}
        {...form.getInputProps('default_entry_fee')}
      />
    </FormModal>
  );
}
