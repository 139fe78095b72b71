import { Button, Card, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconFileInvoice, IconMail } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobRun } from '@shared/schemas/jobs';
import { ApiError, showError } from '@/lib/api-error';
import { confirmDialog } from '@/lib/dialogs';
import { submitErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { downloadInvoices } from '../api/download-invoices';
import { useEmailInvoices } from '../api/email-invoices';
import { useGenerateInvoices } from '../api/generate-invoices';
import type { InvoiceJobKind } from '../job-slot';

interface InvoiceActionsProps {
  venueId: number;
  /** Entries a new run would bill; null while the list loads. */
  uninvoiced: number | null;
  onStarted(kind: InvoiceJobKind, run: JobRun): void;
  /** The server refused: a run of this kind is already under way. */
  onAlreadyRunning(kind: InvoiceJobKind): void;
}

/** Issue every invoice, e-mail them (optionally again), download them all as one zip. */
export function InvoiceActions({ venueId, uninvoiced, onStarted, onAlreadyRunning }: InvoiceActionsProps) {
  const { t } = useTranslation('invoices');
  const titleId = useId();
  const generate = useGenerateInvoices();
  const email = useEmailInvoices();
  const [resend, setResend] = useState(false);
  const [downloading, setDownloading] = useState(false);

  // A refusal is a toast (nothing_to_invoice, job_running, or a field code such as nothing_to_send).
  const refused = (kind: InvoiceJobKind) => (error: unknown) => {
    if (error instanceof ApiError && error.code === 'job_running') onAlreadyRunning(kind);
    submitErrors(error, {}).form.forEach((message) => notify.error(message));
  };

  async function startInvoices() {
    const confirmed = await confirmDialog({ title: t('generate.confirmTitle'), message: t('generate.confirm') });
    if (!confirmed) return;
    generate.mutate(venueId, {
      onSuccess: (run) => onStarted('invoices', run),
      onError: refused('invoices'),
    });
  }

  async function startEmails() {
    const confirmed = await confirmDialog({
      title: t('email.confirmTitle'),
      message: resend ? t('email.confirmResend') : t('email.confirm'),
    });
    if (!confirmed) return;
    email.mutate(
      { venue: venueId, input: { resend } },
      { onSuccess: (run) => onStarted('invoice_emails', run), onError: refused('invoice_emails') },
    );
  }

  async function downloadAll() {
    setDownloading(true);
    try {
      await downloadInvoices(venueId);
    } catch (error) {
      showError(error);
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Card withBorder component="section" aria-labelledby={titleId}>
      <Stack>
        <Title order={2} size="h4" id={titleId}>
          {t('actions.title')}
        </Title>
        {uninvoiced !== null && (
          <Text aria-live="polite" fw={uninvoiced > 0 ? 600 : undefined}>
            {t('actions.uninvoiced', { count: uninvoiced })}
          </Text>
        )}
        <Group gap="sm" align="center">
          <Button
            leftSection={<IconFileInvoice size={16} aria-hidden />}
            loading={generate.isPending}
            onClick={() => void startInvoices()}
          >
            {t('generate.button')}
          </Button>
          <Button
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={downloading}
            onClick={() => void downloadAll()}
          >
            {t('download.all')}
          </Button>
        </Group>
        <Group gap="sm" align="center">
          <Button
            variant="light"
            leftSection={<IconMail size={16} aria-hidden />}
            loading={email.isPending}
            onClick={() => void startEmails()}
          >
            {t('email.button')}
          </Button>
          <Checkbox
            label={t('email.resend')}
            checked={resend}
            onChange={(event) => setResend(event.currentTarget.checked)}
          />
        </Group>
      </Stack>
    </Card>
  );
}
