import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { LoginRequest } from '@shared/schemas/auth';
import { FormErrorList } from '@/lib/components/form-error-list';
import { requiredFields } from '@/lib/form-errors';
import { href } from '@/lib/paths';
import { useAppStore } from '@/lib/store';
import { useSubmit } from '@/lib/use-submit';
import { useLogin } from '../api/login';

interface LoginFormProps {
  /** Starts the session with the token (fetches the user and the venue). */
  onToken(token: string): Promise<void>;
}

const validate = requiredFields<LoginRequest>(['username', 'password']);

/** Plain state instead of @mantine/form: this form is on the page that must load fastest. */
export function LoginForm({ onToken }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const login = useLogin();
  const [values, setValues] = useState<LoginRequest>({ username: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  const { formErrors, run } = useSubmit({ setErrors, getValues: () => values });

  const field = (name: keyof LoginRequest) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors(({ [name]: _cleared, ...rest }) => rest);
    },
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const missing = validate(values);
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setSubmitting(true);
    const ok = await run(async () => {
      const { token } = await login.mutateAsync(values);
      await onToken(token);
    });
    setSubmitting(false);
    // Spec §4: a failed login leaves nobody signed in.
    if (!ok) useAppStore.getState().clearSession();
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack>
        <FormErrorList errors={formErrors} />
        <TextInput label={t('login.username')} autoComplete="username" required {...field('username')} />
        <PasswordInput label={t('login.password')} autoComplete="current-password" required {...field('password')} />
        <Button type="submit" loading={submitting}>
          {t('login.submit')}
        </Button>
        <Group justify="space-between" gap="xs">
          <Anchor component={Link} to={href('forgotPassword')} size="sm">
            {t('login.forgotPassword')}
          </Anchor>
          <Anchor component={Link} to={href('magicLogin')} size="sm">
            {t('login.magicLink')}
          </Anchor>
        </Group>
        <Anchor component={Link} to={href('registration')} size="sm">
          {t('login.register')}
        </Anchor>
      </Stack>
    </form>
  );
}
