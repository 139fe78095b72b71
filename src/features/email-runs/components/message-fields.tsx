import { Group, NativeSelect, Radio, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { EMAIL_PLACEHOLDERS } from '@shared/schemas/venue-setup';
import { useTemplates } from '../api/list-templates';
import { variantSources, type EmailRunValues, type EmailRunVariant } from '../form-values';
import type { RenderBodyEditor } from '../job-slot';

interface MessageFieldsProps {
  form: UseFormReturnType<EmailRunValues>;
  venueId: number;
  variant: EmailRunVariant;
  renderBodyEditor: RenderBodyEditor;
}

/** The message: the built-in welcome text (onboarding), one of the venue's templates, or written here. */
export function MessageFields({ form, venueId, variant, renderBodyEditor }: MessageFieldsProps) {
  const { t } = useTranslation(['emailRuns', 'common']);
  const templates = useTemplates(venueId);
  const { source } = form.getValues();

  return (
    <Stack gap="sm">
      <Radio.Group label={t('form.source')} {...form.getInputProps('source')}>
        <Group gap="md" mt={6}>
          {variantSources(variant).map((value) => (
            <Radio key={value} value={value} label={t(`form.sources.${value}`)} />
          ))}
        </Group>
      </Radio.Group>
      {source === 'builtin' && (
        <Text size="sm" c="dimmed">
          {t('form.builtinHint')}
        </Text>
      )}
      {source === 'template' && (
        <>
          <NativeSelect
            label={t('form.template')}
            data={[
              { value: '', label: t('form.templatePlaceholder') },
              ...(templates.data ?? []).map((template) => ({
                value: String(template.id),
                label: t('form.templateOption', {
                  name: template.name,
                  language: t(`common:languageName.${template.language}`),
                }),
              })),
            ]}
            {...form.getInputProps('template')}
          />
          {templates.data?.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('form.noTemplates')}
            </Text>
          )}
        </>
      )}
      {source === 'write' && (
        <>
          <TextInput label={t('form.subject')} maxLength={300} {...form.getInputProps('subject')} />
          {renderBodyEditor({
            label: t('form.body'),
            initialValue: form.getValues().body_html,
            onChange: (html) => form.setFieldValue('body_html', html),
            placeholders: EMAIL_PLACEHOLDERS,
            error: form.errors.body_html as string | undefined,
          })}
        </>
      )}
    </Stack>
  );
}
