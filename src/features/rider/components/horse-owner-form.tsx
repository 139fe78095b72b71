import { Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { horseMetaInput, type RiderHorse } from '@shared/schemas/people';
import { schemaValidator } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useSectionHref } from '@/lib/owner-scope';
import { useSubmit } from '@/lib/use-submit';
import { FormActions } from '@/lib/components/form-actions';
import { QueryView } from '@/lib/components/query-view';
import { useRiderHorse } from '../api/get-horse';
import { useUpdateHorseMeta } from '../api/update-horse-meta';

/** Nested as the request names them, so the server's `others.<field>` errors land on the fields. */
interface OwnerValues {
  others: Omit<RiderHorse['owner'], 'meta'>;
}

const validate = schemaValidator<OwnerValues>(horseMetaInput.pick({ others: true }));

function OwnerForm({ rider, horse }: { rider: number; horse: RiderHorse }) {
  const { t } = useTranslation('people');
  const navigate = useNavigate();
  const sectionHref = useSectionHref();
  const update = useUpdateHorseMeta();
  const { meta: _meta, ...owner } = horse.owner;
  const form = useForm<OwnerValues>({ mode: 'uncontrolled', initialValues: { others: owner }, validate });
  const { formErrors, run } = useSubmit(form);
  const submit = form.onSubmit(async ({ others }) => {
    const saved = await run(async () => {
      await update.mutateAsync({ rider, horse: horse.id, others });
    });
    if (!saved) return;
    notify.success(t('common:toast.saved'));
    const view = sectionHref('HorseView', { id: horse.id });
    if (view) navigate(view);
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t('horses.ownerData')}>
      <Stack maw={560}>
        <TextInput
          label={t('horses.ownerName')}
          key={form.key('others.owner_name')}
          {...form.getInputProps('others.owner_name')}
        />
        <Textarea
          label={t('horses.ownerAddress')}
          rows={3}
          key={form.key('others.owner_address')}
          {...form.getInputProps('others.owner_address')}
        />
        <TextInput
          label={t('horses.ownerVatId')}
          key={form.key('others.owner_vat_id')}
          {...form.getInputProps('others.owner_vat_id')}
        />
        <TextInput
          label={t('horses.ownerEmail')}
          type="email"
          key={form.key('others.owner_email')}
          {...form.getInputProps('others.owner_email')}
        />
        <FormActions errors={formErrors} submitting={form.submitting} />
      </Stack>
    </form>
  );
}

/** The owner data of one of the rider's horses (view/:id/:horseOwnerId). */
export function HorseOwnerForm({ rider, horseId }: { rider: number; horseId: number }) {
  const horse = useRiderHorse(rider, horseId);
  return <QueryView query={horse}>{(data) => <OwnerForm rider={rider} horse={data} />}</QueryView>;
}
