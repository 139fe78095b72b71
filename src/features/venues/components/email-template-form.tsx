import { Select, SimpleGrid, Skeleton, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, RICH_TEXT_HEIGHT, type Language } from '@shared/constants';
import { EMAIL_PLACEHOLDERS, EMAIL_TEMPLATE_KINDS, type EmailTemplate } from '@shared/schemas/venue-setup';
import { translateFieldError } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useAppStore } from '@/lib/store';
import { useSubmit } from '@/lib/use-submit';
import { useCreateEmailTemplate } from '../api/create-email-template';
import { useUpdateEmailTemplate } from '../api/update-email-template';
import { FormModal } from '@/lib/components/form-modal';

/** The editor (tiptap, ~350 kB) loads only when a template is opened. */
const RichTextField = lazy(() => import('./rich-text-field').then((m) => ({ default: m.RichTextField })));

interface TemplateValues {
  name: string;
  kind: (typeof EMAIL_TEMPLATE_KINDS)[number];
  language: Language;
  subject: string;
  body_html: string;
}

const required = (value: string) => (value.trim() ? null : translateFieldError('required'));

interface EmailTemplateFormProps {
  venueId: number;
  template: EmailTemplate | null;
  onClose(): void;
}

export function EmailTemplateForm({ venueId, template, onClose }: EmailTemplateFormProps) {
  const { t } = useTranslation(['venueSetup', 'common']);
  const language = useAppStore((state) => state.language);
  const phone = useMediaQuery('(max-width: 48em)');
  const create = useCreateEmailTemplate();
  const update = useUpdateEmailTemplate();
  const form = useForm<TemplateValues>({
    mode: 'uncontrolled',
    initialValues: {
      name: template?.name ?? '',
      kind: template?.kind ?? 'custom',
      language: template?.language ?? language,
      subject: template?.subject ?? '',
      body_html: template?.body_html ?? '',
    },
    validate: { name: required, subject: required },
  });
  const { formErrors, run } = useSubmit(form);
  const submit = form.onSubmit(async (values) => {
    const saved = await run(async () => {
      if (template) await update.mutateAsync({ ...values, venue: venueId, id: template.id });
      else await create.mutateAsync({ ...values, venue: venueId });
    });
    if (!saved) return;
    notify.success(t('toast.saved'));
    onClose();
  });
  return (
    <FormModal
      title={template ? t('emails.edit') : t('emails.add')}
      onClose={onClose}
      onSubmit={submit}
      errors={formErrors}
      submitting={form.submitting}
      size="xl"
      fullScreen={phone}
    >
      <TextInput label={t('emails.name')} required key={form.key('name')} {...form.getInputProps('name')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('emails.kind')}
          allowDeselect={false}
          data={EMAIL_TEMPLATE_KINDS.map((kind) => ({ value: kind, label: t(`emails.kinds.${kind}`) }))}
          key={form.key('kind')}
          {...form.getInputProps('kind')}
        />
        <Select
          label={t('emails.language')}
          allowDeselect={false}
          data={LANGUAGES.map((code) => ({ value: code, label: t(`common:languageName.${code}`) }))}
          key={form.key('language')}
          {...form.getInputProps('language')}
        />
      </SimpleGrid>
      <TextInput label={t('emails.subject')} required key={form.key('subject')} {...form.getInputProps('subject')} />
      <Suspense fallback={<Skeleton height={RICH_TEXT_HEIGHT} />}>
        <RichTextField
          label={t('emails.body')}
          initialValue={form.getValues().body_html}
          onChange={(html) => form.setFieldValue('body_html', html)}
          placeholders={EMAIL_PLACEHOLDERS}
          error={form.errors.body_html as string | undefined}
        />
      </Suspense>
    </FormModal>
  );
}
