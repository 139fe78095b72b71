import { PasswordInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';

interface NewPasswordFieldsProps<V extends { password: string; password2: string }> {
  form: UseFormReturnType<V>;
  passwordLabel: string;
  repeatLabel: string;
}

/** A new password and its repetition (registration, password reset). */
export function NewPasswordFields<V extends { password: string; password2: string }>({
  form,
  passwordLabel,
  repeatLabel,
}: NewPasswordFieldsProps<V>) {
  const { t } = useTranslation('auth');
  return (
    <>
      <PasswordInput
        label={passwordLabel}
        description={t('registration.passwordHint')}
        autoComplete="new-password"
        required
        key={form.key('password')}
        {...form.getInputProps('password')}
      />
      <PasswordInput
        label={repeatLabel}
        autoComplete="new-password"
        required
        key={form.key('password2')}
        {...form.getInputProps('password2')}
      />
    </>
  );
}
