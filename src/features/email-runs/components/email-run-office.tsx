import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconEye, IconMail, IconSend } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EmailRunPreview } from '@shared/schemas/email-runs';
import type { JobRun } from '@shared/schemas/jobs';
import { ApiError } from '@/lib/api-error';
import { FormErrorList } from '@/lib/components/form-error-list';
import { confirmDialog } from '@/lib/dialogs';
import { translateFieldError } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useSubmit } from '@/lib/use-submit';
import { usePreviewEmailRun } from '../api/preview-email-run';
import { useSendOnboardingToSelf } from '../api/send-onboarding-to-self';
import { useStartEmailRun } from '../api/start-email-run';
import { initialValues, messageOf, requestOf, type EmailRunValues, type EmailRunVariant } from '../form-values';
import type { EmailJobSlot, RenderBodyEditor } from '../job-slot';
import { emailRunKeys } from '../keys';
import { EmailPreview } from './email-preview';
import { MessageFields } from './message-fields';
import { RecipientFields } from './recipient-fields';
import { RetryFailed } from './retry-failed';

interface EmailRunOfficeProps {
  venueId: number;
  variant: EmailRunVariant;
  /** The progress of the venue's e-mail run (jobs/VenueJob). */
  renderJob(slot: EmailJobSlot): ReactNode;
  /** The editor of a written message's body. */
  renderBodyEditor: RenderBodyEditor;
}

const required = translateFieldError.bind(null, 'required');

/**
 * An e-mail run page of the admin (onboarding, riders and officials, attendees): recipients and
 * filters, the message, a preview, the onboarding e-mail to oneself, then Send with the run's
 * progress and "Send again to the failed".
 */
export function EmailRunOffice({ venueId, variant, renderJob, renderBodyEditor }: EmailRunOfficeProps) {
  const { t } = useTranslation('emailRuns');
  const titleId = useId();
  const client = useQueryClient();
  const [preview, setPreview] = useState<EmailRunPreview | null>(null);
  const [started, setStarted] = useState<JobRun | null>(null);
  const [lookAgain, setLookAgain] = useState(0);
  const form = useForm<EmailRunValues>({
    initialValues: initialValues(variant),
    validate: {
      template: (value, values) => (values.source === 'template' && !value ? required() : null),
      subject: (value, values) => (values.source === 'write' && !value.trim() ? required() : null),
    },
    // A preview shows what the form held when it was made.
    onValuesChange: () => setPreview(null),
  });
  const { formErrors, run } = useSubmit(form);
  const previewRun = usePreviewEmailRun();
  const start = useStartEmailRun();
  const toSelf = useSendOnboardingToSelf();

  const valid = () => !form.validate().hasErrors;

  async function showPreview() {
    if (!valid()) return;
    await run(async () => {
      setPreview(await previewRun.mutateAsync({ venue: venueId, input: requestOf(form.getValues()) }));
    });
  }

  async function sendToSelf() {
    if (!valid()) return;
    const sent = await run(async () => {
      await toSelf.mutateAsync({ venue: venueId, input: messageOf(form.getValues()) });
    });
    if (sent) notify.success(t('actions.sentToSelf'));
  }

  async function send() {
    if (!valid()) return;
    const confirmed = await confirmDialog({
      title: t('actions.confirmTitle'),
      message: preview ? t('actions.confirmCount', { count: preview.count }) : t('actions.confirm'),
    });
    if (!confirmed) return;
    await run(async () => {
      try {
        setStarted(await start.mutateAsync({ venue: venueId, input: requestOf(form.getValues()) }));
      } catch (error) {
        if (error instanceof ApiError && error.code === 'job_running') setLookAgain((n) => n + 1);
        throw error;
      }
    });
  }

  return (
    <Stack>
      <Text c="dimmed">{t(`intro.${variant}`)}</Text>
      <Card withBorder component="section" aria-labelledby={titleId}>
        <Stack>
          <Title order={2} size="h4" id={titleId}>
            {t('form.title')}
          </Title>
          <RecipientFields form={form} venueId={venueId} variant={variant} />
          <MessageFields form={form} venueId={venueId} variant={variant} renderBodyEditor={renderBodyEditor} />
          <FormErrorList errors={formErrors} />
          <Group gap="sm">
            <Button
              variant="light"
              leftSection={<IconEye size={16} aria-hidden />}
              loading={previewRun.isPending}
              onClick={() => void showPreview()}
            >
              {t('actions.preview')}
            </Button>
            {variant === 'onboarding' && (
              <Button
                variant="light"
                leftSection={<IconMail size={16} aria-hidden />}
                loading={toSelf.isPending}
                onClick={() => void sendToSelf()}
              >
                {t('actions.sendToSelf')}
              </Button>
            )}
            <Button
              leftSection={<IconSend size={16} aria-hidden />}
              loading={start.isPending}
              onClick={() => void send()}
            >
              {t('actions.send')}
            </Button>
          </Group>
        </Stack>
      </Card>
      {preview && <EmailPreview preview={preview} />}
      {renderJob({
        started,
        lookAgain,
        onFinished: () => void client.invalidateQueries({ queryKey: emailRunKeys.latest(venueId) }),
      })}
      <RetryFailed venueId={venueId} onStarted={setStarted} onAlreadyRunning={() => setLookAgain((n) => n + 1)} />
    </Stack>
  );
}
