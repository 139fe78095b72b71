import { Button } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EmailTemplate } from '@shared/schemas/venue-setup';
import { submitErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useDeleteEmailTemplate } from '../api/delete-email-template';
import { useEmailTemplates } from '../api/list-email-templates';
import { useSendTestEmail } from '../api/send-test-email';
import { EmailTemplateForm } from './email-template-form';
import { RecordTable } from '@/lib/components/record-table';
import { useConfirmDelete } from '@/lib/use-confirm-delete';

/** The venue's e-mail templates (onboarding, invoice …) per language, with a test send to oneself. */
export function EmailTemplateList({ venueId }: { venueId: number }) {
  const { t } = useTranslation(['venueSetup', 'common']);
  const templates = useEmailTemplates(venueId);
  const remove = useDeleteEmailTemplate();
  const send = useSendTestEmail();
  const confirmDelete = useConfirmDelete();
  const [editing, setEditing] = useState<EmailTemplate | 'new' | null>(null);

  async function sendTest(template: EmailTemplate) {
    try {
      await send.mutateAsync({ templateId: template.id, venueId });
      notify.success(t('emails.testSent'));
    } catch (error) {
      // A stored template naming an unknown placeholder is refused with its field's code.
      submitErrors(error, {}).form.forEach((message) => notify.error(message));
    }
  }

  return (
    <>
      <RecordTable
        title={t('emails.title')}
        query={templates}
        columns={[
          { label: t('emails.name'), render: (row) => row.name },
          { label: t('emails.kind'), render: (row) => t(`emails.kinds.${row.kind}`) },
          { label: t('emails.language'), render: (row) => t(`common:languageName.${row.language}`) },
          { label: t('emails.subject'), render: (row) => row.subject },
          {
            label: t('emails.test'),
            render: (row) => (
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconSend size={14} aria-hidden />}
                loading={send.isPending && send.variables?.templateId === row.id}
                aria-label={t('emails.sendTestNamed', { name: row.name })}
                onClick={() => void sendTest(row)}
              >
                {t('emails.sendTest')}
              </Button>
            ),
          },
        ]}
        rowKey={(row) => row.id}
        rowName={(row) => row.name}
        empty={t('emails.empty')}
        addLabel={t('emails.add')}
        onAdd={() => setEditing('new')}
        onEdit={(row) => setEditing(row)}
        onDelete={(row) => confirmDelete(() => remove.mutateAsync(row))}
        minWidth={860}
      />
      {editing && (
        <EmailTemplateForm
          venueId={venueId}
          template={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
