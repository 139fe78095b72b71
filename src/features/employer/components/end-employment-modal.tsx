import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { endEmploymentInput, type Employment } from '@shared/schemas/people';
import { FormModal } from '@/lib/components/form-modal';
import { schemaValidator } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useSubmit } from '@/lib/use-submit';
import { useEndEmployment } from '../api/end-employment';

interface EndValues {
  employmentId: number;
  date_to: string;
}

const validate = schemaValidator<EndValues>(endEmploymentInput);

/** End a confirmed employment on a date (the last day). */
export function EndEmploymentModal({ employment, onClose }: { employment: Employment; onClose(): void }) {
  const { t } = useTranslation('people');
  const end = useEndEmployment();
  const form = useForm<EndValues>({
    mode: 'uncontrolled',
    initialValues: { employmentId: employment.employmentId, date_to: dayjs().format('YYYY-MM-DD') },
    validate,
  });
  const { formErrors, run } = useSubmit(form);
  const submit = form.onSubmit(async (values) => {
    if (!(await run(async () => void (await end.mutateAsync(values))))) return;
    notify.success(t('employees.ended', { name: employment.rider.name }));
    onClose();
  });
  return (
    <FormModal
      title={t('employees.endTitle', { name: employment.rider.name })}
      onClose={onClose}
      onSubmit={submit}
      errors={formErrors}
      submitting={form.submitting}
    >
      <TextInput
        type="date"
        label={t('employees.dateTo')}
        required
        key={form.key('date_to')}
        {...form.getInputProps('date_to')}
      />
    </FormModal>
  );
}
