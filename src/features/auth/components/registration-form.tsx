import { Alert, Anchor, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { LANGUAGES } from '@shared/constants';
import { REGISTRATION_ROLES, registrationRequest, type RegistrationRequest } from '@shared/schemas/auth';
import { FormErrorList } from '@/lib/components/form-error-list';
import { schemaValidator } from '@/lib/form-errors';
import { href } from '@/lib/paths';
import { useAppStore } from '@/lib/store';
import { useSubmit } from '@/lib/use-submit';
import { NewPasswordFields } from './new-password-fields';
import { useRiderEmailCheck } from '../api/check-rider-exists';
import { useRegister } from '../api/register';

type RegistrationValues = Omit<RegistrationRequest, 'role'> & { role: RegistrationRequest['role'] | '' };

export function RegistrationForm() {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const register = useRegister();
  const language = useAppStore((state) => state.language);
  const form = useForm<RegistrationValues>({
    mode: 'uncontrolled',
    initialValues: { email: '', first_name: '', last_name: '', role: '', language, password: '', password2: '' },
    validate: schemaValidator(registrationRequest),
  });
  const { formErrors, run } = useSubmit(form);
  // a rider with this e-mail is known already — a hint to sign in instead, nothing more.
  const riderEmail = useRiderEmailCheck();
  const emailProps = form.getInputProps('email');

  const submit = form.onSubmit(async (values) => {
    const ok = await run(async () => {
      await register.mutateAsync(values as RegistrationRequest);
    });
    if (ok) await navigate(href('registrationConfirm'));
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormErrorList errors={formErrors} />
        <TextInput
          label={t('registration.email')}
          type="email"
          autoComplete="email"
          required
          key={form.key('email')}
          {...emailProps}
          onBlur={(event) => {
            (emailProps.onBlur as ((event: unknown) => void) | undefined)?.(event);
            riderEmail.checked(event.currentTarget.value);
          }}
        />
        {riderEmail.exists && (
          <Alert color="blue" role="status" title={t('registration.riderExists.title')}>
            <Text size="sm">{t('registration.riderExists.text')}</Text>
            <Group gap="md" mt={4}>
              <Anchor component={Link} to={href('login')} size="sm">
                {t('registration.riderExists.login')}
              </Anchor>
              <Anchor component={Link} to={href('forgotPassword')} size="sm">
                {t('registration.riderExists.reset')}
              </Anchor>
            </Group>
          </Alert>
        )}
        <Group grow align="flex-start">
          <TextInput
            label={t('registration.firstName')}
            autoComplete="given-name"
            required
            key={form.key('first_name')}
            {...form.getInputProps('first_name')}
          />
          <TextInput
            label={t('registration.lastName')}
            autoComplete="family-name"
            required
            key={form.key('last_name')}
            {...form.getInputProps('last_name')}
          />
        </Group>
        <NativeSelect
          label={t('registration.role')}
          required
          data={[
            { value: '', label: t('registration.chooseRole') },
            ...REGISTRATION_ROLES.map((role) => ({ value: role, label: t(`common:roles.${role}`) })),
          ]}
          key={form.key('role')}
          {...form.getInputProps('role')}
        />
        <NativeSelect
          label={t('registration.language')}
          data={LANGUAGES.map((value) => ({ value, label: t(`common:languageName.${value}`) }))}
          key={form.key('language')}
          {...form.getInputProps('language')}
        />
        <NewPasswordFields
          form={form}
          passwordLabel={t('registration.password')}
          repeatLabel={t('registration.password2')}
        />
        <Button type="submit" loading={form.submitting}>
          {t('registration.submit')}
        </Button>
        <Anchor component={Link} to={href('login')} size="sm">
          {t('registration.haveAccount')}
        </Anchor>
      </Stack>
    </form>
  );
}
