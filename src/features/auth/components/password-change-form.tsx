import { Alert, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { passwordChangeRequest, type PasswordChangeRequest } from '@shared/schemas/auth';
import { FormErrorList } from '@/lib/components/form-error-list';
import { schemaValidator } from '@/lib/form-errors';
import { useSubmit } from '@/lib/use-submit';
import { NewPasswordFields } from './new-password-fields';
import { useChangePassword } from '../api/change-password';

/** The signed-in user's new password, confirmed by the current one; other devices are signed out. */
export function PasswordChangeForm() {
  const { t } = useTranslation('auth');
  const change = useChangePassword();
  const form = useForm<PasswordChangeRequest>({
    mode: 'uncontrolled',
    initialValues: { current_password: '', password: '', password2: '' },
    validate: schemaValidator(passwordChangeRequest),
  });
  const { formErrors, run } = useSubmit(form);

  const submit = form.onSubmit((values) =>
    run(async () => {
      await change.mutateAsync(values);
      form.reset();
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={420}>
        <Text size="sm">{t('change.intro')}</Text>
        {change.isSuccess && (
          <Alert color="green" role="status">
            {t('change.done')}
          </Alert>
        )}
        <FormErrorList errors={formErrors} />
        <PasswordInput
          label={t('change.current')}
          autoComplete="current-password"
          required
          key={form.key('current_password')}
          {...form.getInputProps('current_password')}
        />
        <NewPasswordFields form={form} passwordLabel={t('change.password')} repeatLabel={t('change.password2')} />
        <Button type="submit" loading={form.submitting}>
          {t('change.submit')}
        </Button>
      </Stack>
    </form>
  );
}
