import { Button, Group, Radio, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { INSPECTION_STATUSES, type InspectionStatus } from '@shared/floor-constants';
import { showError } from '@/lib/api-error';
import { translateFieldError } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useAppStore } from '@/lib/store';
import type { LocalHorse } from '@/offline/db';
import { recordInspection } from '@/offline/writes';

interface InspectionValues {
  status: InspectionStatus | '';
  notes: string;
  /** `YYYY-MM-DDTHH:mm` on this device's clock. */
  time: string;
  inspector: string;
}

const LOCAL_MINUTE = 'YYYY-MM-DDTHH:mm';

/** Record an inspection of a horse: result, notes, time (now by default) and inspector. */
export function InspectionForm({ venue, horse }: { venue: number; horse: LocalHorse }) {
  const { t } = useTranslation('floor');
  const user = useAppStore((state) => state.user);
  const inspector = user ? [user.first_name, user.last_name].filter(Boolean).join(' ') || user.username : '';
  const start = (): InspectionValues => ({ status: '', notes: '', time: dayjs().format(LOCAL_MINUTE), inspector });
  const form = useForm<InspectionValues>({
    initialValues: start(),
    validate: {
      status: (value) => (value ? null : translateFieldError('required')),
      time: (value) => (value && dayjs(value).isValid() ? null : translateFieldError('invalid')),
      notes: (value) => (value.length > 2000 ? translateFieldError('too_long') : null),
      inspector: (value) => (value.length > 200 ? translateFieldError('too_long') : null),
    },
  });

  const submit = form.onSubmit(async (values) => {
    if (!values.status) return;
    try {
      await recordInspection(venue, horse, {
        status: values.status,
        notes: values.notes,
        inspector: values.inspector,
        occurred_at: dayjs(values.time).toISOString(),
      });
      notify.success(t('vet.saved', { horse: horse.name }), { channel: 'vet-inspection' });
      form.setValues(start());
    } catch (error) {
      showError(error);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('vet.formTitle')}>
      <Stack gap="sm">
        <Radio.Group label={t('vet.result')} required {...form.getInputProps('status')}>
          <Group mt={6}>
            {INSPECTION_STATUSES.map((status) => (
              <Radio key={status} value={status} label={t(`vet.status.${status}`)} size="md" />
            ))}
          </Group>
        </Radio.Group>
        <Textarea label={t('vet.notes')} rows={3} {...form.getInputProps('notes')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('vet.time')} type="datetime-local" required {...form.getInputProps('time')} />
          <TextInput label={t('vet.inspector')} {...form.getInputProps('inspector')} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" size="md">
            {t('vet.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
