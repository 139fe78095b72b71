import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { passwordResetRequest } from '@shared/schemas/auth';
import { FormErrorList } from '@/lib/components/form-error-list';
import { schemaValidator } from '@/lib/form-errors';
import { href } from '@/lib/paths';
import { useSubmit } from '@/lib/use-submit';
import { useRequestPasswordReset } from '../api/request-password-reset';

export function ForgotPasswordForm() {
  const { t } = useTranslation('auth');
  const request = useRequestPasswordReset();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: schemaValidator<{ email: string }>(passwordResetRequest),
  });
  const { formErrors, run } = useSubmit(form);

  const submit = form.onSubmit((values) =>
    run(async () => {
      await request.mutateAsync(values);
    }),
  );

  return (
    <Stack>
      {request.isSuccess ? (
        <Alert color="green" role="status">
          {t('forgot.sent')}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm">{t('forgot.intro')}</Text>
            <FormErrorList errors={formErrors} />
            <TextInput
              label={t('forgot.email')}
              type="email"
              autoComplete="email"
              required
              key={form.key('email')}
              {...form.getInputProps('email')}
            />
            <Button type="submit" loading={form.submitting}>
              {t('forgot.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to={href('login')} size="sm">
        {t('common.backToLogin')}
      </Anchor>
    </Stack>
  );
}
