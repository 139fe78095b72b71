import { Alert, Anchor, Button, Loader, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { passwordPair } from '@shared/schemas/auth';
import { errorText } from '@/lib/api-error';
import { FormErrorList } from '@/lib/components/form-error-list';
import { schemaValidator } from '@/lib/form-errors';
import { href } from '@/lib/paths';
import { useSubmit } from '@/lib/use-submit';
import { NewPasswordFields } from './new-password-fields';
import { useConfirmPasswordReset } from '../api/confirm-password-reset';
import { useHasUsablePassword } from '../api/has-usable-password';

interface PasswordResetFormProps {
  /** uid and token from the e-mailed link (null when the link was cut off). */
  uid: string | null;
  token: string | null;
}

interface PasswordValues {
  password: string;
  password2: string;
}

export function PasswordResetForm({ uid, token }: PasswordResetFormProps) {
  const { t } = useTranslation('auth');
  const check = useHasUsablePassword(uid, token);
  const confirm = useConfirmPasswordReset();
  const form = useForm<PasswordValues>({
    mode: 'uncontrolled',
    initialValues: { password: '', password2: '' },
    validate: schemaValidator(passwordPair),
  });
  const { formErrors, run } = useSubmit(form);

  const submit = form.onSubmit((values) =>
    run(async () => {
      await confirm.mutateAsync({ uid: uid ?? '', token: token ?? '', ...values });
    }),
  );

  const backToLogin = (
    <Anchor component={Link} to={href('login')} size="sm">
      {t('common.backToLogin')}
    </Anchor>
  );

  if (!uid || !token) {
    return (
      <Stack>
        <Alert color="yellow">{t('reset.incomplete')}</Alert>
        <Anchor component={Link} to={href('forgotPassword')} size="sm">
          {t('reset.requestNew')}
        </Anchor>
      </Stack>
    );
  }
  if (check.isPending) {
    return (
      <Stack align="center">
        <Loader aria-label={t('reset.checking')} />
        <Text size="sm">{t('reset.checking')}</Text>
      </Stack>
    );
  }
  if (check.isError) return <Alert color="red">{errorText(check.error)}</Alert>;
  if (!check.data.valid) {
    return (
      <Stack>
        <Alert color="red">{t('reset.invalid')}</Alert>
        <Anchor component={Link} to={href('forgotPassword')} size="sm">
          {t('reset.requestNew')}
        </Anchor>
      </Stack>
    );
  }
  if (confirm.isSuccess) {
    return (
      <Stack>
        <Alert color="green" role="status">
          {t('reset.done')}
        </Alert>
        {backToLogin}
      </Stack>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">{check.data.has_usable_password ? t('reset.introChange') : t('reset.introFirst')}</Text>
        <FormErrorList errors={formErrors} />
        <NewPasswordFields form={form} passwordLabel={t('reset.password')} repeatLabel={t('reset.password2')} />
        <Button type="submit" loading={form.submitting}>
          {t('reset.submit')}
        </Button>
        {backToLogin}
      </Stack>
    </form>
  );
}
