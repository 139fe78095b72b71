import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiErrorBody } from '@shared/errors';
import { dismissAttention, useAttention } from '@/offline/status';
import { apiErrorMessage } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { mapFieldErrors } from '@/lib/form-errors';

/** The server's reason for refusing a write, with its field messages, in the user's language. */
function reason(error: unknown): string {
  const fields = isApiErrorBody(error) && error.fields ? mapFieldErrors(error.fields, () => true) : null;
  const details = fields
    ? [...Object.entries(fields.fields).map(([name, text]) => `${name}: ${text}`), ...fields.form]
    : [];
  return [apiErrorMessage(error), ...details].join(' ');
}

/** Writes the server refused: they left the queue; staff read why and dismiss them. */
export function AttentionList({ venue }: { venue: number }) {
  const { t } = useTranslation('floor');
  const items = useAttention(venue);
  const headingId = useId();
  if (!items.length) return null;
  return (
    <Card withBorder component="section" aria-labelledby={headingId} bg="var(--mantine-color-red-light)">
      <Stack gap="xs">
        <Title order={2} size="h4" id={headingId}>
          {t('attention.title')}
        </Title>
        <Text size="sm">{t('attention.intro')}</Text>
        {items.map((item) => (
          <Alert key={item.key} color="red" variant="outline">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={2}>
                <Text size="sm" fw={600}>
                  {t(`entity.${item.entity}`)} · {formatDateTime(item.at)}
                </Text>
                <Text size="sm">{reason(item.error)}</Text>
              </Stack>
              <Button
                size="xs"
                variant="default"
                onClick={() => void dismissAttention(item.key)}
                aria-label={t('attention.dismissNamed', { what: t(`entity.${item.entity}`) })}
              >
                {t('attention.dismiss')}
              </Button>
            </Group>
          </Alert>
        ))}
      </Stack>
    </Card>
  );
}
