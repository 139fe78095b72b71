import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import { emailField } from '@shared/schemas/common';
import { FormErrorList } from '@/lib/components/form-error-list';
import { schemaValidator } from '@/lib/form-errors';
import { href } from '@/lib/paths';
import { useSubmit } from '@/lib/use-submit';

const emailOnly = z.object({ email: emailField });

interface EmailLinkFormProps {
  intro: string;
  emailLabel: string;
  submitLabel: string;
  /** Shown once the request went through (the same whether or not the address is known). */
  sentMessage: string;
  send(email: string): Promise<unknown>;
}

/** Asks for an e-mail address to send a link to: password reset and magic sign-in. */
export function EmailLinkForm({ intro, emailLabel, submitLabel, sentMessage, send }: EmailLinkFormProps) {
  const { t } = useTranslation('auth');
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: schemaValidator<{ email: string }>(emailOnly),
  });
  const { formErrors, run } = useSubmit(form);
  const [sent, setSent] = useState(false);
  const submit = form.onSubmit((values) =>
    run(async () => {
      await send(values.email);
      setSent(true);
    }),
  );

  return (
    <Stack>
      {sent ? (
        <Alert color="green" role="status">
          {sentMessage}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm">{intro}</Text>
            <FormErrorList errors={formErrors} />
            <TextInput
              label={emailLabel}
              type="email"
              autoComplete="email"
              required
              key={form.key('email')}
              {...form.getInputProps('email')}
            />
            <Button type="submit" loading={form.submitting}>
              {submitLabel}
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
