import { MultiSelect } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { translateFieldError } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useSubmit } from '@/lib/use-submit';
import { useCreateParticipation } from '../api/create-participation';
import { FormModal } from '@/lib/components/form-modal';
import { HorsePicker } from './horse-picker';
import { PersonSelect } from './person-select';

/** An event of the venue (VEC) a rider can be entered in. */
export interface EventOption {
  id: number;
  name: string;
}

interface EnrolValues {
  rider: number | null;
  horses: number[];
  events: number[];
}

interface EnrolRiderFormProps {
  venueId: number;
  events: EventOption[];
  onClose(): void;
}

/** Enrol a rider at the venue with horses and events; the server works out who pays. */
export function EnrolRiderForm({ venueId, events, onClose }: EnrolRiderFormProps) {
  const { t } = useTranslation('participants');
  const create = useCreateParticipation();
  const form = useForm<EnrolValues>({
    initialValues: { rider: null, horses: [], events: [] },
    validate: { rider: (value) => (value === null ? translateFieldError('required') : null) },
  });
  const { formErrors, run } = useSubmit(form);
  const submit = form.onSubmit(async (values) => {
    const saved = await run(async () => {
      await create.mutateAsync({
        venue: venueId,
        rider: values.rider ?? 0,
        horses: values.horses,
        events: values.events,
      });
    });
    if (!saved) return;
    notify.success(t('toast.saved'));
    onClose();
  });
  return (
    <FormModal
      title={t('enrol.title')}
      onClose={onClose}
      onSubmit={submit}
      errors={formErrors}
      submitting={form.submitting}
      size="lg"
    >
      <PersonSelect
        kind="rider"
        label={t('enrol.rider')}
        required
        value={form.values.rider}
        onChange={(person) => form.setFieldValue('rider', person?.id ?? null)}
        error={form.errors.rider as string | undefined}
      />
      <HorsePicker
        value={form.values.horses}
        onChange={(horses) => form.setFieldValue('horses', horses)}
        error={form.errors.horses as string | undefined}
      />
      <MultiSelect<number>
        label={t('enrol.events')}
        description={t('enrol.eventsHint')}
        data={events.map((event) => ({ value: event.id, label: event.name }))}
        nothingFoundMessage={t('enrol.noEvents')}
        {...form.getInputProps('events')}
      />
    </FormModal>
  );
}
