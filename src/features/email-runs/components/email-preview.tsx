import { Alert, Card, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { EmailRunPreview } from '@shared/schemas/email-runs';

/** What a run would do: how many it reaches, the first of them, and the message as the first gets it. */
export function EmailPreview({ preview }: { preview: EmailRunPreview }) {
  const { t } = useTranslation(['emailRuns', 'common']);
  const titleId = useId();
  const { count, recipients, message } = preview;
  return (
    <Card withBorder component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {t('preview.title')}
        </Title>
        <Text fw={600} aria-live="polite">
          {t('preview.count', { count })}
        </Text>
        {count === 0 && <Alert color="yellow">{t('preview.none')}</Alert>}
        {recipients.length > 0 && (
          <>
            {count > recipients.length && (
              <Text size="sm" c="dimmed">
                {t('preview.first', { shown: recipients.length, count })}
              </Text>
            )}
            <List size="sm" spacing={2} aria-label={t('preview.recipients')} style={{ overflowWrap: 'anywhere' }}>
              {recipients.map((recipient) => (
                <List.Item key={recipient.email}>
                  {t('preview.recipient', { name: recipient.name, email: recipient.email })}
                </List.Item>
              ))}
            </List>
          </>
        )}
        {message && (
          <Stack gap={4} component="article" aria-label={t('preview.message')}>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {t('preview.to', { email: message.to })}
            </Text>
            <Text size="sm">{t('preview.language', { language: t(`common:languageName.${message.language}`) })}</Text>
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {t('preview.subject', { subject: message.subject })}
            </Text>
            <Paper withBorder p="sm">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {message.text}
              </Text>
            </Paper>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
