import { Badge, Modal, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TermsVersion } from '@shared/schemas/configuration';
import { formatDateTime } from '@/lib/format';
import { translateFieldError } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useSubmit } from '@/lib/use-submit';
import { useCreateTerms } from '../api/create-terms';
import { useTerms } from '../api/list-terms';
import { FormModal } from '@/lib/components/form-modal';
import { RecordTable } from '@/lib/components/record-table';

function status(terms: TermsVersion): 'current' | 'scheduled' | 'earlier' {
  if (terms.current) return 'current';
  return dayjs(terms.published_at).isAfter(dayjs()) ? 'scheduled' : 'earlier';
}

const STATUS_COLORS = { current: 'green', scheduled: 'blue', earlier: 'gray' } as const;

/**
 * Versions of the terms and conditions. A version is never edited: a change is a new version,
 * which riders accept again.
 */
export function TermsList() {
  const { t } = useTranslation('configuration');
  const terms = useTerms();
  const [adding, setAdding] = useState(false);
  const [viewing, setViewing] = useState<TermsVersion | null>(null);
  return (
    <>
      <RecordTable
        title={t('terms.title')}
        query={terms}
        columns={[
          { label: t('terms.version'), render: (row) => row.version },
          { label: t('terms.publishedAt'), render: (row) => formatDateTime(row.published_at) },
          {
            label: t('terms.status'),
            render: (row) => (
              <Badge color={STATUS_COLORS[status(row)]} variant="light">
                {t(`terms.${status(row)}`)}
              </Badge>
            ),
          },
        ]}
        rowKey={(row) => row.id}
        rowName={(row) => row.version}
        empty={t('terms.empty')}
        addLabel={t('terms.add')}
        onAdd={() => setAdding(true)}
        onView={(row) => setViewing(row)}
        minWidth={420}
      />
      {adding && <TermsForm onClose={() => setAdding(false)} />}
      {viewing && (
        <Modal
          opened
          onClose={() => setViewing(null)}
          title={t('terms.viewTitle', { version: viewing.version })}
          size="lg"
          closeButtonProps={{ 'aria-label': t('form.close') }}
        >
          <Text style={{ whiteSpace: 'pre-wrap' }}>{viewing.body || t('terms.noBody')}</Text>
        </Modal>
      )}
    </>
  );
}

interface TermsValues {
  version: string;
  /** `datetime-local` text; empty publishes now. */
  published_at: string;
  body: string;
}

function TermsForm({ onClose }: { onClose(): void }) {
  const { t } = useTranslation('configuration');
  const create = useCreateTerms();
  const form = useForm<TermsValues>({
    mode: 'uncontrolled',
    initialValues: { version: '', published_at: '', body: '' },
    validate: { version: (value) => (value.trim() ? null : translateFieldError('required')) },
  });
  const { formErrors, run } = useSubmit(form);
  const submit = form.onSubmit(async (values) => {
    const saved = await run(async () => {
      await create.mutateAsync({
        version: values.version,
        body: values.body,
        published_at: values.published_at ? dayjs(values.published_at).toISOString() : undefined,
      });
    });
    if (!saved) return;
    notify.success(t('toast.saved'));
    onClose();
  });
  return (
    <FormModal
      title={t('terms.add')}
      onClose={onClose}
      onSubmit={submit}
      errors={formErrors}
      submitting={form.submitting}
      size="lg"
    >
      <TextInput label={t('terms.version')} required key={form.key('version')} {...form.getInputProps('version')} />
      <TextInput
        type="datetime-local"
        label={t('terms.publishedAt')}
        description={t('terms.publishedAtHint')}
        key={form.key('published_at')}
        {...form.getInputProps('published_at')}
      />
      <Textarea
        label={t('terms.body')}
        rows={12}
        resize="vertical"
        key={form.key('body')}
        {...form.getInputProps('body')}
      />
    </FormModal>
  );
}
