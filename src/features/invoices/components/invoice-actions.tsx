import { Alert, Anchor, Button, Card, Checkbox, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconFileInvoice, IconMail } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { INVOICE_GAPS, type InvoiceGap } from '@shared/schemas/invoices';
import type { JobRun } from '@shared/schemas/jobs';
import { useQuery } from '@tanstack/react-query';
import { ApiError, showError } from '@/lib/api-error';
import { confirmDialog } from '@/lib/dialogs';
import { submitErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { href } from '@/lib/paths';
import { api } from '@/lib/api-client';
import type { AppConfig } from '@shared/schemas/app-config';
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

  const [gaps, setGaps] = useState<InvoiceGap[]>([]);
  // The same query (and cache entry) as the rest of the app's config: is a mail server set?
  const config = useQuery({
    queryKey: ['system', 'config'],
    queryFn: () => api.get<AppConfig>('config/'),
    staleTime: Infinity,
  });

  // A refusal is a toast (nothing_to_invoice, job_running, or a field code such as nothing_to_send);
  // what an invoice lacks stays on the page as a list, each with where it is set.
  const refused = (kind: InvoiceJobKind) => (error: unknown) => {
    if (error instanceof ApiError && error.code === 'job_running') onAlreadyRunning(kind);
    const missing = incompleteGaps(error);
    if (missing.length) {
      setGaps(missing);
      return;
    }
    submitErrors(error, {}).form.forEach((message) => notify.error(message));
  };

  async function startInvoices() {
    const confirmed = await confirmDialog({ title: t('generate.confirmTitle'), message: t('generate.confirm') });
    if (!confirmed) return;
    setGaps([]);
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
        {gaps.length > 0 && (
          <Alert color="red" title={t('incomplete.title')} role="alert">
            <Stack gap={4}>
              <Text size="sm">{t('errors:invoice_incomplete')}</Text>
              <List size="sm">
                {gaps.map((gap) => (
                  <List.Item key={gap}>
                    {gap.startsWith('seller.') ? (
                      <Anchor component={Link} to={href('venueConfigEdit', { venueId: String(venueId) })}>
                        {t(`gap.${gap}`)}
                      </Anchor>
                    ) : (
                      t(`gap.${gap}`)
                    )}
                  </List.Item>
                ))}
              </List>
            </Stack>
          </Alert>
        )}
        {config.data?.mail_server === false && (
          <Alert color="orange" role="status">
            {t('mail.noServer')}
          </Alert>
        )}
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

/** The gaps of an `invoice_incomplete` refusal (INVOICE_GAPS codes), else none. */
function incompleteGaps(error: unknown): InvoiceGap[] {
  if (!(error instanceof ApiError) || error.code !== 'invoice_incomplete') return [];
  const fields = (error.body as { fields?: unknown } | undefined)?.fields;
  return Array.isArray(fields)
    ? fields.filter((code): code is InvoiceGap => (INVOICE_GAPS as readonly string[]).includes(String(code)))
    : [];
}
