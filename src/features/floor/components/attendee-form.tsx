import { Button, Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { ATTENDEE_KINDS, attendeeInput, TEAM_ROLES, type AttendeeKind } from '@shared/schemas/floor';
import { showError } from '@/lib/api-error';
import { schemaValidator } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { addAttendee, type NewAttendee } from '@/offline/writes';
import { useFloorVenue } from '../use-floor-venue';

interface AttendeeValues {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  kind: AttendeeKind;
  role: string;
  organisation: string;
  badge: string;
}

const EMPTY: AttendeeValues = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  kind: 'guest',
  role: '',
  organisation: '',
  badge: '',
};

const toInput = (values: AttendeeValues): NewAttendee => ({
  ...values,
  role: (values.role || null) as NewAttendee['role'],
});
const validateInput = schemaValidator<NewAttendee>(attendeeInput.omit({ venue: true, device_id: true }));

/** Add an attendee at the desk: saved on this device at once, sent when online. */
export function AttendeeForm() {
  const { t } = useTranslation('floor');
  const venue = useFloorVenue();
  const form = useForm<AttendeeValues>({ initialValues: EMPTY, validate: (values) => validateInput(toInput(values)) });

  const submit = form.onSubmit(async (values) => {
    try {
      await addAttendee(venue, toInput(values));
      notify.success(t('attendee.added', { name: `${values.first_name} ${values.last_name}`.trim() }), {
        channel: 'welcomedesk-attendee',
      });
      form.setValues(EMPTY);
    } catch (error) {
      showError(error);
    }
  });

  const text = (field: keyof AttendeeValues, props: Record<string, unknown> = {}) => (
    <TextInput label={t(`attendee.${field}`)} size="md" {...props} {...form.getInputProps(field)} />
  );
  return (
    <form onSubmit={submit} noValidate aria-label={t('attendee.formTitle')}>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {text('first_name', { required: true, autoComplete: 'off' })}
          {text('last_name', { autoComplete: 'off' })}
          {text('email', { type: 'email', autoComplete: 'off' })}
          {text('phone', { type: 'tel', autoComplete: 'off' })}
          <NativeSelect
            label={t('attendee.kind')}
            size="md"
            data={ATTENDEE_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
            {...form.getInputProps('kind')}
          />
          <NativeSelect
            label={t('attendee.role')}
            size="md"
            data={[
              { value: '', label: t('attendee.noRole') },
              ...TEAM_ROLES.map((r) => ({ value: r, label: t(`role.${r}`) })),
            ]}
            {...form.getInputProps('role')}
          />
          {text('organisation')}
          {text('badge', { autoComplete: 'off' })}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" size="md">
            {t('attendee.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
