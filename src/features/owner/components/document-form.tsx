import { Button, Card, Group, Input, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DOCUMENT_FILE_FILTER,
  DOCUMENT_TYPES,
  documentFields,
  MAX_DOCUMENT_BYTES,
  type DocumentType,
} from '@shared/schemas/owner';
import { schemaValidator, translateFieldError } from '@/lib/form-errors';
import { uploadDialog } from '@/lib/dialogs';
import { notify } from '@/lib/notify';
import { useSubmit } from '@/lib/use-submit';
import { FormActions } from '@/lib/components/form-actions';
import { useDocumentMutations } from '../api/documents';
import type { OwnerRef } from '../api/owner-path';
import { useTeamMembers } from '../api/team-members';
import { fileSize } from './document-list';

interface DocumentValues {
  type: string;
  title: string;
  valid_until: string;
  team_member: string;
  /** The chosen file's name: server errors about the file land here. */
  file: string;
}

const validateFields = schemaValidator<Record<string, unknown>>(documentFields);

interface DocumentFormProps {
  owner: OwnerRef;
  /** A document of one of the owner's team members (picked in the form). */
  team?: boolean;
  onDone(): void;
}

/** Add a document: type, title, validity and a file picked through the upload dialog. */
export function DocumentForm({ owner, team = false, onDone }: DocumentFormProps) {
  const { t } = useTranslation(['owner', 'common']);
  const fileId = useId();
  const members = useTeamMembers(owner, team);
  const { upload } = useDocumentMutations(owner);
  const [file, setFile] = useState<File | null>(null);
  const form = useForm<DocumentValues>({
    mode: 'uncontrolled',
    initialValues: { type: 'other', title: '', valid_until: '', team_member: '', file: '' },
    validate: (values) => {
      const errors = validateFields({ ...values, team_member: values.team_member || null });
      if (!values.file) errors.file = translateFieldError('required');
      if (team && !values.team_member) errors.team_member = translateFieldError('required');
      return errors;
    },
  });
  const { formErrors, run } = useSubmit(form);

  async function choose() {
    const chosen = await uploadDialog({ title: t('document.choose'), filter: DOCUMENT_FILE_FILTER });
    if (!chosen) return;
    if (chosen.size > MAX_DOCUMENT_BYTES) {
      form.setFieldError('file', t('document.tooLarge', { max: fileSize(MAX_DOCUMENT_BYTES) }));
      return;
    }
    setFile(chosen);
    form.setFieldValue('file', chosen.name);
    form.clearFieldError('file');
  }

  const submit = form.onSubmit(async (values) => {
    const saved = await run(async () => {
      await upload.mutateAsync({
        file: file!,
        type: values.type as DocumentType,
        title: values.title.trim(),
        valid_until: values.valid_until,
        team_member: values.team_member ? Number(values.team_member) : null,
      });
    });
    if (!saved) return;
    notify.success(t('common:toast.saved'));
    onDone();
  });

  const title = team ? t('document.teamAdd') : t('document.add');
  return (
    <Card withBorder>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack>
          {team && (
            <Select
              label={t('document.teamMember')}
              required
              data={(members.data?.results ?? []).map((member) => ({
                value: String(member.id),
                label: `${member.first_name} ${member.last_name}`.trim(),
              }))}
              nothingFoundMessage={t('team.empty')}
              key={form.key('team_member')}
              {...form.getInputProps('team_member')}
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('document.type')}
              required
              allowDeselect={false}
              data={DOCUMENT_TYPES.map((value) => ({ value, label: t(`document.types.${value}`) }))}
              key={form.key('type')}
              {...form.getInputProps('type')}
            />
            <TextInput
              label={t('document.validUntil')}
              type="date"
              key={form.key('valid_until')}
              {...form.getInputProps('valid_until')}
            />
          </SimpleGrid>
          <TextInput label={t('document.titleField')} key={form.key('title')} {...form.getInputProps('title')} />
          <Input.Wrapper
            label={t('document.file')}
            required
            labelElement="div"
            labelProps={{ id: fileId }}
            error={form.errors.file}
          >
            <Group gap="sm" mt={4} role="group" aria-labelledby={fileId}>
              <Button variant="default" onClick={() => void choose()}>
                {t('document.choose')}
              </Button>
              <Text size="sm" c={file ? undefined : 'dimmed'}>
                {file ? `${file.name} (${fileSize(file.size)})` : t('document.noFile')}
              </Text>
            </Group>
          </Input.Wrapper>
          <FormActions
            errors={formErrors}
            submitting={form.submitting}
            submitLabel={t('document.upload')}
            onCancel={onDone}
          />
        </Stack>
      </form>
    </Card>
  );
}
