import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { magicLinkRequest } from '@shared/schemas/auth';
import { FormErrorList } from '@/lib/components/form-error-list';
import { schemaValidator } from '@/lib/form-errors';
import { href } from '@/lib/paths';
import { useSubmit } from '@/lib/use-submit';
import { useRequestMagicLink } from '../api/request-magic-link';

interface MagicLoginFormProps {
  /** The show whose preshow pages the link should open, if any. */
  preshow: number | null;
}

/** Asks for a one-time sign-in link by e-mail. */
export function MagicLoginForm({ preshow }: MagicLoginFormProps) {
  const { t } = useTranslation('auth');
  const request = useRequestMagicLink();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: schemaValidator<{ email: string }>(magicLinkRequest),
  });
  const { formErrors, run } = useSubmit(form);

  const submit = form.onSubmit((values) =>
    run(async () => {
      await request.mutateAsync(preshow === null ? values : { ...values, preshow });
    }),
  );

  return (
    <Stack>
      {request.isSuccess ? (
        <Alert color="green" role="status">
          {t('magic.sent')}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm">{preshow === null ? t('magic.intro') : t('magic.introPreshow')}</Text>
            <FormErrorList errors={formErrors} />
            <TextInput
              label={t('magic.email')}
              type="email"
              autoComplete="email"
              required
              key={form.key('email')}
              {...form.getInputProps('email')}
            />
            <Button type="submit" loading={form.submitting}>
              {t('magic.submit')}
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
