import { Alert, Button, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ATTENDANCE_MAX_PEOPLE,
  attendanceRequest,
  type AttendanceRequest,
  type AttendanceStatus,
} from '@shared/schemas/attendance';
import { FormErrorList } from '@/lib/components/form-error-list';
import { formatDateRange } from '@/lib/format';
import { schemaValidator } from '@/lib/form-errors';
import { useAppStore } from '@/lib/store';
import { useSubmit } from '@/lib/use-submit';
import { useRegisterAttendance } from '../api/register-attendance';

/** The show as the form needs it: which days a visit may be booked for. */
export interface AttendanceShow {
  id: number;
  start_date: string | null;
  end_date: string | null;
}

type AttendanceValues = Omit<AttendanceRequest, 'people' | 'phone'> & { people: number | string; phone: string };

const validateSchema = schemaValidator<AttendanceValues>(attendanceRequest);

/** A spectator's registration for one day of a show; the answer asks them to confirm by e-mail. */
export function AttendanceForm({ show }: { show: AttendanceShow }) {
  const { t } = useTranslation('attendance');
  const language = useAppStore((state) => state.language);
  const register = useRegisterAttendance();
  const [sent, setSent] = useState<{ email: string; status: AttendanceStatus } | null>(null);

  // Bookable: the show's days from today on (any day from today on when the show has no dates).
  const today = dayjs().format('YYYY-MM-DD');
  const first = show.start_date && show.start_date > today ? show.start_date : today;
  const last = show.end_date;
  const form = useForm<AttendanceValues>({
    mode: 'uncontrolled',
    initialValues: {
      venue: show.id,
      first_name: '',
      last_name: '',
      email: '',
      phone: '',
      visit_date: first === last ? first : '',
      people: 1,
      language,
    },
    validate: (values) => {
      const errors = validateSchema(values);
      const day = values.visit_date;
      if (!errors.visit_date && (day < first || (last !== null && day > last))) {
        errors.visit_date = t('form.outsideShow');
      }
      return errors;
    },
  });
  const { formErrors, run } = useSubmit(form);

  const submit = form.onSubmit(async (values) => {
    let status: AttendanceStatus = 'pending';
    const ok = await run(async () => {
      const answer = await register.mutateAsync({
        ...values,
        phone: values.phone.trim() || null,
        people: Number(values.people),
      });
      status = answer.status;
    });
    if (ok) setSent({ email: values.email.trim(), status });
  });

  if (last !== null && first > last) return <Alert color="gray">{t('form.closed')}</Alert>;
  if (sent?.status === 'confirmed') {
    return (
      <Alert color="blue" role="status">
        {t('sent.alreadyConfirmed')}
      </Alert>
    );
  }
  if (sent) {
    return (
      <Alert color="green" role="status" title={t('sent.title')}>
        {t('sent.message', { email: sent.email })}
      </Alert>
    );
  }
  return (
    <form onSubmit={submit} noValidate aria-label={t('form.title')}>
      <Stack>
        <Text>{t('form.intro')}</Text>
        <FormErrorList errors={formErrors} />
        <Group grow align="flex-start">
          <TextInput
            label={t('form.firstName')}
            autoComplete="given-name"
            required
            key={form.key('first_name')}
            {...form.getInputProps('first_name')}
          />
          <TextInput
            label={t('form.lastName')}
            autoComplete="family-name"
            required
            key={form.key('last_name')}
            {...form.getInputProps('last_name')}
          />
        </Group>
        <TextInput
          label={t('form.email')}
          description={t('form.emailHint')}
          type="email"
          autoComplete="email"
          required
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <TextInput
          label={t('form.phone')}
          description={t('form.phoneHint')}
          type="tel"
          autoComplete="tel"
          key={form.key('phone')}
          {...form.getInputProps('phone')}
        />
        <Group grow align="flex-start">
          <TextInput
            label={t('form.visitDate')}
            description={
              show.start_date || show.end_date
                ? t('form.showDays', { days: formatDateRange(show.start_date, show.end_date) })
                : undefined
            }
            type="date"
            min={first}
            max={last ?? undefined}
            required
            key={form.key('visit_date')}
            {...form.getInputProps('visit_date')}
          />
          <NumberInput
            label={t('form.people')}
            description={t('form.peopleHint', { max: ATTENDANCE_MAX_PEOPLE })}
            min={1}
            max={ATTENDANCE_MAX_PEOPLE}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="strict"
            required
            key={form.key('people')}
            {...form.getInputProps('people')}
          />
        </Group>
        <Button type="submit" loading={form.submitting}>
          {t('form.submit')}
        </Button>
      </Stack>
    </form>
  );
}
